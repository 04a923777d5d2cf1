package io.benchsuite.sim.calibration;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.Quantization;
import io.benchsuite.sim.DeviceProfile;
import io.benchsuite.sim.EnginePreset;
import io.benchsuite.sim.ModelProfile;
import io.benchsuite.sim.SimPhysics;
import io.benchsuite.sim.SimSettings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.Test;

/**
 * The simulator against published measurements of real serving stacks. Each point reruns the
 * published benchmark's shape on the simulator in virtual time (same model, device, precision,
 * engine, lengths and batch) and compares the figure. The test prints the table, asserts the median
 * absolute error, and checks that {@code docs/simulator.md} shows exactly this table (so the doc
 * cannot drift from the code: when the physics changes, paste the printed table into the doc).
 */
class SimCalibrationTest {
    /** The median absolute relative error the simulator must stay under. */
    static final double MEDIAN_ERROR_LIMIT = 0.25;

    private static final String BEGIN = "<!-- calibration-table:begin -->";
    private static final String END = "<!-- calibration-table:end -->";

    /**
     * One published figure and how the simulator reproduces it.
     *
     * @param id the research note's measurement id
     * @param source URL of the publication
     * @param setting engine, model, device, precision, lengths, batch as published
     * @param metric what is compared, with its unit
     * @param published the published value
     * @param simulated the simulator's value for the same setting
     */
    record Point(String id, String source, String setting, String metric, double published, DoubleSupplier simulated) {
    }

    record Row(Point point, double simulated) {
        double error() {
            return (simulated - point.published()) / point.published();
        }
    }

    private static SimSettings.Builder on(DeviceProfile device, ModelProfile model, Quantization q, EnginePreset engine) {
        return SimSettings.builder().device(device).model(model.name(), model).quantization(q).engine(engine);
    }

