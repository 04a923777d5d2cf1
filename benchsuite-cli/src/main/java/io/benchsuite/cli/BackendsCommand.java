package io.benchsuite.cli;

import io.benchsuite.api.backend.BackendProvider;
import io.benchsuite.api.backend.BackendRegistry;
import io.benchsuite.api.backend.Capability;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;

/** {@code benchsuite backends}: lists the backends found on the class path. */
@Command(name = "backends", mixinStandardHelpOptions = true,
        description = "Lists the backends available to --backend (built-in and plugins found with ServiceLoader).")
final class BackendsCommand implements Callable<Integer> {
    private final CliContext ctx;

    BackendsCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() {
        BackendRegistry registry = BackendRegistry.load();
        if (registry.names().isEmpty()) {
            ctx.out().println("no backends found on the class path");
            return ExitCodes.OK;
        }
        for (BackendProvider p : registry.providers()) {
            String caps = p.capabilities().stream().map(Capability::name).map(s -> s.toLowerCase(Locale.ROOT))
                    .sorted().collect(Collectors.joining(","));
            ctx.out().printf(Locale.ROOT, "%-14s %s%s%n", p.name(), p.description(), caps.isEmpty() ? "" : " [" + caps + "]");
        }
        return ExitCodes.OK;
    }
}
