package io.benchsuite.benchmarks.server;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The scripted server's own log: one JSON line per answered request with its arrival time and the
 * time each token was written, all {@code System.nanoTime()} ({@code CLOCK_MONOTONIC}) values.
 */
public final class ServedLog {
    private ServedLog() {}

    /** Writes {@code served} to {@code file}. */
    public static void write(Path file, List<ScriptedSseServer.Served> served) throws IOException {
        JsonFactory f = new JsonFactory();
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (ScriptedSseServer.Served s : served) {
                try (JsonGenerator g = f.createGenerator(w)) {
                    g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
                    g.writeStartObject();
                    g.writeStringField("requestId", s.requestId());
                    g.writeStringField("promptHash", s.promptHash());
                    g.writeNumberField("receivedNs", s.receivedNanos());
                    g.writeNumberField("tokens", s.tokens());
                    g.writeArrayFieldStart("writeNs");
                    for (long t : s.writeNanos()) g.writeNumber(t);
                    g.writeEndArray();
                    g.writeEndObject();
                }
                w.write('\n');
            }
        }
    }
}