    static List<Point> points() {
        String trt05 = "https://github.com/NVIDIA/TensorRT-LLM/blob/138f96d45f90/docs/source/performance.md";
        String trt061 = trt05;
        String trt017 = "https://github.com/NVIDIA/TensorRT-LLM/blob/258c7540c035/docs/source/performance/perf-overview.md";
        List<Point> p = new ArrayList<>();
        // ---- batch-1 decode
        p.add(new Point("M1", "https://johnmusgrave.com/p/vllm-throughput-latency-sweep-on",
                "vLLM, Llama-3.1-8B BF16, 1 x A100 40GB, 1024 in / 128 out, concurrency 1", "decode tok/s", 75,
                () -> VirtualRuns.single(on(DeviceProfile.A100_40GB, ModelProfile.LLAMA_3_1_8B, Quantization.NONE,
                        EnginePreset.VLLM).build(), 1024, 128).decodeRate()));
        p.add(new Point("M1b", "https://johnmusgrave.com/p/vllm-throughput-latency-sweep-on",
                "same, output throughput at concurrency 8 over concurrency 1 (\"a 6.6x gain\")", "ratio", 6.6,
                () -> {
                    SimSettings s = on(DeviceProfile.A100_40GB, ModelProfile.LLAMA_3_1_8B, Quantization.NONE, EnginePreset.VLLM).build();
                    return VirtualRuns.closedLoopOutputRate(s, 8, 20, 1024, 128) / VirtualRuns.closedLoopOutputRate(s, 1, 20, 1024, 128);
                }));
        p.add(new Point("M9", "https://github.com/ggml-org/llama.cpp/pull/6017",
                "llama.cpp CUDA (llama-bench tg 128), LLaMA 7B F16, 1 x A100 80GB PCIe, batch 1", "decode tok/s", 74.77,
                () -> VirtualRuns.single(on(DeviceProfile.A100_80GB_PCIE, ModelProfile.LLAMA_2_7B, Quantization.NONE,
                        EnginePreset.LLAMA_CPP).build(), 1, 129).decodeRate()));
        p.add(new Point("M11a", "https://arxiv.org/abs/2605.30571",
                "HF-style eager bf16 decode, Qwen2.5-7B, 1 x L4, context 2048, batch 1", "ms per decode step", 62.32,
                () -> 1e3 * VirtualRuns.single(on(DeviceProfile.L4, ModelProfile.QWEN2_5_7B, Quantization.NONE,
                        EnginePreset.TRANSFORMERS).build(), 2048, 17).tpot()));
        p.add(new Point("M11b", "https://arxiv.org/abs/2605.30571",
                "same on 1 x H100 SXM: \"reaches only 27 percent\" of the memory floor (15.35 GB / 3.35 TB/s = 4.58 ms), "
                        + "so 16.97 ms (derived)", "ms per decode step", 4.58 / 0.27,
                () -> 1e3 * VirtualRuns.single(on(DeviceProfile.H100, ModelProfile.QWEN2_5_7B, Quantization.NONE,
                        EnginePreset.TRANSFORMERS).build(), 2048, 17).tpot()));
        p.add(new Point("M10", "https://blogs.oracle.com/cloud-infrastructure/post/serving-llama-31-405b-model-with-amd-mi300x-gpus",
                "vLLM benchmark_latency, Llama-3.1-405B FP8, 8 x MI300X (TP 8), 128 in / 128 out, batch 1",
                "tok/s (128 / end-to-end)", 36,
                () -> 128 / VirtualRuns.single(on(DeviceProfile.MI300X, ModelProfile.LLAMA_3_1_405B, Quantization.FP8,
                        EnginePreset.VLLM).tensorParallel(8).build(), 128, 128).e2e()));
        p.add(new Point("M19a", "https://developer.nvidia.com/blog/nvidia-jetson-orin-nano-developer-kit-gets-a-super-boost/",
                "MLC (compiled; simulated as tensorrt-llm), Llama-3.1-8B INT4, Jetson Orin Nano Super, batch 1", "decode tok/s", 19.14,
                () -> VirtualRuns.single(on(DeviceProfile.JETSON_ORIN_NANO_SUPER, ModelProfile.LLAMA_3_1_8B, Quantization.AWQ,
                        EnginePreset.TENSORRT_LLM).build(), 128, 129).decodeRate()));
        p.add(new Point("M19b", "https://developer.nvidia.com/blog/nvidia-jetson-orin-nano-developer-kit-gets-a-super-boost/",
                "same, Jetson Orin Nano at original clocks", "decode tok/s", 14.0,
                () -> VirtualRuns.single(on(DeviceProfile.JETSON_ORIN_NANO, ModelProfile.LLAMA_3_1_8B, Quantization.AWQ,
                        EnginePreset.TENSORRT_LLM).build(), 128, 129).decodeRate()));
        p.add(new Point("M18", "https://github.com/geerlingguy/ai-benchmarks/issues/7",
                "Ollama (llama.cpp), llama3.1:8b default 4-bit (Q4_K_M; simulated as AWQ), Raspberry Pi 5 CPU, batch 1",
                "decode tok/s", 2.17,
                () -> VirtualRuns.single(on(DeviceProfile.RASPBERRY_PI_5, ModelProfile.LLAMA_3_1_8B, Quantization.AWQ,
                        EnginePreset.LLAMA_CPP).build(), 32, 65).decodeRate()));
        // ---- batch-1 time to first token, TensorRT-LLM v0.5
        Object[][] ttft = {
            {"M2a", DeviceProfile.A100_80GB, ModelProfile.LLAMA_2_7B, Quantization.NONE, 1, 128, 16.0},
            {"M2b", DeviceProfile.A100_80GB, ModelProfile.LLAMA_2_7B, Quantization.NONE, 1, 2048, 133.0},
            {"M2c", DeviceProfile.H100, ModelProfile.LLAMA_2_7B, Quantization.FP8, 1, 128, 7.0},
            {"M2d", DeviceProfile.H100, ModelProfile.LLAMA_2_7B, Quantization.FP8, 1, 2048, 36.0},
            {"M2e", DeviceProfile.L40S, ModelProfile.LLAMA_2_7B, Quantization.FP8, 1, 128, 14.0},
            {"M2f", DeviceProfile.L40S, ModelProfile.LLAMA_2_7B, Quantization.FP8, 1, 2048, 73.0},
            {"M2g", DeviceProfile.A100_80GB, ModelProfile.LLAMA_2_70B, Quantization.NONE, 4, 128, 47.0},
            {"M2h", DeviceProfile.A100_80GB, ModelProfile.LLAMA_2_70B, Quantization.NONE, 4, 2048, 377.0},
            {"M2i", DeviceProfile.H100, ModelProfile.LLAMA_2_70B, Quantization.FP8, 4, 128, 26.0},
            {"M2j", DeviceProfile.H100, ModelProfile.LLAMA_2_70B, Quantization.FP8, 4, 2048, 109.0},
        };
        for (Object[] t : ttft) {
            DeviceProfile d = (DeviceProfile) t[1];
            ModelProfile m = (ModelProfile) t[2];
            Quantization q = (Quantization) t[3];
            int tp = (int) t[4];
            int in = (int) t[5];
            p.add(new Point((String) t[0], trt05, String.format(Locale.ROOT, "TensorRT-LLM v0.5, LLaMA %s %s, %s%s, %d-token prompt, batch 1",
                    m == ModelProfile.LLAMA_2_7B ? "7B" : "70B", q == Quantization.FP8 ? "FP8" : "FP16", d.name(),
                    tp > 1 ? " x " + tp + " (TP " + tp + ")" : "", in), "TTFT ms", (double) t[6],
                    () -> 1e3 * VirtualRuns.single(on(d, m, q, EnginePreset.TENSORRT_LLM).tensorParallel(tp).build(), in, 1).ttft()));
        }
        // ---- saturated throughput, TensorRT-LLM (infinite rate / fixed batch)
        Object[][] tput = {
            // id, source, device, model, quant, tp, in, out, max batch, requests, published tok/s (whole group), per-GPU?
            {"M3a", trt061, DeviceProfile.H100, ModelProfile.LLAMA_2_7B, Quantization.FP8, 1, 128, 128, 768, 19_694.0},
            {"M3b", trt061, DeviceProfile.A100_80GB, ModelProfile.LLAMA_2_7B, Quantization.NONE, 1, 128, 128, 384, 5_586.0},
            {"M3c", trt061, DeviceProfile.L40S, ModelProfile.LLAMA_2_7B, Quantization.FP8, 1, 128, 128, 64, 3_240.0},
            {"M3d", trt061, DeviceProfile.L40S, ModelProfile.LLAMA_2_7B, Quantization.FP8, 1, 2048, 128, 32, 581.0},
            {"M3e", trt061, DeviceProfile.A100_80GB, ModelProfile.LLAMA_2_7B, Quantization.NONE, 1, 2048, 128, 52, 591.0},
            {"M3f", trt061, DeviceProfile.H100, ModelProfile.LLAMA_2_7B, Quantization.FP8, 1, 2048, 2048, 48, 2_740.0},
            {"M4a", trt017, DeviceProfile.H100, ModelProfile.LLAMA_3_1_8B, Quantization.FP8, 1, 128, 128, 2048, 28_836.77},
            {"M4b", trt017, DeviceProfile.A100_80GB, ModelProfile.LLAMA_3_1_8B, Quantization.NONE, 1, 128, 128, 2048, 6_627.27},
            {"M4c", trt017, DeviceProfile.L40S, ModelProfile.LLAMA_3_1_8B, Quantization.FP8, 1, 128, 128, 2048, 9_104.61},
            {"M4d", trt017, DeviceProfile.H100, ModelProfile.LLAMA_3_1_8B, Quantization.FP8, 1, 2048, 128, 2048, 3_556.73},
            {"M4e", trt017, DeviceProfile.A100_80GB, ModelProfile.LLAMA_3_1_8B, Quantization.NONE, 1, 2048, 128, 2048, 799.61},
            {"M4f", trt017, DeviceProfile.L40S, ModelProfile.LLAMA_3_1_8B, Quantization.FP8, 1, 2048, 128, 2048, 1_066.52},
            {"M4g", trt017, DeviceProfile.H100, ModelProfile.LLAMA_3_1_70B, Quantization.FP8, 2, 128, 128, 2048, 6_645.12},
            {"M4h", trt017, DeviceProfile.A100_80GB, ModelProfile.LLAMA_3_1_70B, Quantization.NONE, 4, 128, 128, 2048, 2_733.48},
        };
        for (Object[] t : tput) {
            DeviceProfile d = (DeviceProfile) t[2];
            ModelProfile m = (ModelProfile) t[3];
            Quantization q = (Quantization) t[4];
            int tp = (int) t[5];
            int in = (int) t[6];
            int out = (int) t[7];
            int batch = (int) t[8];
            boolean perGpu = ((String) t[0]).startsWith("M3");
            double published = (double) t[9];
            p.add(new Point((String) t[0], (String) t[1], String.format(Locale.ROOT, "TensorRT-LLM %s, %s %s, %s%s, %d in / %d out, %s",
                    perGpu ? "v0.6.1" : "0.17", m.name(), q == Quantization.FP8 ? "FP8 (FP8 KV)" : "FP16", d.name(), tp > 1 ? " x " + tp : "",
                    in, out, perGpu ? "batch " + batch : "infinite rate"), perGpu ? "output tok/s per GPU" : "output tok/s",
                    published,
                    () -> VirtualRuns.offlineOutputRate(on(d, m, q, EnginePreset.TENSORRT_LLM).tensorParallel(tp).maxBatch(batch)
                            .kvCacheDtype(q == Quantization.FP8 ? SimPhysics.KvCacheDtype.FP8 : SimPhysics.KvCacheDtype.AUTO)
                            .build(), Math.max(3 * batch, 1024), in, out) / (perGpu ? tp : 1)));
        }
        // ---- online serving stacks at infinite request rate (ShareGPT; simulated with the run's mean lengths)
        p.add(new Point("M12", "https://github.com/sgl-project/sglang/issues/1639",
                "SGLang (Oct 2024) bench_serving, Llama-3-8B BF16, 2 x H100 (TP 2), ShareGPT 2000 prompts at rate inf "
                        + "(mean 227 in / 188 out)", "output tok/s", 10_896.87,
                () -> VirtualRuns.offlineOutputRate(on(DeviceProfile.H100, ModelProfile.LLAMA_3_8B, Quantization.NONE,
                        EnginePreset.SGLANG).tensorParallel(2).build(), 2000, 227, 188)));
        p.add(new Point("M13", "https://github.com/arc53/llm-price-compass/issues/6",
                "vLLM benchmark_serving, Llama-3-8B, 2 x A10G (TP 2, PCIe), ShareGPT 1000 prompts at rate inf "
                        + "(mean 215 in / 43 out)", "output tok/s", 441.76,
                () -> VirtualRuns.offlineOutputRate(on(DeviceProfile.A10G, ModelProfile.LLAMA_3_8B, Quantization.NONE,
                        EnginePreset.VLLM).tensorParallel(2).build(), 1000, 215, 43)));
        // ---- vLLM batch latency with tensor parallel
        p.add(new Point("M16", "https://github.com/vllm-project/vllm/pull/2192",
                "vLLM (Dec 2023, custom all-reduce) benchmark_latency, Llama-2-70B FP16, 4 x A100 80GB (TP 4), 256 in / 256 out, batch 64",
                "end-to-end s", 14.57,
                () -> VirtualRuns.batchSeconds(on(DeviceProfile.A100_80GB, ModelProfile.LLAMA_2_70B, Quantization.NONE,
                        EnginePreset.VLLM).tensorParallel(4).build(), 64, 256, 256)));
        return p;
    }

