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
 * The accelerator figures the simulator's physics needs, taken from vendor datasheets.
 *
 * <p>Datasheet "GB" and "TB/s" are decimal (10^9 and 10^12); FLOP/s are <em>dense</em> tensor-core
 * figures (NVIDIA quotes "with sparsity" numbers that are twice these).
 *
 * @param name lower-case profile name, e.g. {@code a100-80gb}
 * @param denseFlops dense BF16/FP16 tensor FLOP/s
 * @param fp8Flops dense FP8 tensor FLOP/s, or 0 when the device has no FP8 tensor cores
 * @param memoryBandwidth memory bandwidth in bytes/s
 * @param memoryBytes device memory in bytes (shared with the CPU on Jetson)
 */
public record DeviceProfile(String name, double denseFlops, double fp8Flops, double memoryBandwidth, double memoryBytes) {

    // NVIDIA A100 Tensor Core GPU datasheet (A100 80GB SXM column): BF16 tensor 312 TFLOPS dense
    // (624 with sparsity), 2,039 GB/s HBM2e, 80 GB. Ampere has no FP8 tensor cores.
    /** NVIDIA A100 80GB SXM. */
    public static final DeviceProfile A100_80GB = new DeviceProfile("a100-80gb", 312e12, 0, 2.039e12, 80e9);

    // NVIDIA H100 Tensor Core GPU datasheet (H100 SXM column): BF16 tensor 1,979 TFLOPS and FP8
    // 3,958 TFLOPS "with sparsity", i.e. 989.5 / 1,979 dense; 3.35 TB/s HBM3, 80 GB.
    /** NVIDIA H100 SXM 80GB. */
    public static final DeviceProfile H100 = new DeviceProfile("h100", 989.5e12, 1979e12, 3.35e12, 80e9);

    // NVIDIA H200 Tensor Core GPU datasheet (H200 SXM column): same compute as H100 SXM
    // (989.5 BF16 / 1,979 FP8 TFLOPS dense), 4.8 TB/s HBM3e, 141 GB.
    /** NVIDIA H200 SXM 141GB. */
    public static final DeviceProfile H200 = new DeviceProfile("h200", 989.5e12, 1979e12, 4.8e12, 141e9);

    // NVIDIA L4 Tensor Core GPU datasheet: BF16 tensor 242 TFLOPS and FP8 485 TFLOPS "with sparsity",
    // i.e. 121 / 242.5 dense; 300 GB/s GDDR6, 24 GB.
    /** NVIDIA L4 24GB. */
    public static final DeviceProfile L4 = new DeviceProfile("l4", 121e12, 242.5e12, 300e9, 24e9);

    // NVIDIA Jetson AGX Orin series technical brief / data sheet (AGX Orin 64GB): 204.8 GB/s LPDDR5,
    // 64 GB shared with the CPU; GPU 170 sparse INT8 TOPS = 85 dense INT8 TOPS, and the Ampere tensor
    // cores run FP16 at half the INT8 rate: 42.5 TFLOPS dense (64 tensor cores x 1.3 GHz x 512 FLOP/clk).
    // No FP8 tensor cores.
    /** NVIDIA Jetson AGX Orin 64GB (memory shared with the CPU). */
    public static final DeviceProfile JETSON_ORIN = new DeviceProfile("jetson-orin", 42.5e12, 0, 204.8e9, 64e9);

    private static final List<DeviceProfile> BUILT_IN = List.of(A100_80GB, H100, H200, L4, JETSON_ORIN);
    private static final Map<String, DeviceProfile> BY_NAME = BUILT_IN.stream()
            .collect(Collectors.toUnmodifiableMap(DeviceProfile::name, Function.identity()));
    // Common spellings people type; each maps to a canonical profile name.
    private static final Map<String, String> ALIASES = Map.of(
            "a100", "a100-80gb",
            "a100-sxm", "a100-80gb",
            "h100-sxm", "h100",
            "h200-sxm", "h200",
            "orin", "jetson-orin",
            "jetson-agx-orin", "jetson-orin");

    public DeviceProfile {
        notNull(name, "name");
        if (name.isBlank()) throw new IllegalArgumentException("name must not be blank");
        positiveFinite(denseFlops, "denseFlops");
        notNegativeFinite(fp8Flops, "fp8Flops");
        positiveFinite(memoryBandwidth, "memoryBandwidth");
        positiveFinite(memoryBytes, "memoryBytes");
    }

    /** Whether the device has FP8 tensor cores. */
    public boolean hasFp8() {
        return fp8Flops > 0;
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
