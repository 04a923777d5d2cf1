package io.benchsuite.cli;

import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.util.Durations;
import io.benchsuite.api.workload.injection.Injection;
import io.benchsuite.api.workload.injection.InjectionPriority;
import io.benchsuite.cli.ScenarioFile.Node;
import io.benchsuite.core.injection.TimedInjection;
import io.benchsuite.core.report.model.ScenarioSection;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code benchsuite run -f scenario.yaml}: a scenario file's keys are the run's flags without
 * {@code --} ({@code rate: 10}, {@code dataset: sharegpt:conv.json}, {@code backend-option: {time-scale: 10}}),
 * plus {@code injections} and {@code phases}. Each phase is a mapping of the same keys (and a {@code name})
 * that overrides the top level for that phase; phases run one after another, each a run of its own with
 * its own report in {@code <output-dir>/<NN>-<phase>/} and its own scenario seed
 * ({@code <name>/<phase>}). Every flag given on the command line overrides the file, in every phase.
 *
 * <p>Values are checked by the same code as the flags, and an error names the key path and its line:
 * {@code scenario.yaml: phases[1].rate (line 12): must be a finite number > 0, got fast}. The resolved
 * scenario (flags after the command line's overrides, seed explicit, secrets as references) goes into each
 * phase's report.json as the {@code scenario} section.
 */
final class ScenarioRun {
    /** Keys of a scenario that are not run flags. */
    static final List<String> OWN_KEYS = List.of("phases", "injections", "description");
    /** Keys of a phase that are not run flags. */
    static final List<String> PHASE_KEYS = List.of("name", "injections", "description");
    /** Flags that make no sense inside a scenario file. */
    private static final Set<String> NOT_IN_FILES = Set.of("file", "help", "version");
    private static final Pattern FLAG_MESSAGE = Pattern.compile("^(--[a-z0-9-]+)((?:/--[a-z0-9-]+)*): (.*)$", Pattern.DOTALL);

    private final CliContext ctx;
    private final String file;
    private final Map<String, Node> top;
    private final Node topInjections;
    private final List<PhaseDef> phases;
    /** The command line's own flags, in order, as {@code --name value} arguments. */
    private final List<String> cliArgs = new ArrayList<>();
    /** The command line's own flags and their values as given (for the resolved scenario). */
    private final Map<String, Object> cliValues = new LinkedHashMap<>();
    private final CommandSpec runSpec;

    /** One phase of the file. */
    record PhaseDef(String name, Map<String, Node> flags, Node injections) {}

    private ScenarioRun(CliContext ctx, String file, Map<String, Node> top, Node topInjections, List<PhaseDef> phases,
                        CommandSpec cli) {
        this.ctx = ctx;
        this.file = file;
        this.top = top;
        this.topInjections = topInjections;
        this.phases = phases;
        this.runSpec = new CommandLine(new RunCommand(ctx)).getCommandSpec();
        if (cli != null && cli.commandLine() != null && cli.commandLine().getParseResult() != null) {
            for (OptionSpec o : cli.commandLine().getParseResult().matchedOptions()) {
                String key = o.longestName().substring(2);
                if (key.equals("file")) continue;
                List<String> values = o.originalStringValues();
                if (o.arity().max() == 0) {
                    cliArgs.add(o.longestName());
                    cliValues.put(key, "true");
                } else {
                    for (String v : values) {
                        cliArgs.add(o.longestName());
                        cliArgs.add(v);
                    }
                    cliValues.put(key, o.isMultiValue() ? List.copyOf(values) : values.get(values.size() - 1));
                }
            }
        }
    }

    /**
     * The scenario section of a run given by flags alone: its flags as a scenario (seed explicit, secrets as in any
     * resolved scenario), so that {@code run -f report.json} runs it again as a scenario file's run would.
     */
    static ScenarioListener commandLine(CliContext ctx, CommandSpec cli, RunPlan plan) {
        ScenarioRun s = new ScenarioRun(ctx, null, new LinkedHashMap<>(), null, List.of(), cli);
        return new ScenarioListener(new ScenarioSection(null, null, 0, 0, s.resolved(plan)));
    }

    /** Reads and checks the file's shape (keys, phases); values are checked per phase when it is planned. */
    static ScenarioRun load(CliContext ctx, Path path, CommandSpec cli) {
        Node root = ScenarioFile.read(path);
        String file = path.toString();
        Set<String> flags = flagKeys(ctx);
        Map<String, Node> top = new LinkedHashMap<>();
        Node injections = null;
        List<PhaseDef> phases = new ArrayList<>();
        for (Map.Entry<String, Node> e : root.map().entrySet()) {
            String key = e.getKey();
            Node n = e.getValue();
            switch (key) {
                case "description" -> { }
                case "injections" -> injections = n;
                case "phases" -> phases.addAll(phases(file, n, flags));
                default -> {
                    checkFlagKey(file, n, key, flags, OWN_KEYS);
                    top.put(key, n);
                }
            }
        }
        return new ScenarioRun(ctx, file, top, injections, phases, cli);
    }

    private static List<PhaseDef> phases(String file, Node n, Set<String> flags) {
        if (!n.isList() || n.list().isEmpty()) {
            throw CliException.usage(file + ": " + n.where() + ": expected a list of phases, each a mapping with a name, got "
                    + ScenarioFile.describe(n));
        }
        List<PhaseDef> out = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        for (Node p : n.list()) {
            if (!p.isMap()) {
                throw CliException.usage(file + ": " + p.where() + ": expected a phase (a mapping with a name and flags), got "
                        + ScenarioFile.describe(p));
            }
            String name = null;
            Node injections = null;
            Map<String, Node> phaseFlags = new LinkedHashMap<>();
            for (Map.Entry<String, Node> e : p.map().entrySet()) {
                switch (e.getKey()) {
                    case "description" -> { }
                    case "name" -> name = scalar(file, e.getValue());
                    case "injections" -> injections = e.getValue();
                    default -> {
                        checkFlagKey(file, e.getValue(), e.getKey(), flags, PHASE_KEYS);
                        phaseFlags.put(e.getKey(), e.getValue());
                    }
                }
            }
            if (name == null || name.isBlank()) {
                throw CliException.usage(file + ": " + p.where() + ": a phase needs a name (e.g. name: warm-up)");
            }
            if (!name.matches("[A-Za-z0-9._-]+")) {
                throw CliException.usage(file + ": " + p.map().get("name").where() + ": a phase name is letters, digits, "
                        + "'.', '_' or '-' (it names the phase's output directory), got '" + name + "'");
            }
            if (!names.add(name)) {
                throw CliException.usage(file + ": " + p.map().get("name").where() + ": phase name '" + name + "' is used twice");
            }
            out.add(new PhaseDef(name, phaseFlags, injections));
        }
        return out;
    }

    /** The run's flags as scenario keys (long names without {@code --}). */
    private static Set<String> flagKeys(CliContext ctx) {
        Set<String> keys = new LinkedHashSet<>();
        for (OptionSpec o : new CommandLine(new RunCommand(ctx)).getCommandSpec().options()) {
            String k = o.longestName().substring(2);
            if (!NOT_IN_FILES.contains(k)) keys.add(k);
        }
        return keys;
    }

    private static void checkFlagKey(String file, Node n, String key, Set<String> flags, List<String> own) {
        if (flags.contains(key)) return;
        String hint = key.startsWith("--") ? " (write keys without the leading --)" : "";
        throw CliException.usage(file + ": " + n.where() + ": unknown key '" + key + "'" + hint + "; a scenario's keys are "
                + String.join(", ", own) + " and the run flags without --: " + String.join(", ", flags));
    }

    private static String scalar(String file, Node n) {
        if (n.value() instanceof String s) return s;
        throw CliException.usage(file + ": " + n.where() + ": expected a single value, got " + ScenarioFile.describe(n));
    }

    /** A phase ready to run: its command (for its observability flags), its plan and its scenario section. */
    private record Ready(String name, RunCommand cmd, RunPlan plan) {}

    /**
     * Plans every phase first (so a bad value in the last phase is reported before anything runs), then
     * runs them in order; stops at the first that does not end well and returns its exit code.
     */
    int run() {
        List<Ready> ready = ready();
        int code = ExitCodes.OK;
        for (int i = 0; i < ready.size(); i++) {
            Ready r = ready.get(i);
            if (r.name() != null) {
                ctx.out().println("benchsuite run -f " + file + ": phase " + (i + 1) + "/" + ready.size() + " '" + r.name() + "'");
            }
            code = r.cmd().execute(r.plan());
            if (code != ExitCodes.OK || RunCommand.interruptedBySignal()) break;
        }
        return code;
    }

    /** Every phase's plan, in order, as {@link #run} would run them; nothing runs. */
    List<RunPlan> plans() {
        return ready().stream().map(Ready::plan).toList();
    }

    private List<Ready> ready() {
        List<PhaseDef> todo = phases.isEmpty() ? List.of(new PhaseDef(null, Map.of(), null)) : phases;
        Path baseDir = null;
        String baseName = null;
        Map<String, Object> resolved = null;
        List<Ready> ready = new ArrayList<>();
        for (int i = 0; i < todo.size(); i++) {
            PhaseDef phase = todo.get(i);
            Map<String, Node> merged = new LinkedHashMap<>(top);
            merged.putAll(phase.flags());
            RunCommand cmd = parse(merged);
            if (baseName == null) baseName = cmd.name;
            RunPlan plan;
            if (phase.name() == null) {
                plan = plan(cmd, merged);
            } else {
                cmd.name = baseName + "/" + phase.name();
                if (baseDir == null) baseDir = cmd.outputDir != null ? cmd.outputDir : plan(cmd, merged).outputDir();
                cmd.outputDir = baseDir.resolve(String.format(Locale.ROOT, "%02d-%s", i + 1, phase.name()));
                plan = plan(cmd, merged);
            }
            List<TimedInjection> injections = injections(phase.injections() != null ? phase.injections() : topInjections);
            if (resolved == null) resolved = resolved(plan);
            ScenarioListener listener = new ScenarioListener(new ScenarioSection(file, phase.name(),
                    phase.name() == null ? 0 : i + 1, phases.size(), resolved));
            ready.add(new Ready(phase.name(), cmd, plan.inScenario(injections, listener)));
        }
        return ready;
    }

    /** A run command holding the merged keys as flags, then the command line's own flags (which win). */
    private RunCommand parse(Map<String, Node> merged) {
        List<String> args = new ArrayList<>();
        for (Map.Entry<String, Node> e : merged.entrySet()) {
            if (cliValues.containsKey(e.getKey())) { // a header the command line does not name stays
                args.addAll(SecretSlots.notOverridden(e.getKey(), args(e.getKey(), e.getValue()), cliValues.get(e.getKey())));
                continue;
            }
            args.addAll(args(e.getKey(), e.getValue()));
        }
        args.addAll(cliArgs);
        RunCommand cmd = new RunCommand(ctx);
        CommandLine cl = new CommandLine(cmd);
        cl.setOverwrittenOptionsAllowed(true);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        try {
            cl.parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            String flag = e.getArgSpec() instanceof OptionSpec o ? o.longestName() : null;
            throw located(BenchsuiteCli.usageMessage(e), flag, merged);
        }
        return cmd;
    }

    /** Plans a phase; a bad value is reported at its key and line when the file gave it. */
    private RunPlan plan(RunCommand cmd, Map<String, Node> merged) {
        try {
            return cmd.plan();
        } catch (CliException e) {
            if (e.exitCode() != ExitCodes.USAGE) throw e;
            Matcher m = FLAG_MESSAGE.matcher(e.getMessage());
            if (!m.matches()) throw e;
            throw located(m.group(3), m.group(1), merged);
        }
    }

    /** The error of a flag's value: at its key and line when the file gave it, as the flag's otherwise. */
    private CliException located(String message, String flag, Map<String, Node> merged) {
        String body = message;
        if (flag != null && body.startsWith(flag + ": ")) body = body.substring(flag.length() + 2);
        Node n = flag == null || cliValues.containsKey(flag.substring(2)) ? null : merged.get(flag.substring(2));
        if (n == null) return CliException.usage(flag == null ? message : flag + ": " + body);
        return CliException.usage(file + ": " + n.where() + ": " + body);
    }

    /** The arguments a key stands for: {@code --key value}, repeated for a list or a mapping ({@code k=v}). */
    private List<String> args(String key, Node n) {
        OptionSpec o = runSpec.findOption("--" + key);
        String flag = o.longestName();
        List<String> out = new ArrayList<>();
        if (o.arity().max() == 0) {
            String v = n.value() instanceof String s ? s.trim().toLowerCase(Locale.ROOT) : null;
            if ("true".equals(v)) {
                out.add(flag);
            } else if (!"false".equals(v)) {
                throw CliException.usage(file + ": " + n.where() + ": expected true or false, got " + ScenarioFile.describe(n));
            }
            return out;
        }
        if (n.value() == null) {
            throw CliException.usage(file + ": " + n.where() + ": has no value");
        }
        if (n.isList() || n.isMap()) {
            if (!o.isMultiValue()) {
                throw CliException.usage(file + ": " + n.where() + ": expected a single value, got " + ScenarioFile.describe(n));
            }
            if (n.isList()) {
                for (Node item : n.list()) {
                    out.add(flag);
                    out.add(scalar(file, item));
                }
            } else {
                for (Map.Entry<String, Node> e : n.map().entrySet()) {
                    out.add(flag);
                    out.add(e.getKey() + "=" + scalar(file, e.getValue()));
                }
            }
            return out;
        }
        out.add(flag);
        out.add((String) n.value());
        return out;
    }

    /** The scenario's injections: a list of {@code at, position, content, priority, ttl, sessions}. */
    private List<TimedInjection> injections(Node n) {
        if (n == null || n.value() == null) return List.of();
        if (!n.isList()) {
            throw CliException.usage(file + ": " + n.where() + ": expected a list of injections, got " + ScenarioFile.describe(n));
        }
        List<TimedInjection> out = new ArrayList<>();
        for (Node i : n.list()) {
            if (!i.isMap()) {
                throw CliException.usage(file + ": " + i.where() + ": expected an injection (content, priority, ttl, ...), got "
                        + ScenarioFile.describe(i));
            }
            Map<String, Node> m = i.map();
            for (Map.Entry<String, Node> e : m.entrySet()) {
                if (!Set.of("at", "position", "content", "priority", "ttl", "sessions").contains(e.getKey())) {
                    throw CliException.usage(file + ": " + e.getValue().where() + ": unknown key '" + e.getKey()
                            + "'; an injection has at, position, content, priority, ttl, sessions");
                }
            }
            Node content = m.get("content");
            if (content == null) throw CliException.usage(file + ": " + i.where() + ": an injection needs its content");
            Duration at = value(m.get("at"), "0", v -> Durations.parse(v));
            long position = value(m.get("position"), "0", v -> Long.parseLong(v.trim()));
            InjectionPriority priority = value(m.get("priority"), "normal", InjectionPriority::parse);
            Duration ttl = value(m.get("ttl"), "60s", v -> Durations.parse(v));
            int sessions = value(m.get("sessions"), "0", v -> Integer.parseInt(v.trim()));
            try {
                out.add(new TimedInjection(at, new Injection(position, scalar(file, content), priority, ttl), sessions));
            } catch (IllegalArgumentException e) {
                throw CliException.usage(file + ": " + i.where() + ": " + e.getMessage());
            }
        }
        return out;
    }

    private <T> T value(Node n, String fallback, Function<String, T> parse) {
        String text = n == null ? fallback : scalar(file, n);
        try {
            return parse.apply(text);
        } catch (IllegalArgumentException e) {
            String why = e instanceof NumberFormatException ? "expected a whole number, got '" + text.trim() + "'" : e.getMessage();
            throw CliException.usage(file + ": " + (n == null ? "injection" : n.where()) + ": " + why);
        }
    }

    /**
     * The resolved scenario: the file's keys with the command line's flags in their place (in every
     * phase), the seed explicit, secrets as references, then the injections and phases.
     */
    private Map<String, Object> resolved(RunPlan first) {
        declaredSecret = k -> first.backendConfig().options().stream().anyMatch(o -> o.secret() && o.matches(k));
        Map<String, Object> out = new LinkedHashMap<>();
        top.forEach((k, n) -> out.put(k, masked(k, plain(n))));
        cliValues.forEach((k, v) -> out.merge(k, masked(k, v), SecretSlots::mergeWritten));
        if (!out.containsKey("seed")) out.put("seed", seedText(first.seed()));
        if (topInjections != null) out.put("injections", plain(topInjections));
        if (!phases.isEmpty()) {
            List<Object> list = new ArrayList<>();
            for (PhaseDef p : phases) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("name", p.name());
                p.flags().forEach((k, n) -> {
                    if (!cliValues.containsKey(k)) m.put(k, masked(k, plain(n)));
                });
                if (p.injections() != null) m.put("injections", plain(p.injections()));
                list.add(m);
            }
            out.put("phases", list);
        }
        return out;
    }

    /**
     * The seed as the {@code --seed} text it came from, so that a rerun's report names the same source
     * ({@code git:<commit>} stays a commit, not the root's hex digits); the root's hex digits otherwise.
     */
    static String seedText(SeedChain seed) {
        String source = seed.source();
        if (source.startsWith("git:") || source.startsWith("long:") || source.startsWith("hex:")) {
            String text = source.startsWith("git:") ? source : source.substring(source.indexOf(':') + 1);
            try {
                if (SeedChain.parse(text).equals(seed)) return text;
            } catch (IllegalArgumentException e) {
                // not a seed's text (a shard's chain): the root below
            }
        }
        return seed.rootHex();
    }

    private static Object plain(Node n) {
        if (n.isMap()) {
            Map<String, Object> m = new LinkedHashMap<>();
            n.map().forEach((k, v) -> m.put(k, plain(v)));
            return m;
        }
        if (n.isList()) {
            List<Object> l = new ArrayList<>();
            for (Node i : n.list()) l.add(plain(i));
            return l;
        }
        return n.value();
    }

    /** Whether a backend option is one its backend declares secret. */
    private Predicate<String> declaredSecret = k -> false;

    /** Secrets as references, never values ({@link SecretSlots#written}); other values as they are. */
    private Object masked(String key, Object v) {
        List<Object> named = new ArrayList<>();
        Object cli = cliValues.get("secret-header");
        if (cli != null) named.add(cli);
        if (top.containsKey("secret-header")) named.add(plain(top.get("secret-header")));
        for (PhaseDef p : phases) if (p.flags().containsKey("secret-header")) named.add(plain(p.flags().get("secret-header")));
        return SecretSlots.written(key, v, SecretSlots.names(named), declaredSecret);
    }
}