    static List<Row> run() {
        List<Row> rows = new ArrayList<>();
        for (Point p : points()) rows.add(new Row(p, p.simulated().getAsDouble()));
        return rows;
    }

    static double medianAbsoluteError(List<Row> rows) {
        double[] e = rows.stream().mapToDouble(r -> Math.abs(r.error())).sorted().toArray();
        int n = e.length;
        return n % 2 == 1 ? e[n / 2] : (e[n / 2 - 1] + e[n / 2]) / 2;
    }

    static String table(List<Row> rows) {
        StringBuilder b = new StringBuilder();
        b.append("| id | setting (source) | metric | published | simulated | error |\n");
        b.append("|---|---|---|---:|---:|---:|\n");
        for (Row r : rows) {
            b.append(String.format(Locale.ROOT, "| %s | %s ([source](%s)) | %s | %s | %s | %+.0f %% |%n", r.point().id(),
                    r.point().setting(), r.point().source(), r.point().metric(), number(r.point().published()),
                    number(r.simulated()), 100 * r.error()));
        }
        b.append(String.format(Locale.ROOT, "%nMedian absolute error: %.1f %% over %d points; within 25 %%: %d; worst: %s (%+.0f %%).%n",
                100 * medianAbsoluteError(rows), rows.size(), rows.stream().filter(r -> Math.abs(r.error()) <= 0.25).count(),
                worst(rows).point().id(), 100 * worst(rows).error()));
        return b.toString();
    }

