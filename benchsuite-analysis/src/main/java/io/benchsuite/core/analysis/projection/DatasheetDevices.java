package io.benchsuite.core.analysis.projection;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Devices with their datasheet figures. FLOP/s are dense BF16/FP16 tensor figures (NVIDIA prints "with
 * sparsity" numbers twice as large; dense is half, by the datasheets' own footnote); bandwidth is the
 * published peak, decimal units (1 GB/s = 10<sup>9</sup> B/s). A figure the datasheets read do not give is
 * NaN, and a projection that needs it says so instead of guessing.
 */
public final class DatasheetDevices {
    private DatasheetDevices() {}

    /** NVIDIA A100 80GB SXM: 312 TFLOP/s BF16 dense (624 with sparsity), 2,039 GB/s HBM2e. */
    public static final DatasheetDevice A100_80GB_SXM = new DatasheetDevice("a100-80gb-sxm", 312e12, 2039e9,
            "NVIDIA A100 80GB datasheet: \"GPU Memory Bandwidth 2,039 GB/s\", \"Peak FP16 Tensor Core 312 TF | 624 TF*\"");
    /** NVIDIA H100 SXM: 989.5 TFLOP/s BF16 dense (1,979 with sparsity), 3.35 TB/s HBM3. */
    public static final DatasheetDevice H100_SXM = new DatasheetDevice("h100-sxm", 989.5e12, 3.35e12,
            "NVIDIA H100 datasheet (SXM): \"BFLOAT16 Tensor Core* 1,979 teraFLOPS\" (* with sparsity), 3.35 TB/s");
    /** NVIDIA H200 SXM: 989.5 TFLOP/s BF16 dense, 4.8 TB/s HBM3e. */
    public static final DatasheetDevice H200_SXM = new DatasheetDevice("h200-sxm", 989.5e12, 4.8e12,
            "NVIDIA H200 datasheet (SXM): 1,979 teraFLOPS BF16 with sparsity, 4.8 TB/s");
    /** NVIDIA L4: 121 TFLOP/s BF16 dense (242 with sparsity), 300 GB/s GDDR6. */
    public static final DatasheetDevice L4 = new DatasheetDevice("l4", 121e12, 300e9,
            "NVIDIA L4 datasheet: \"FP16 Tensor Core 242 teraFLOPS*\" (* with sparsity), 300 GB/s");
    /** NVIDIA L40S: 362.05 TFLOP/s BF16 dense, 864 GB/s GDDR6. */
    public static final DatasheetDevice L40S = new DatasheetDevice("l40s", 362.05e12, 864e9,
            "NVIDIA L40S product page: \"BFLOAT16 Tensor Core 362.05 | 733*\", 864 GB/s");
    /** NVIDIA Jetson AGX Orin 64GB: 204.8 GB/s LPDDR5 shared with the CPU; no dense FP16 figure in the sources read. */
    public static final DatasheetDevice JETSON_AGX_ORIN_64GB = new DatasheetDevice("jetson-agx-orin-64gb", Double.NaN, 204.8e9,
            "NVIDIA Jetson modules table: \"64GB 256-bit LPDDR5 204.8GB/s\", \"275 TOPS (Sparse, Int8)\" (module, not dense FP16)");
    /** NVIDIA Jetson Orin Nano 8GB in Super mode: 17 TFLOP/s FP16, 102 GB/s LPDDR5. */
    public static final DatasheetDevice JETSON_ORIN_NANO_SUPER = new DatasheetDevice("jetson-orin-nano-super", 17e12, 102e9,
            "NVIDIA Jetson Orin Nano Super developer kit: \"17 FP16 TFLOPs\", \"8GB 128-bit LPDDR5 102 GB/s\"");

    private static final List<DatasheetDevice> ALL =
            List.of(A100_80GB_SXM, H100_SXM, H200_SXM, L4, L40S, JETSON_AGX_ORIN_64GB, JETSON_ORIN_NANO_SUPER);

    /**
     * Every device in the table, in a fixed order.
     *
     * @return the devices
     */
    public static List<DatasheetDevice> all() {
        return ALL;
    }

    /**
     * The device of this name (case-insensitive).
     *
     * @param name a name from {@link #all()}
     * @return the device, or empty
     */
    public static Optional<DatasheetDevice> find(String name) {
        String key = name.trim().toLowerCase(Locale.ROOT);
        return ALL.stream().filter(d -> d.name().equals(key)).findFirst();
    }
}
