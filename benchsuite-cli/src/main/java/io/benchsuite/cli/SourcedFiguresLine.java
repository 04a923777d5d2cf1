package io.benchsuite.cli;

import io.benchsuite.core.report.model.FigureResolver;
import io.benchsuite.core.report.model.Report;
import io.benchsuite.core.report.model.SourcedFigure;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The console line of the headline figures several blocks of a report could give (KV-cache hit rate, memory peak,
 * KV fragmentation, energy per token), each with where it came from, as {@link FigureResolver} picks them. Printed
 * only when one of them came from beyond the benchmark's own host (server, GPU, engine), so a run against a plain
 * HTTP server without scrapes keeps its summary as it was.
 */
final class SourcedFiguresLine {
    private SourcedFiguresLine() {}

    static void append(StringBuilder b, Report r) {
        List<String> parts = new ArrayList<>();
        boolean beyondHost = false;
        SourcedFigure hit = FigureResolver.kvCacheHitRate(r), memory = FigureResolver.memoryPeak(r);
        SourcedFigure kv = FigureResolver.kvFragmentation(r), energy = FigureResolver.energyPerToken(r);
        for (SourcedFigure f : List.of(hit, memory, kv, energy)) beyondHost |= f.known() && !SourcedFigure.HOST.equals(f.source());
        if (!beyondHost) return;
        if (hit.known()) parts.add("KV-cache hit rate " + Summary.num(hit.value() * 100, 1) + " % (" + hit.source() + ")");
        if (memory.known()) parts.add("memory peak " + Summary.num(memory.value() / 1e9, 2) + " GB" + " (" + memory.source() + ")");
        if (kv.known()) parts.add("KV fragmentation " + Summary.num(kv.value(), 3) + " (" + kv.source() + ")");
        if (energy.known()) parts.add(Summary.num(energy.value(), 3) + " J/token (" + energy.source() + ")");
        b.append(String.format(Locale.ROOT, "%-20s %s\n", "engine figures", String.join(", ", parts)));
    }
}
