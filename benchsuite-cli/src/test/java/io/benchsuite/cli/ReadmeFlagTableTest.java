package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The table of {@code benchsuite run} flags in docs/cli.md (the README links to it) is checked against the flags the command declares (its
 * options and mixins, which produce the run's {@code RunSpec}): a flag added to the command and not documented,
 * or a documented flag that no longer exists, fails here.
 */
class ReadmeFlagTableTest {
    private static final Pattern FLAG = Pattern.compile("`(--[a-z0-9-]+)");

    @Test
    void theReadmeFlagTableListsExactlyTheRunCommandsFlags() throws Exception {
        List<String> doc = Files.readAllLines(Path.of("..", "docs", "cli.md"), StandardCharsets.UTF_8);
        int header = doc.indexOf("| Flag | Default | Meaning |");
        assertThat(header).as("the flag table of docs/cli.md").isPositive();
        Set<String> documented = new TreeSet<>();
        for (int i = header + 2; i < doc.size() && doc.get(i).startsWith("|"); i++) {
            String firstCell = doc.get(i).split("\\|")[1];
            Matcher m = FLAG.matcher(firstCell);
            while (m.find()) documented.add(m.group(1));
        }
        Set<String> declared = new TreeSet<>();
        CommandLine.Model.CommandSpec run = CommandLine.Model.CommandSpec.forAnnotatedObject(new RunCommand(new CliHarness().ctx));
        for (CommandLine.Model.OptionSpec o : run.options()) {
            if (o.usageHelp() || o.versionHelp()) continue;
            declared.add(o.longestName());
        }
        assertThat(documented).as("flags in docs/cli.md's table").containsExactlyInAnyOrderElementsOf(declared);
    }
}
