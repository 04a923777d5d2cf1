package io.benchsuite.backends.inprocess;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendException;
import io.benchsuite.api.backend.BackendOption;
import io.benchsuite.api.backend.BackendProvider;
import io.benchsuite.api.backend.Capability;
import java.lang.reflect.InvocationTargetException;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The {@code inprocess} provider. An in-process backend wraps code, which a name and string
 * options cannot carry, so from code use {@link InProcessBackend#builder} and pass the backend
 * object to the benchmark. For the CLI and other configuration-only callers, the option
 * {@value #GENERATOR} names a {@link TokenGenerator} class with a public no-argument constructor on
 * the class path; without it, {@link #create} fails explaining both ways.
 */
public final class InProcessProvider implements BackendProvider {
    /** Config key: fully qualified name of a {@link TokenGenerator} class to instantiate. */
    public static final String GENERATOR = "generator";
    /** Config key: worker threads (default: {@code max-concurrency}, else 4). */
    public static final String THREADS = "threads";

    @Override
    public String name() {
        return "inprocess";
    }

    @Override
    public String description() {
        return "your own Java serving code, in this JVM (from code: InProcessBackend.builder(...); "
                + "from configuration: generator=<TokenGenerator class>)";
    }

    @Override
    public Set<Capability> capabilities() {
        return EnumSet.of(Capability.STREAMING, Capability.IN_PROCESS);
    }

    @Override
    public List<BackendOption> options() {
        return List.of(
                BackendOption.string(GENERATOR, "TokenGenerator class with a public no-argument constructor, on the class path "
                        + "(required from configuration; from code use InProcessBackend.builder)"),
                BackendOption.integer(THREADS, "worker threads running requests").withDefault("max-concurrency, else 4"),
                BackendOption.MODEL.withDefault("the generator's simple class name").withDescription("model name for the report"),
                BackendOption.MAX_CONCURRENCY);
    }

    @Override
    public Backend create(BackendConfig config) {
        String className = config.string(GENERATOR).orElseThrow(() -> new IllegalArgumentException(
                "backend 'inprocess' wraps Java code and has nothing to wrap from configuration alone: in code, build it "
                        + "with InProcessBackend.builder(generator).build() and pass it to Benchmark.named(..).backend(backend); "
                        + "from configuration, set backend config key '" + GENERATOR
                        + "' to a TokenGenerator class with a public no-argument constructor"));
        TokenGenerator generator = instantiate(className);
        int threads = config.integer(THREADS, config.integer(BackendConfig.MAX_CONCURRENCY, 4));
        if (threads < 1) throw new IllegalArgumentException("backend config key '" + THREADS + "': expected >= 1, got " + threads);
        return InProcessBackend.builder(generator).threads(threads)
                .model(config.string(BackendConfig.MODEL, generator.getClass().getSimpleName())).build();
    }

    private static TokenGenerator instantiate(String className) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        Class<?> type;
        try {
            type = Class.forName(className, true, loader != null ? loader : InProcessProvider.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException("backend config key '" + GENERATOR + "': class '" + className
                    + "' is not on the class path", e);
        }
        if (!TokenGenerator.class.isAssignableFrom(type)) {
            throw new IllegalArgumentException("backend config key '" + GENERATOR + "': class '" + className
                    + "' does not implement " + TokenGenerator.class.getName());
        }
        try {
            return (TokenGenerator) type.getConstructor().newInstance();
        } catch (NoSuchMethodException | IllegalAccessException e) {
            throw new IllegalArgumentException("backend config key '" + GENERATOR + "': class '" + className
                    + "' needs a public no-argument constructor", e);
        } catch (InstantiationException | InvocationTargetException e) {
            Throwable cause = e instanceof InvocationTargetException ite ? ite.getCause() : e;
            throw new BackendException("cannot create the TokenGenerator '" + className + "': " + cause, cause);
        }
    }
}
