package io.benchsuite.junit.extension;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Marks a test class or method as a performance gate: registers {@link BenchsuiteExtension}, which
 * injects a {@link BenchmarkRunner} parameter and publishes each report's path as the test's
 * {@code benchsuite.report} entry. Use it beside {@code @Test}.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(BenchsuiteExtension.class)
public @interface BenchsuiteTest {
    /** Root seed of every run in the test, so a gate sends the same requests on every build. */
    long seed() default 42;

    /** Root directory of the reports, relative to the working directory (Maven: the module). */
    String reportsDir() default BenchsuiteExtension.DEFAULT_REPORTS_DIR;
}
