package io.benchsuite.benchmarks.timing;

import io.benchsuite.api.util.Durations;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/**
 * Where the CPU time of a recording went: reads the {@code jdk.ExecutionSample} events of a JFR file
 * (the samples {@code jfr print --events jdk.ExecutionSample} prints) and attributes each sample to
 * the library whose code was running or called the JDK code that was running (the first non-JDK
 * frame from the top), plus the hottest methods and threads.
 *
 * <pre>
 * java -cp benchsuite-benchmarks/target/benchmarks.jar io.benchsuite.benchmarks.timing.JfrHotspots rec.jfr [--from 5s] [--thread benchsuite-http]
 * </pre>
 */
public final class JfrHotspots {
    private JfrHotspots() {}

    public static void main(String[] args) throws IOException {
        Path file = Path.of(args[0]);
        Duration from = Duration.ZERO;
        String threadPrefix = "";
        for (int i = 1; i + 1 < args.length; i += 2) {
            if (args[i].equals("--from")) from = Durations.parse(args[i + 1]);
            if (args[i].equals("--thread")) threadPrefix = args[i + 1];
        }
        List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        Instant start = events.stream().map(RecordedEvent::getStartTime).min(Instant::compareTo).orElse(Instant.EPOCH);
        Instant cut = start.plus(from);
        Map<String, Integer> byArea = new HashMap<>();
        Map<String, Integer> byMethod = new HashMap<>();
        Map<String, Integer> byThread = new HashMap<>();
        int total = 0;
        for (RecordedEvent e : events) {
            if (!e.getEventType().getName().equals("jdk.ExecutionSample") || e.getStartTime().isBefore(cut)) continue;
            RecordedStackTrace st = e.getStackTrace();
            if (st == null || st.getFrames().isEmpty()) continue;
            String sampled = e.getThread("sampledThread") == null ? "" : e.getThread("sampledThread").getJavaName();
            if (sampled == null || !sampled.startsWith(threadPrefix)) continue;
            total++;
            List<RecordedFrame> frames = st.getFrames();
            RecordedFrame top = frames.get(0);
            byMethod.merge(name(top), 1, Integer::sum);
            String thread = e.getThread("sampledThread") == null ? "?" : e.getThread("sampledThread").getJavaName();
            byThread.merge(thread == null ? "?" : thread.replaceAll("-\\d+$", "-N").replaceAll("[0-9a-f]{6,}", "#"), 1, Integer::sum);
            String area = null;
            for (RecordedFrame f : frames) {
                String a = area(f.getMethod().getType().getName());
                if (a != null) {
                    area = a;
                    break;
                }
            }
            byArea.merge(area == null ? "JDK only (" + jdkArea(frames) + ")" : area, 1, Integer::sum);
        }
        System.out.printf(Locale.ROOT, "%d execution samples after %s%n%n", total, from);
        print("by library (first non-JDK frame from the top)", byArea, total, 30);
        print("hottest methods (top frame)", byMethod, total, 25);
        print("by thread", byThread, total, 15);
    }

    private static void print(String title, Map<String, Integer> counts, int total, int limit) {
        System.out.println("| " + title + " | samples | share |");
        System.out.println("|---|---:|---:|");
        List<Map.Entry<String, Integer>> l = new ArrayList<>(counts.entrySet());
        l.sort((a, b) -> b.getValue() - a.getValue());
        for (int i = 0; i < Math.min(limit, l.size()); i++) {
            System.out.printf(Locale.ROOT, "| %s | %d | %.1f %% |%n", l.get(i).getKey(), l.get(i).getValue(),
                    100.0 * l.get(i).getValue() / Math.max(1, total));
        }
        System.out.println();
    }

    private static String name(RecordedFrame f) {
        return f.getMethod().getType().getName() + "." + f.getMethod().getName();
    }

    /** The library a class belongs to, or null for the JDK. */
    static String area(String cls) {
        if (cls.startsWith("java.") || cls.startsWith("javax.") || cls.startsWith("jdk.") || cls.startsWith("sun.")
                || cls.startsWith("com.sun.")) {
            return null;
        }
        if (cls.startsWith("org.apache.hc.")) return "HttpClient 5";
        if (cls.startsWith("com.fasterxml.jackson.databind")) return "Jackson databind";
        if (cls.startsWith("com.fasterxml.jackson")) return "Jackson core";
        if (cls.startsWith("io.netty.")) return "Netty";
        if (cls.startsWith("com.knuddels.jtokkit")) return "jtokkit (tokenizer)";
        if (cls.startsWith("org.HdrHistogram")) return "HdrHistogram";
        if (cls.startsWith("io.micrometer")) return "Micrometer";
        if (cls.startsWith("io.opentelemetry")) return "OpenTelemetry";
        if (cls.startsWith("picocli")) return "picocli";
        if (cls.startsWith("org.slf4j")) return "slf4j";
        if (cls.startsWith("io.benchsuite.")) {
            String[] p = cls.split("\\.", -1);
            return "benchsuite " + (p.length > 3 ? p[2] + "." + p[3] : p[2]);
        }
        return cls.contains(".") ? cls.substring(0, cls.lastIndexOf('.')) : cls;
    }

    private static String jdkArea(List<RecordedFrame> frames) {
        RecordedFrame bottom = frames.get(frames.size() - 1);
        String cls = frames.get(0).getMethod().getType().getName();
        String pkg = cls.contains(".") ? cls.substring(0, cls.lastIndexOf('.')) : cls;
        return pkg + " under " + bottom.getMethod().getType().getName().replaceAll(".*\\.", "") + "."
                + bottom.getMethod().getName();
    }
}
