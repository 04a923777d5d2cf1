package io.benchsuite.cli;

import io.benchsuite.api.backend.BackendOption;
import io.benchsuite.api.backend.BackendProvider;
import io.benchsuite.api.backend.BackendRegistry;
import io.benchsuite.api.backend.Capability;
import io.benchsuite.api.backend.UnknownBackendException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code benchsuite backends}: lists the backends found on the class path, or one backend's options. */
@Command(name = "backends", mixinStandardHelpOptions = true,
        description = {"Lists the backends available to --backend (built-in and plugins found with ServiceLoader).",
            "With --describe <name>: the options that backend takes (run --backend-option key=value)."})
final class BackendsCommand implements Callable<Integer> {
    private final CliContext ctx;

    @Option(names = "--describe", paramLabel = "<name>", description = "List this backend's options: key, type, default, "
            + "secret, description.")
    String describe;

    BackendsCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() {
        BackendRegistry registry = BackendRegistry.load();
        if (describe != null) return describe(registry);
        if (registry.names().isEmpty()) {
            ctx.out().println("no backends found on the class path");
            return ExitCodes.OK;
        }
        for (BackendProvider p : registry.providers()) {
            ctx.out().printf(Locale.ROOT, "%-14s %s%s%n", p.name(), p.description(),
                    capabilities(p).isEmpty() ? "" : " [" + capabilities(p) + "]");
        }
        return ExitCodes.OK;
    }

    private int describe(BackendRegistry registry) {
        BackendProvider p;
        try {
            p = registry.provider(describe);
        } catch (UnknownBackendException e) {
            throw CliException.usage("--describe: unknown backend '" + e.requested() + "'; known backends: "
                    + String.join(", ", e.known()));
        }
        ctx.out().println(p.name() + ": " + p.description());
        if (!capabilities(p).isEmpty()) ctx.out().println("capabilities: " + capabilities(p));
        ctx.out().println();
        List<BackendOption> declared = p.options();
        if (declared.isEmpty()) {
            ctx.out().println("This backend declares no options: every --backend-option key is passed to it unchecked.");
            return ExitCodes.OK;
        }
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"OPTION", "TYPE", "DEFAULT", "SECRET", "DESCRIPTION"});
        for (BackendOption o : declared) {
            rows.add(new String[] {o.displayKey(), o.displayType(), o.defaultValue().isEmpty() ? "-" : o.defaultValue(),
                o.secret() ? "yes" : "no", o.description()});
        }
        int[] width = new int[4];
        for (String[] r : rows) {
            for (int i = 0; i < width.length; i++) width[i] = Math.max(width[i], r[i].length());
        }
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < width.length; i++) line.append(String.format(Locale.ROOT, "%-" + width[i] + "s  ", r[i]));
            ctx.out().println(line.append(r[4]).toString().stripTrailing());
        }
        List<String> implicit = BackendOption.RUN_OPTIONS.stream()
                .filter(run -> declared.stream().noneMatch(o -> o.key().equals(run.key())))
                .map(BackendOption::key).toList();
        ctx.out().println();
        if (!implicit.isEmpty()) {
            ctx.out().println("Also accepted, as by every backend (they describe the run and are recorded in the report): "
                    + String.join(", ", implicit) + ".");
        }
        ctx.out().println("Values whose key names a credential (key, token, secret, password, auth, cookie, session, "
                + "signature) are secret too.");
        return ExitCodes.OK;
    }

    private static String capabilities(BackendProvider p) {
        return p.capabilities().stream().map(Capability::name).map(s -> s.toLowerCase(Locale.ROOT))
                .sorted().collect(Collectors.joining(","));
    }
}
