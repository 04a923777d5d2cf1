package io.benchsuite.sim;

import static io.benchsuite.api.util.Checks.notNegativeFinite;
import static io.benchsuite.api.util.Checks.notNull;
import static io.benchsuite.api.util.Checks.positiveFinite;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The accelerator figures the simulator's physics and power model need, from vendor datasheets.
 *
 * <p>Datasheet "GB" and "TB/s" are decimal (10^9 and 10^12); FLOP/s are <em>dense</em> tensor-core
 * figures (NVIDIA prints "with sparsity" numbers with the footnote "Specifications 1/2 lower without
 * sparsity"; the dense half is used). Power: {@code tdpWatts} is the board's maximum power
 * (TDP/TGP/TBP); {@code idleWatts} is what the board draws with a model loaded and nothing running.
 * No vendor publishes that idle figure: H100 SXM's is an observation (109-145 W at 0-4%
 * utilisation with 72 GB allocated, {@code nvidia-smi} output in wilicc/gpu-burn#114), and every
 * other profile uses the same share, 0.15 of TDP, an estimate.
 *
 * @param name lower-case profile name, e.g. {@code a100-80gb}
 * @param denseFlops dense BF16/FP16 tensor FLOP/s (CPUs: FP32 vector FLOP/s)
 * @param fp8Flops dense FP8 tensor FLOP/s, or 0 when the device has no FP8 tensor cores
 * @param memoryBandwidth memory bandwidth in bytes/s
 * @param memoryBytes device memory in bytes (shared with the CPU on Jetson and Raspberry Pi)
 * @param tdpWatts maximum board power in watts, or 0 when unknown (then no energy is reported)
 * @param idleWatts board power with a model loaded and no work, watts (at most {@code tdpWatts})
 * @param interconnect the link between devices of a tensor-parallel group
 */
public record DeviceProfile(String name, double denseFlops, double fp8Flops, double memoryBandwidth, double memoryBytes,
                            double tdpWatts, double idleWatts, Interconnect interconnect) {

    /** The idle share of TDP used where no idle figure was published (H100 SXM's observed 109 W of 700). */
    public static final double ESTIMATED_IDLE_SHARE = 0.15;

    /**
     * NVIDIA A100 80GB SXM. Datasheet (A100 80GB SXM column): "Peak FP16 Tensor Core 312 TF | 624 TF*",
     * "GPU Memory Bandwidth 2,039 GB/s", 80 GB HBM2e, "400 W" max TDP; no FP8. NVLink 3 (600 GB/s).
     * https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/a100/pdf/nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf
     */
    public static final DeviceProfile A100_80GB = new DeviceProfile("a100-80gb", 312e12, 0, 2.039e12, 80e9,
            400, 0.15 * 400, Interconnect.NVLINK3);

    /**
     * NVIDIA A100 40GB SXM. Datasheet (A100 40GB SXM column): 312 TF dense FP16 tensor, "1,555 GB/s",
     * 40 GB HBM2, 400 W. NVLink 3. Same datasheet as {@link #A100_80GB}.
     */
    public static final DeviceProfile A100_40GB = new DeviceProfile("a100-40gb", 312e12, 0, 1.555e12, 40e9,
            400, 0.15 * 400, Interconnect.NVLINK3);

    /**
     * NVIDIA A100 80GB PCIe. Datasheet (A100 80GB PCIe column): 312 TF dense FP16 tensor, "1,935 GB/s",
     * 80 GB, 300 W. Linked by PCIe Gen4 (NVLink bridges optional, not modelled).
     */
    public static final DeviceProfile A100_80GB_PCIE = new DeviceProfile("a100-80gb-pcie", 312e12, 0, 1.935e12, 80e9,
            300, 0.15 * 300, Interconnect.PCIE4);

    /**
     * NVIDIA H100 SXM 80GB. Datasheet (H100 SXM column): "BFLOAT16 Tensor Core* 1,979 teraFLOPS", "FP8 Tensor
     * Core* 3,958 teraFLOPS" with "* Shown with sparsity", i.e. 989.5 / 1,979 dense; "3.35TB/s" HBM3, 80 GB;
     * "Up to 700W (configurable)". NVLink 4 (900 GB/s). Idle 110 W observed (see the class comment).
     * https://www.nvidia.com/en-us/data-center/h100/
     */
    public static final DeviceProfile H100 = new DeviceProfile("h100", 989.5e12, 1979e12, 3.35e12, 80e9,
            700, 110, Interconnect.NVLINK4);

    /**
     * NVIDIA H100 PCIe 80GB. Datasheet (H100 PCIe column): "1,513 teraFLOPS*" BF16 and "3,026 teraFLOPS*" FP8
     * with sparsity (756.5 / 1,513 dense), "2TB/s" HBM2e, 80 GB, 300-350 W (350 W used). PCIe Gen5.
     */
    public static final DeviceProfile H100_PCIE = new DeviceProfile("h100-pcie", 756.5e12, 1513e12, 2.0e12, 80e9,
            350, 0.15 * 350, Interconnect.PCIE5);

    /**
     * NVIDIA H200 SXM 141GB. Datasheet (H200 SXM column): same compute as H100 SXM (989.5 BF16 / 1,979 FP8
     * TFLOPS dense), "4.8TB/s" HBM3e, 141 GB, "Up to 700W". NVLink 4.
     * https://www.nvidia.com/en-us/data-center/h200/
     */
    public static final DeviceProfile H200 = new DeviceProfile("h200", 989.5e12, 1979e12, 4.8e12, 141e9,
            700, 0.15 * 700, Interconnect.NVLINK4);

    /**
     * NVIDIA L4 24GB. Datasheet: "FP16 Tensor Core 242 teraFLOPS*", "FP8 Tensor Core 485 teraFLOPs*" with
     * sparsity (121 / 242.5 dense), "300GB/s" GDDR6, 24 GB, "72W". PCIe Gen4.
     * https://www.nvidia.com/en-us/data-center/l4/
     */
    public static final DeviceProfile L4 = new DeviceProfile("l4", 121e12, 242.5e12, 300e9, 24e9,
            72, 0.15 * 72, Interconnect.PCIE4);

    /**
     * NVIDIA L40S 48GB. Datasheet: "BFLOAT16 Tensor Core 362.05 | 733*", "FP8 Tensor Core 733 | 1,466*"
     * (dense | sparse), 864 GB/s GDDR6, 48 GB, "350 W", PCIe Gen4 x16.
     * https://www.nvidia.com/en-us/data-center/l40s/
     */
    public static final DeviceProfile L40S = new DeviceProfile("l40s", 362.05e12, 733e12, 864e9, 48e9,
            350, 0.15 * 350, Interconnect.PCIE4);

    /**
     * NVIDIA A10G 24GB (AWS G5). "24 gigabytes of GDDR6 VRAM with a memory bandwidth of 600 gigabytes per
     * second" (https://www.baseten.co/blog/nvidia-a10-vs-a10g-for-ml-model-inference/); 300 W as
     * {@code nvidia-smi} reports its TDP. NVIDIA publishes no tensor figures for the A10G; the A10's
     * datasheet figure, 125 TF dense BF16 (250 with sparsity), is used, an upper bound (the A10G trades
     * tensor throughput for CUDA-core throughput). No FP8. PCIe Gen4.
     */
    public static final DeviceProfile A10G = new DeviceProfile("a10g", 125e12, 0, 600e9, 24e9,
            300, 0.15 * 300, Interconnect.PCIE4);

    /**
     * AMD Instinct MI300X. AMD datasheet: 1,307.4 TFLOPS dense BF16, 2,614.9 TFLOPS dense FP8, "5.3 TB/s" HBM3,
     * 192 GB, 750 W TBP (MLPerf v4.1 names the part "MI300X-NPS1-SPX-192GB-750W"); Infinity Fabric between the
     * 8 GPUs of a node. https://www.amd.com/en/products/accelerators/instinct/mi300/mi300x.html
     */
    public static final DeviceProfile MI300X = new DeviceProfile("mi300x", 1307.4e12, 2614.9e12, 5.3e12, 192e9,
            750, 0.15 * 750, Interconnect.INFINITY_FABRIC);

    /**
     * NVIDIA Jetson AGX Orin 64GB (memory shared with the CPU). Module data sheet: "275 TOPS (Sparse, Int8)"
     * for the module, of which the GPU 170 sparse = 85 dense INT8 TOPS; the Ampere tensor cores run FP16 at half
     * the INT8 rate: 42.5 TFLOPS dense. "64GB 256-bit LPDDR5 204.8GB/s"; 15 W - 60 W (60 W used). No FP8.
     * https://developer.nvidia.com/embedded/jetson-modules
     */
    public static final DeviceProfile JETSON_ORIN = new DeviceProfile("jetson-orin", 42.5e12, 0, 204.8e9, 64e9,
            60, 0.15 * 60, Interconnect.NONE);

    /**
     * NVIDIA Jetson Orin Nano 8GB Developer Kit in "Super" mode (JetPack 6.1+, MAXN 25 W), the seed's edge
     * target. "67 INT8 TOPS (Sparse) / 33 TOPS (Dense)", "17 FP16 TFLOPs", "8GB 128-bit LPDDR5 102 GB/s",
     * power modes 7 W / 15 W / 25 W (25 W used). No FP8.
     * https://developer.nvidia.com/blog/nvidia-jetson-orin-nano-developer-kit-gets-a-super-boost/
     */
    public static final DeviceProfile JETSON_ORIN_NANO_SUPER = new DeviceProfile("jetson-orin-nano-super", 17e12, 0, 102e9, 8e9,
            25, 0.15 * 25, Interconnect.NONE);

    /**
     * NVIDIA Jetson Orin Nano 8GB at its original clocks. Module data sheet: "40 TOPS (Sparse, Int8)" = 20 dense,
     * FP16 at half the INT8 rate: 10 TFLOPS dense; "8GB 128-bit LPDDR5 68 GB/s"; 7 W - 15 W (15 W used). No FP8.
     * https://developer.nvidia.com/embedded/jetson-modules
     */
    public static final DeviceProfile JETSON_ORIN_NANO = new DeviceProfile("jetson-orin-nano", 10e12, 0, 68e9, 8e9,
            15, 0.15 * 15, Interconnect.NONE);

    /**
     * Raspberry Pi 5 (8 GB), CPU inference (llama.cpp): Broadcom BCM2712, "quad-core 64-bit Arm Cortex-A76
     * processor, clocked at 2.4GHz"; "32-bit LPDDR4, running at 4267MT/s"
     * (https://circuitdigest.com/news/the-new-raspberry-pi-5-is-here-faster-than-ever), so 4267e6 x 4 B =
     * 17.07 GB/s. FLOP/s are derived, not a datasheet figure: 4 cores x 2.4 GHz x 16 FP32 FLOP per cycle (two
     * 128-bit NEON FMA pipes) = 153.6 GFLOP/s. Power: no TDP is published; 12 W is the board's measured draw at
     * full CPU load ("36.737 Gflops at 12.0W", HPL, geerlingguy/sbc-reviews#21); idle 0.15 x 12 = 1.8 W is the
     * same estimate as elsewhere (a secondary source reports about 4.7 W for the whole board). A Coral Edge TPU
     * does not help here: its 8 MB of on-chip memory holds no LLM, and streaming weights over its USB 3 link
     * (5 Gbit/s, 0.5 GB/s after 8b/10b coding) would be 34 times slower than the Pi's own memory.
     */
    public static final DeviceProfile RASPBERRY_PI_5 = new DeviceProfile("raspberry-pi-5", 153.6e9, 0, 17.07e9, 8e9,
            12, 0.15 * 12, Interconnect.NONE);

    private static final List<DeviceProfile> BUILT_IN = List.of(A100_80GB, A100_40GB, A100_80GB_PCIE, H100, H100_PCIE, H200,
            L4, L40S, A10G, MI300X, JETSON_ORIN, JETSON_ORIN_NANO_SUPER, JETSON_ORIN_NANO, RASPBERRY_PI_5);
    private static final Map<String, DeviceProfile> BY_NAME = BUILT_IN.stream()
            .collect(Collectors.toUnmodifiableMap(DeviceProfile::name, Function.identity()));
    // Common spellings people type; each maps to a canonical profile name.
    private static final Map<String, String> ALIASES = Map.ofEntries(
            Map.entry("a100", "a100-80gb"),
            Map.entry("a100-sxm", "a100-80gb"),
            Map.entry("a100-40gb-sxm", "a100-40gb"),
            Map.entry("a100-pcie", "a100-80gb-pcie"),
            Map.entry("h100-sxm", "h100"),
            Map.entry("h200-sxm", "h200"),
            Map.entry("orin", "jetson-orin"),
            Map.entry("jetson-agx-orin", "jetson-orin"),
            Map.entry("orin-nano", "jetson-orin-nano-super"),
            Map.entry("rpi5", "raspberry-pi-5"),
            Map.entry("pi5", "raspberry-pi-5"),
            Map.entry("mi300", "mi300x"));

    public DeviceProfile {
        notNull(name, "name");
        if (name.isBlank()) throw new IllegalArgumentException("name must not be blank");
        positiveFinite(denseFlops, "denseFlops");
        notNegativeFinite(fp8Flops, "fp8Flops");
        positiveFinite(memoryBandwidth, "memoryBandwidth");
        positiveFinite(memoryBytes, "memoryBytes");
        notNegativeFinite(tdpWatts, "tdpWatts");
        notNegativeFinite(idleWatts, "idleWatts");
        if (idleWatts > tdpWatts) throw new IllegalArgumentException("idleWatts (" + idleWatts + ") must not exceed tdpWatts (" + tdpWatts + ")");
        notNull(interconnect, "interconnect");
    }

    /**
     * A device with no power figures (energy is then not reported), linked by PCIe Gen4.
     *
     * @param name lower-case profile name
     * @param denseFlops dense BF16/FP16 tensor FLOP/s
     * @param fp8Flops dense FP8 tensor FLOP/s, or 0
     * @param memoryBandwidth bytes/s
     * @param memoryBytes bytes
     */
    public DeviceProfile(String name, double denseFlops, double fp8Flops, double memoryBandwidth, double memoryBytes) {
        this(name, denseFlops, fp8Flops, memoryBandwidth, memoryBytes, 0, 0, Interconnect.PCIE4);
    }

    /** Whether the device has FP8 tensor cores. */
    public boolean hasFp8() {
        return fp8Flops > 0;
    }

    /** Whether the power figures are known (energy can be reported). */
    public boolean hasPower() {
        return tdpWatts > 0;
    }

    /** Board power at a utilisation in [0, 1]: {@code idle + utilisation x (TDP - idle)}. */
    public double powerWatts(double utilisation) {
        double u = Math.max(0, Math.min(1, utilisation));
        return idleWatts + u * (tdpWatts - idleWatts);
    }

    /** The built-in profiles, in a fixed order. */
    public static List<DeviceProfile> builtIn() {
        return BUILT_IN;
    }

    /** Names of the built-in profiles, sorted. */
    public static List<String> knownNames() {
        return BY_NAME.keySet().stream().sorted().toList();
    }

    /** The built-in profile with this name (case-insensitive), if any. */
    public static Optional<DeviceProfile> find(String name) {
        notNull(name, "name");
        String key = name.trim().toLowerCase(Locale.ROOT);
        return Optional.ofNullable(BY_NAME.get(ALIASES.getOrDefault(key, key)));
    }

    /**
     * The built-in profile with this name (case-insensitive).
     *
     * @throws IllegalArgumentException listing the known names
     */
    public static DeviceProfile of(String name) {
        return find(name).orElseThrow(() -> new IllegalArgumentException(
                "unknown device '" + name + "'; known devices: " + String.join(", ", knownNames())));
    }
}
