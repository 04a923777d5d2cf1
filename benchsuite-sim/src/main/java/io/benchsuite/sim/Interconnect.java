package io.benchsuite.sim;

import static io.benchsuite.api.util.Checks.notNegativeFinite;
import static io.benchsuite.api.util.Checks.notNull;
import static io.benchsuite.api.util.Checks.positiveFinite;

/**
 * The link between the devices of a tensor-parallel group, as the all-reduce sees it. A ring
 * all-reduce of {@code b} bytes over {@code n} devices costs
 * {@code latency + 2 (n - 1) / n x b / (bandwidth x efficiency)}; decode-sized messages (a few KB)
 * are latency-bound, prefill-sized ones (MBs) bandwidth-bound.
 *
 * @param name lower-case name, e.g. {@code nvlink4}
 * @param bandwidth per-device bandwidth in one direction, bytes/s (datasheet figure)
 * @param efficiency share of {@code bandwidth} a large all-reduce achieves (measured bus bandwidth / line rate)
 * @param latency seconds of one small (decode-sized) all-reduce, as measured by the serving engines' custom kernels or NCCL
 */
public record Interconnect(String name, double bandwidth, double efficiency, double latency) {

    // NVLink 3 on A100 SXM: 12 links, 600 GB/s per GPU, 300 GB/s each way. nccl-tests on 8 x A100-SXM4-80GB
    // reach "a busbw of ~200 GB/s" (NVIDIA/nccl-tests#149), 208 GB/s on a pair (#178): 0.68 of 300.
    // vLLM's custom all-reduce takes 13.0 us for 512 B at world size 2 and 14.0 us at 8 on A100 (sglang#2688).
    /** NVLink 3 (A100 SXM4). */
    public static final Interconnect NVLINK3 = new Interconnect("nvlink3", 300e9, 0.68, 13.5e-6);

    // NVLink 4 on H100/H200 SXM: "18x 4th Gen NVLink, 900GB/s" (MLPerf v4.1 DGX-H100 system description), 450 GB/s
    // each way; "450GB/s is the line rate. With the protocol overhead (~20%) NCCL can get an effective NVLink
    // bandwidth of 370GB/s" (NCCL maintainer, NVIDIA/nccl-tests#212): 0.82. vLLM's custom all-reduce: 9.5, 9.1
    // and 10.1 us for 512 B at TP 2, 4 and 8 on H100 (sglang#2904).
    /** NVLink 4 (H100/H200 SXM, through NVSwitch). */
    public static final Interconnect NVLINK4 = new Interconnect("nvlink4", 450e9, 0.82, 9.6e-6);

    // PCIe Gen4 x16: "PCI Express Gen 4, offering 31.5 GB/sec" per direction. NCCL on PCIe A800s: 56.9 us for
    // 8 KB (vllm-project/vllm#50576); 0.8 of the line rate is the usual PCIe payload efficiency (128b/130b
    // encoding and TLP headers), an estimate, not a measurement.
    /** PCIe Gen4 x16, no NVLink (L4, L40S, A10G, A100 PCIe). */
    public static final Interconnect PCIE4 = new Interconnect("pcie4", 31.5e9, 0.8, 57e-6);

    // PCIe Gen5 x16: "64 GB/s for x16 connection" each way (MLCommons inference v4.1, AMD bandwidth notes).
    // Latency taken as PCIe Gen4's (no published small-message figure found).
    /** PCIe Gen5 x16, no NVLink. */
    public static final Interconnect PCIE5 = new Interconnect("pcie5", 64e9, 0.8, 57e-6);

    // AMD Infinity Fabric on MI300X: 7 links of 64 GB/s each way reach the other 7 GPUs of a node (448 GB/s).
    // rccl-tests all_reduce_perf on 8 x MI300X: busbw 161.14 GB/s at 8 MB (crickett-hpe/hpc-ai-envs#30): 0.36.
    // No small-message latency was found; A100 NVLink's 13.5 us is used.
    /** AMD Infinity Fabric (MI300X, 8-GPU node). */
    public static final Interconnect INFINITY_FABRIC = new Interconnect("infinity-fabric", 448e9, 0.36, 13.5e-6);

    /** A device that is never grouped (edge boards): tensor parallelism is refused. */
    public static final Interconnect NONE = new Interconnect("none", 1, 1, 0);

    public Interconnect {
        notNull(name, "name");
        if (name.isBlank()) throw new IllegalArgumentException("name must not be blank");
        positiveFinite(bandwidth, "bandwidth");
        if (!(efficiency > 0 && efficiency <= 1)) throw new IllegalArgumentException("efficiency must be in (0, 1], got " + efficiency);
        notNegativeFinite(latency, "latency");
    }

    /** Whether devices on this link can form a tensor-parallel group. */
    public boolean groups() {
        return this != NONE && !name.equals("none");
    }

    /** Seconds of a ring all-reduce of {@code bytes} over {@code devices} devices; 0 for one device. */
    public double allReduceSeconds(double bytes, int devices) {
        if (devices <= 1) return 0;
        return latency + 2.0 * (devices - 1) / devices * bytes / (bandwidth * efficiency);
    }
}
