package io.benchsuite.core.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.workload.LengthDistribution;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmpiricalLengthTest {
    @TempDir
    Path dir;

    private Path file(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content);
    }

    @Test
    void oneNumberALineIsSampledInProportionToItsCount() throws IOException {
        Path f = file("Lengths.txt", "# prompt lengths\n10\n10\n\n20\n30\n10\n20\n0\n");
        LengthDistribution d = LengthDistributions.parse("empirical:" + f);
        assertThat(d.describe()).isEqualTo("empirical:" + f);
        assertThat(LengthDistributions.parse(d.describe())).isEqualTo(d);
        assertThat(d.min()).isEqualTo(10);
        assertThat(d.max()).isEqualTo(30);
        LengthDistribution.Empirical e = (LengthDistribution.Empirical) d;
        assertThat(e.size()).isEqualTo(6); // the 0 is left out
        assertThat(e.mean()).isEqualTo(100.0 / 6);
        SplittableRandom random = new SplittableRandom(11);
        int[] seen = new int[31];
        for (int i = 0; i < 60_000; i++) seen[d.sample(random)]++;
        // Seeded: fixed counts; the bounds are 5 standard deviations of the exact shares 1/2, 1/3, 1/6.
        assertThat(seen[10]).isBetween(30_000 - 613, 30_000 + 613);
        assertThat(seen[20]).isBetween(20_000 - 578, 20_000 + 578);
        assertThat(seen[30]).isBetween(10_000 - 457, 10_000 + 457);
        assertThat(seen[10] + seen[20] + seen[30]).isEqualTo(60_000);
        // Exact and repeatable: the same seed draws the same lengths.
        assertThat(d.sample(new SplittableRandom(5))).isEqualTo(d.sample(new SplittableRandom(5)));
    }

    @Test
    void aJsonLinesFieldOrACsvColumnOfATrace() throws IOException {
        Path mooncake = file("trace.jsonl", """
                {"timestamp": 0, "input_length": 6758, "output_length": 500, "hash_ids": [0, 1, 2, 3]}
                {"meta": {"input_length": 1}, "timestamp": 3, "input_length": 7322, "output_length": 490}
                """);
        LengthDistribution in = LengthDistributions.parse("empirical:" + mooncake + "#input_length");
        assertThat(in.min()).isEqualTo(6758);
        assertThat(in.max()).isEqualTo(7322); // the nested "input_length" is not the top-level field
        assertThat(LengthDistributions.parse("empirical:" + mooncake + "#output_length").max()).isEqualTo(500);
        Path azure = file("azure.csv", "TIMESTAMP,ContextTokens,GeneratedTokens\n2023-11-16 18:15:46.6805900,374,44\n"
                + "2023-11-16 18:15:50.7180220,396,0\n");
        LengthDistribution out = LengthDistributions.parse("empirical:" + azure + "#generatedtokens");
        assertThat(((LengthDistribution.Empirical) out).size()).isEqualTo(1);
        assertThat(out.min()).isEqualTo(44);
        Path gz = dir.resolve("lengths.txt.gz");
        try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(gz))) {
            o.write("5\n7\n".getBytes(StandardCharsets.UTF_8));
        }
        assertThat(LengthDistributions.parse("empirical:" + gz).max()).isEqualTo(7);
    }

    @Test
    void aQuotedCommaIsPartOfItsFieldNotAColumnBreak() throws IOException {
        // the hand-made reader split "a, b" into two fields and read the wrong column
        Path csv = file("quoted.csv", "Model,\"Request tokens\",Note\n\"gpt-4, 0613\",120,\"a \"\"quoted\"\" note\"\n"
                + "\"ChatGPT\",80,x\n");
        LengthDistribution d = LengthDistributions.parse("empirical:" + csv + "#Request tokens");
        assertThat(d.min()).isEqualTo(80);
        assertThat(d.max()).isEqualTo(120);
        Path broken = file("broken.csv", "Model,Tokens\n\"open quote,5\n");
        assertThatThrownBy(() -> LengthDistributions.parse("empirical:" + broken + "#Tokens"))
                .hasMessageEndingWith("'" + broken + "' line 3: not valid CSV (Missing closing quote for value)");
    }

    @Test
    void aLengthOverTheCeilingIsRefusedAtItsLine() throws IOException {
        Path f = file("huge.txt", "12\n2000000000\n");
        assertThatThrownBy(() -> LengthDistributions.parse("empirical:" + f))
                .hasMessageEndingWith("'" + f + "' line 2: a length 2000000000 is over 2000000, the most tokens one request may have");
    }

    @Test
    void mistakesAreNamedWithTheFileAndLine() throws IOException {
        Path f = file("bad.txt", "12\n\nabc\n");
        assertThatThrownBy(() -> LengthDistributions.parse("empirical:" + f)).hasMessage(
                "expected a length distribution such as 512, uniform:100-500, normal:512,64[,min-max], "
                        + "lognormal:550,0.6[,min-max] or empirical:FILE[#field], got 'empirical:" + f + "': '" + f
                        + "' line 3: a length must be a whole number of at least 0, got 'abc'");
        assertThatThrownBy(() -> LengthDistributions.parse("empirical:" + file("neg.txt", "-4\n")))
                .hasMessageEndingWith("line 1: a length must be a whole number of at least 0, got '-4'");
        assertThatThrownBy(() -> LengthDistributions.parse("empirical:" + dir.resolve("missing.txt")))
                .hasMessageEndingWith(": cannot read '" + dir.resolve("missing.txt") + "': no such file");
        assertThatThrownBy(() -> LengthDistributions.parse("empirical:" + file("zeros.txt", "0\n0\n")))
                .hasMessageEndingWith("holds no lengths (expected one whole number a line)");
        Path j = file("t.jsonl", "{\"input_length\": 4}\n{\"output_length\": 4}\n");
        assertThatThrownBy(() -> LengthDistributions.parse("empirical:" + j + "#input_length"))
                .hasMessageEndingWith("'" + j + "' line 2: no field 'input_length'");
        Path k = file("s.jsonl", "{\"input_length\": \"long\"}\n");
        assertThatThrownBy(() -> LengthDistributions.parse("empirical:" + k + "#input_length"))
                .hasMessageEndingWith("line 1: field 'input_length' must be a number, got \"long\"}");
        Path c = file("c.csv", "a,b\n1,2\n");
        assertThatThrownBy(() -> LengthDistributions.parse("empirical:" + c + "#ContextTokens"))
                .hasMessageEndingWith("'" + c + "' line 1: the header has no column 'ContextTokens' (got a,b)");
        assertThatThrownBy(() -> LengthDistributions.parse("empirical:")).hasMessageEndingWith(": no file given");
        assertThatThrownBy(() -> LengthDistributions.parse("empirical:" + c + "#")).hasMessageEndingWith(": no field given after '#'");
    }
}
