package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every {@code bin/benchsuite ...} command in the README's {@code ```sh} blocks parses: its command and
 * subcommand exist, each flag is one the command declares and each value converts (what
 * {@code --help} describes), without running anything.
 */
class ReadmeCommandsTest {
    /** The {@code bin/benchsuite} commands of the README's shell blocks, continuation lines joined, comments removed. */
    static List<List<String>> readmeCommands(List<String> readme) {
        List<List<String>> out = new ArrayList<>();
        boolean inShell = false;
        StringBuilder pending = new StringBuilder();
        for (String line : readme) {
            String t = line.strip();
            if (!inShell) {
                inShell = t.equals("```sh") || t.equals("```bash") || t.equals("```shell");
                continue;
            }
            if (t.equals("```")) {
                inShell = false;
                pending.setLength(0);
                continue;
            }
            if (t.endsWith("\\")) {
                pending.append(t, 0, t.length() - 1).append(' ');
                continue;
            }
            pending.append(t);
            for (List<String> segment : segments(shellWords(pending.toString()))) {
                if (!segment.isEmpty() && segment.get(0).equals("bin/benchsuite")) out.add(segment.subList(1, segment.size()));
            }
            pending.setLength(0);
        }
        return out;
    }

    /** Words of a shell line: quotes grouped and removed, a {@code #} word ends the line. */
    static List<String> shellWords(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder w = null;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == quote) quote = 0;
                else w.append(c);
            } else if (c == '\'' || c == '"') {
                if (w == null) w = new StringBuilder();
                quote = c;
            } else if (Character.isWhitespace(c)) {
                if (w != null) words.add(w.toString());
                w = null;
            } else if (c == '#' && w == null) {
                break;
            } else {
                if (w == null) w = new StringBuilder();
                w.append(c);
            }
        }
        if (w != null) words.add(w.toString());
        return words;
    }

    /** The simple commands of a line, split at {@code &&}, {@code ||}, {@code |}, {@code ;} and a trailing {@code &}. */
    private static List<List<String>> segments(List<String> words) {
        List<List<String>> out = new ArrayList<>();
        List<String> current = new ArrayList<>();
        for (String w : words) {
            if (List.of("&&", "||", "|", ";", "&").contains(w)) {
                out.add(current);
                current = new ArrayList<>();
            } else {
                current.add(w);
            }
        }
        out.add(current);
        return out;
    }

    @Test
    void everyBenchsuiteCommandInTheReadmeParses() throws IOException {
        List<List<String>> commands = readmeCommands(Files.readAllLines(Path.of("..", "README.md"), StandardCharsets.UTF_8));
        assertThat(commands).as("bin/benchsuite commands in the README").hasSizeGreaterThanOrEqualTo(3);
        List<String> failures = new ArrayList<>();
        for (List<String> args : commands) {
            CommandLine cli = BenchsuiteCli.commandLine(new CliHarness().ctx);
            try {
                cli.parseArgs(args.toArray(String[]::new));
            } catch (CommandLine.ParameterException e) {
                failures.add("bin/benchsuite " + String.join(" ", args) + "\n    -> " + BenchsuiteCli.usageMessage(e));
            }
        }
        assertThat(failures).as("README commands that do not parse").isEmpty();
    }

    @Test
    void aMisspeltFlagOrAnUnknownCommandIsCaught() {
        List<List<String>> commands = readmeCommands(List.of("```sh", "bin/benchsuite run --rate 4 \\", "    --duraton 2m   # typo",
                "bin/benchsuite runn", "echo 'bin/benchsuite run --x' && bin/benchsuite backends", "```", "bin/benchsuite ignored"));
        assertThat(commands).containsExactly(List.of("run", "--rate", "4", "--duraton", "2m"), List.of("runn"), List.of("backends"));
        for (List<String> bad : commands.subList(0, 2)) {
            CommandLine cli = BenchsuiteCli.commandLine(new CliHarness().ctx);
            assertThatThrownBy(() -> cli.parseArgs(bad.toArray(String[]::new)))
                    .isInstanceOf(CommandLine.ParameterException.class);
        }
        BenchsuiteCli.commandLine(new CliHarness().ctx).parseArgs("backends");
    }
}
