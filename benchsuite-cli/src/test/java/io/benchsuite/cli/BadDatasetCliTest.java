package io.benchsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A dataset that gives nothing to send (empty, not JSON, records without a prompt, every record skipped)
 * ends with exit 2 and one line naming the file (and the line), and leaves no report that looks like a
 * completed run: the output directory is not even created.
 */
class BadDatasetCliTest {
    @TempDir
    Path tmp;

    /** Runs {@code benchsuite run --dataset jsonl:<file>} in virtual time; returns the harness after checking exit 2. */
    private CliHarness refused(Path dataset, String... more) {
        CliHarness cli = new CliHarness();
        String[] args = {"run", "--dataset", "jsonl:" + dataset, "--output-dir", tmp.resolve("out").toString(), "--no-progress",
                "--backend-option", "clock=virtual"};
        String[] all = new String[args.length + more.length];
        System.arraycopy(args, 0, all, 0, args.length);
        System.arraycopy(more, 0, all, args.length, more.length);
        assertThat(cli.run(all)).as(cli.err()).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err().lines().toList()).as(cli.err()).hasSize(1);
        assertThat(cli.err()).doesNotContain("Exception").doesNotContain("--help");
        assertThat(tmp.resolve("out")).as("no report of a run that sent nothing").doesNotExist();
        return cli;
    }

    @Test
    void anEmptyDatasetIsRefused() throws IOException {
        Path empty = Files.writeString(tmp.resolve("empty.jsonl"), "");
        assertThat(refused(empty).err()).startsWith("benchsuite run: --dataset: jsonl:" + empty + " (")
                .endsWith("): holds no records: nothing to send; nothing was sent and no report was written"
                        + System.lineSeparator());
    }

    @Test
    void linesThatAreNotJsonAreRefusedAtTheirLine() throws IOException {
        Path text = Files.writeString(tmp.resolve("text.jsonl"), "hello\nworld\n");
        assertThat(refused(text).err()).startsWith("benchsuite run: --dataset: jsonl prompts '" + text + "' line 1: not valid JSON");
    }

    @Test
    void recordsWithoutAPromptAreRefusedNamingTheKey() throws IOException {
        Path noPrompt = Files.writeString(tmp.resolve("noprompt.jsonl"), "{\"text\": \"a\"}\n{\"text\": \"b\"}\n");
        assertThat(refused(noPrompt).err()).startsWith("benchsuite run: --dataset: jsonl prompts '" + noPrompt
                + "' record 1 (line 1): expected either a \"prompt\" string or a \"messages\" array");
    }

    @Test
    void aDatasetWhoseEveryRecordIsSkippedIsRefused() throws IOException {
        String longPrompt = "word ".repeat(3000);
        Path tooLong = Files.writeString(tmp.resolve("long.jsonl"), ("{\"prompt\": \"" + longPrompt + "\"}\n").repeat(3));
        assertThat(refused(tooLong, "--max-context", "1024", "--context-policy", "skip").err())
                .startsWith("benchsuite run: --dataset: jsonl:" + tooLong + " (")
                .endsWith("): every record was skipped (3 over the model's context (1024 tokens)): nothing to send; nothing "
                        + "was sent and no report was written" + System.lineSeparator());
    }
}