    private static Row worst(List<Row> rows) {
        return rows.stream().max((a, c) -> Double.compare(Math.abs(a.error()), Math.abs(c.error()))).orElseThrow();
    }

    private static String number(double v) {
        if (Math.abs(v) >= 1000) return String.format(Locale.ROOT, "%,.0f", v);
        if (Math.abs(v) >= 100) return String.format(Locale.ROOT, "%.0f", v);
        if (Math.abs(v) >= 10) return String.format(Locale.ROOT, "%.1f", v);
        return String.format(Locale.ROOT, "%.2f", v);
    }

    @Test
    void theMedianErrorAgainstPublishedMeasurementsIsUnderALimit() {
        List<Row> rows = run();
        String table = table(rows);
        System.out.println(table);
        assertThat(rows).hasSizeGreaterThanOrEqualTo(8);
        assertThat(medianAbsoluteError(rows)).as("median absolute error\n" + table).isLessThan(MEDIAN_ERROR_LIMIT);
    }

    @Test
    void theDocShowsTheTableTheCodeComputes() throws IOException {
        Path doc = Path.of("..", "docs", "simulator.md");
        String text = Files.readString(doc, StandardCharsets.UTF_8);
        int begin = text.indexOf(BEGIN);
        int end = text.indexOf(END);
        assertThat(begin).as("docs/simulator.md marks its calibration table with " + BEGIN).isNotNegative();
        assertThat(end).isGreaterThan(begin);
        String inDoc = text.substring(begin + BEGIN.length(), end).strip();
        String computed = table(run()).strip();
        assertThat(inDoc).as("the calibration table in docs/simulator.md is stale; replace it with the table "
                + "SimCalibrationTest prints").isEqualTo(computed);
    }

    /** Prints the table (for pasting into the doc): {@code java ... SimCalibrationTest}. */
    public static void main(String[] args) {
        System.out.println(table(run()));
        System.out.println(Arrays.toString(args));
    }
}
