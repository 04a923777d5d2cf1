package io.benchsuite.core.workload;

import static io.benchsuite.core.workload.Fixtures.plans;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.backend.ImageInputs;
import io.benchsuite.api.backend.ImageInputs.Format;
import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.tokenizer.Tokenizer;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.api.workload.source.SourceContext;
import io.benchsuite.api.workload.source.WorkloadDataException;
import io.benchsuite.core.prompt.Tokenizers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Synthetic images per plan from the seed chain; a dataset's own images kept. */
class ImageSourceTest {
    private static final SyntheticSource TEXT = SyntheticSource.builder().inputTokens(LengthDistribution.fixed(32))
            .outputTokens(LengthDistribution.fixed(8)).build();

    @TempDir
    Path tmp;

    private static List<RequestPlan> plansWith(ImageSource source, int max, SourceContext context) {
        List<RequestPlan> out = new ArrayList<>();
        try (var c = source.open(context)) {
            for (int i = 0; i < max; i++) out.add(c.next().orElseThrow());
        }
        return out;
    }

    private static ImageInputs images(RequestPlan p) {
        return p.extras().get(ImageInputs.class).orElseThrow();
    }

    @Test
    void theSameSeedGivesTheSameImagesAndAnotherSeedOthers() {
        ImageSource source = new ImageSource(TEXT, new ImageOptions(LengthDistribution.uniform(1, 4), 512, 256, Format.JPEG, 0));
        List<RequestPlan> a = plans(source, 50);
        assertThat(plans(source, 50)).isEqualTo(a);
        Tokenizer tok = Tokenizers.cl100k();
        List<RequestPlan> other = plansWith(source, 50, new SourceContext(tok, SeedChain.fromLong(43).scenario("default")));
        assertThat(other.stream().map(ImageSourceTest::images).toList()).isNotEqualTo(a.stream().map(ImageSourceTest::images).toList());
        Set<Integer> counts = new HashSet<>();
        Set<Long> seeds = new HashSet<>();
        for (RequestPlan p : a) {
            ImageInputs in = images(p);
            counts.add(in.count());
            for (ImageInputs.Image i : in.images()) {
                ImageInputs.Synthetic s = (ImageInputs.Synthetic) i;
                assertThat(s.width()).isEqualTo(512);
                assertThat(s.height()).isEqualTo(256);
                assertThat(s.format()).isEqualTo(Format.JPEG);
                seeds.add(s.seed());
            }
            assertThat(p.messages()).isNotEmpty();
        }
        assertThat(counts).containsExactlyInAnyOrder(1, 2, 3, 4);
        // without a pool every image is a new one
        assertThat(seeds).hasSize(a.stream().mapToInt(p -> images(p).count()).sum());
    }

    @Test
    void aPoolLimitsTheDistinctImages() {
        ImageSource source = new ImageSource(TEXT, new ImageOptions(LengthDistribution.fixed(3), 64, 64, Format.PNG, 4));
        Set<ImageInputs.Image> distinct = new HashSet<>();
        for (RequestPlan p : plans(source, 100)) distinct.addAll(images(p).images());
        assertThat(distinct).hasSize(4);
        assertThat(source.describe()).endsWith(" + images fixed:3 x 64x64 png, pool 4");
    }

    @Test
    void datasetImagesAreKeptAndRelativePathsReadFromTheDatasetsDirectory() throws Exception {
        Path file = tmp.resolve("data.jsonl");
        Files.writeString(file, """
                {"prompt": "what is in these?", "images": ["cat.png", "https://example.test/dog.jpg"]}
                {"prompt": "and this one"}
                """);
        JsonlPromptSource jsonl = new JsonlPromptSource(DataInput.of(file), LengthDistribution.fixed(4), 0);
        List<RequestPlan> p = plans(new ImageSource(jsonl, new ImageOptions(LengthDistribution.fixed(1), 32, 32, Format.PNG, 0)), 5);
        assertThat(images(p.get(0)).images()).containsExactly(new ImageInputs.Reference(tmp.resolve("cat.png").toAbsolutePath().toString()),
                new ImageInputs.Reference("https://example.test/dog.jpg"));
        assertThat(images(p.get(1)).images()).singleElement().isInstanceOf(ImageInputs.Synthetic.class);
        assertThat(plans(jsonl, 5).get(1).extras().get(ImageInputs.class)).isEmpty();
    }

    @Test
    void badImageFieldsAreNamed() throws Exception {
        Path file = tmp.resolve("bad.jsonl");
        Files.writeString(file, "{\"prompt\": \"x\", \"images\": \"cat.png\"}\n");
        assertThatThrownBy(() -> plans(new JsonlPromptSource(DataInput.of(file), LengthDistribution.fixed(4), 0), 1))
                .isInstanceOf(WorkloadDataException.class).hasMessageContaining("\"images\" must be an array of paths or URLs");
        assertThatThrownBy(() -> new ImageOptions(LengthDistribution.fixed(65), 8, 8, Format.PNG, 0))
                .hasMessageContaining("at most 64 images per request");
        assertThat(ImageOptions.parseSize(" 640X480 ")).containsExactly(640, 480);
        assertThatThrownBy(() -> ImageOptions.parseSize("640")).hasMessageContaining("WIDTHxHEIGHT");
    }
}
