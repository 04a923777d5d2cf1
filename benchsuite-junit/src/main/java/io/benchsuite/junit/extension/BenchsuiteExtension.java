package io.benchsuite.junit.extension;

import io.benchsuite.api.seed.SeedChain;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * JUnit 5 extension for performance gates. Resolves a {@link BenchmarkRunner} parameter of a test
 * method, pre-filled with the test's name, a seed (from {@link BenchsuiteTest#seed()}, default 42)
 * and the report directory {@code target/benchsuite-reports/<class>/<method>}; after the test,
 * publishes the path of every {@code report.json} its runs wrote as a report entry
 * {@code benchsuite.report}, which IDEs and build reports show beside the test.
 */
public final class BenchsuiteExtension implements ParameterResolver, AfterTestExecutionCallback {
    /** Where reports go unless {@link BenchsuiteTest#reportsDir()} says otherwise. */
    public static final String DEFAULT_REPORTS_DIR = "target/benchsuite-reports";
    /** The key of the published report entry. */
    public static final String REPORT_ENTRY = "benchsuite.report";

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(BenchsuiteExtension.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == BenchmarkRunner.class
                && parameter.getDeclaringExecutable() instanceof Method;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        Method method = context.getTestMethod().orElseThrow(() ->
                new ParameterResolutionException("BenchmarkRunner can only be injected into test methods"));
        return context.getStore(NAMESPACE).getOrComputeIfAbsent(BenchmarkRunner.class,
                k -> create(context, method), BenchmarkRunner.class);
    }

    private static BenchmarkRunner create(ExtensionContext context, Method method) {
        Optional<BenchsuiteTest> config = find(method).or(() -> context.getTestClass().flatMap(BenchsuiteExtension::find));
        long seed = config.map(BenchsuiteTest::seed).orElse(42L);
        String root = config.map(BenchsuiteTest::reportsDir).orElse(DEFAULT_REPORTS_DIR);
        String className = context.getRequiredTestClass().getSimpleName();
        return BenchmarkRunner.forTest(Path.of(root), className, method.getName(), SeedChain.fromLong(seed));
    }

    private static Optional<BenchsuiteTest> find(AnnotatedElement element) {
        return AnnotationSupport.findAnnotation(element, BenchsuiteTest.class);
    }

    @Override
    public void afterTestExecution(ExtensionContext context) {
        BenchmarkRunner runner = context.getStore(NAMESPACE).get(BenchmarkRunner.class, BenchmarkRunner.class);
        if (runner == null) return;
        for (Path report : runner.writtenReports()) {
            context.publishReportEntry(REPORT_ENTRY, report.toAbsolutePath().normalize().toString());
        }
    }
}
