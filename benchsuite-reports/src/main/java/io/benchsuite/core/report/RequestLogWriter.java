package io.benchsuite.core.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.benchsuite.api.backend.RequestExtras;
import io.benchsuite.api.result.Gaps;
import io.benchsuite.api.result.LatencyMetric;
import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.workload.Window;
import io.benchsuite.core.report.model.ReportNumbers;
import java.io.CharArrayWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Appends one JSON object per finished request to {@code requests.jsonl}; {@link #flush()} puts the
 * lines written so far on disk (a run's lines are flushed whenever its writer has caught up:
 * {@link RequestLogQueue}), so a crash loses nothing already written. Offsets are milliseconds from the run start; each
 * {@link LatencyMetric} with one value per request is written as {@code <key>Ms}, the inter-token
 * gaps as the {@code itlMs} array. A request of a reasoning model (one that streamed reasoning or
 * whose server counted reasoning tokens) also carries {@code ttfatMs}, {@code ttfrtMs},
 * {@code answerTpotMs}, {@code reasoningTokens}, {@code reasoningTokensSource} ({@code usage} or
 * {@code counted}), {@code answerTokens} and the answer's gaps {@code answerItlMs}; other requests
 * leave them out (their first answer token is their first token). A request whose window overlapped a stall of the client itself
 * carries {@code "clientStalled": true} and the stall's length as {@code clientStallMs}. When the
 * backend said which kinds of generated output a request received, {@code outputKinds} lists them
 * ({@code ["content", "reasoning", "tool_calls"]} or a part of it); the field is absent otherwise. A request
 * sent twice (re-sent on a fresh connection after its kept-alive one died) carries {@code connectionRetries}
 * and {@code "resent": "<why>"}; lines without them (and files written before the field) are requests sent
 * once. Each named instant a backend reported ({@link RequestRecord#marks()}) follows the fixed offsets as
 * {@code <name>OffsetMs} (e.g. {@code firstByteOffsetMs}); a line has those its request has. Each line starts with {@code runId}, the run's identity (also in
 * {@code report.json}'s {@code run.id}), once the run is known: files of two runs are never taken for one.
 */
public final class RequestLogWriter implements AutoCloseable {
    /** The field of every line naming the run that wrote it. */
    public static final String RUN_ID = "runId";
    /**
     * The field of every line naming the request's window: {@code warmup}, {@code measured} or {@code cooldown}
     * (only measured requests enter the statistics).
     */
    public static final String WINDOW = "window";
    /** The name {@link #WINDOW} had in files written before it was renamed; readers accept both. */
    public static final String OLD_WINDOW = "phase";

    private static final JsonFactory FACTORY = new JsonFactory();
    private final Writer out;
    private final CharArrayWriter line = new CharArrayWriter(4096);
    private final MillisText gapText = new MillisText();
    private volatile String runId;
    private long lines;

    /** Creates (or truncates) the file. */
    public RequestLogWriter(Path file) throws IOException {
        this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    }

    /** The run whose requests the following lines are (its {@code RunInfo.id()}). */
    public void runId(String id) {
        this.runId = id;
    }

    /** Writes one record's line (buffered: {@link #flush()} puts it on disk, as {@link #close()} does). */
    public synchronized void write(RequestRecord r) throws IOException {
        // the line is made whole in a buffer kept from line to line, then written: a line that fails
        // half way writes nothing
        line.reset();
        JsonGenerator g = FACTORY.createGenerator(line);
        writeLine(g, r, runId, gapText);
        g.close();
        line.writeTo(out);
        out.write('\n');
        lines++;
    }

    /** Puts the lines written so far on disk. */
    public synchronized void flush() throws IOException {
        out.flush();
    }

    /** Lines written so far. */
    public synchronized long lines() {
        return lines;
    }

    /** The JSON line for one record (no newline), without a run id. */
    public static String toJsonLine(RequestRecord r) throws IOException {
        return toJsonLine(r, null);
    }

    /** The JSON line for one record of run {@code runId} (null: none written), no newline. */
    public static String toJsonLine(RequestRecord r, String runId) throws IOException {
        StringWriter sw = new StringWriter(256 + r.itl().size() * 8);
        try (JsonGenerator g = FACTORY.createGenerator(sw)) {
            writeLine(g, r, runId, null);
        }
        return sw.toString();
    }

    /** A window's value in the log: the words written since the first log ({@code warmup}, not {@code warm_up}). */
    static String windowValue(Window w) {
        return switch (w) {
            case WARM_UP -> "warmup";
            case MEASURED -> "measured";
            case COOL_DOWN -> "cooldown";
        };
    }

    /** One record's object; the gaps' text from {@code gapText} (null: formatted each). */
    private static void writeLine(JsonGenerator g, RequestRecord r, String runId, MillisText gapText) throws IOException {
        g.writeStartObject();
        if (runId != null) g.writeStringField(RUN_ID, runId);
        g.writeNumberField("index", r.index());
        if (r.sessionId() != null) {
            g.writeStringField("session", r.sessionId());
            g.writeNumberField("turn", r.turn());
        }
        g.writeStringField(WINDOW, windowValue(r.window()));
        if (r.user() >= 0) g.writeNumberField("user", r.user());
        g.writeStringField("outcome", r.outcome().name().toLowerCase(Locale.ROOT));
        if (r.errorKind() != null) g.writeStringField("errorKind", r.errorKind().label());
        if (r.errorMessage() != null) g.writeStringField("errorMessage", r.errorMessage());
        ms(g, "scheduledOffsetMs", r.scheduledOffsetNanos());
        ms(g, "dispatchOffsetMs", r.dispatchOffsetNanos());
        ms(g, "submitOffsetMs", r.submitOffsetNanos());
        ms(g, "sentOffsetMs", r.sentOffsetNanos());
        ms(g, "firstTokenOffsetMs", r.firstTokenOffsetNanos());
        ms(g, "endOffsetMs", r.endOffsetNanos());
        // the backend's named instants (io.benchsuite.api.result.Marks), in name order, beside the fixed ones
        for (Map.Entry<String, Long> mark : r.marks().offsets().entrySet()) ms(g, mark.getKey() + "OffsetMs", mark.getValue());
        for (LatencyMetric m : LatencyMetric.values()) {
            if (m.population() == LatencyMetric.Population.TOKEN_GAPS) continue;
            // without reasoning, TTFAT is TTFT and the answer TPOT is TPOT: not written twice
            if (m.reasoningSplit() && !r.reasoning().reasoned()) continue;
            long v = m.valueNanos(r);
            if (v < 0 && m.optional()) continue; // a metric of a mark this request's backend did not report
            ms(g, m.key() + "Ms", v);
        }
        ms(g, "sendMs", r.sendNanos());
        ms(g, "connectMs", r.connectNanos());
        if (r.resent()) {
            g.writeNumberField("connectionRetries", r.connectionRetries());
            // sent twice: why the first send cannot have reached the server's application
            g.writeStringField("resent", r.resendReason() == null ? "re-sent on a fresh connection" : r.resendReason());
        }
        if (r.clientStalled()) {
            // the client itself could not run for this long inside the request's window: its timings hold that time
            g.writeBooleanField("clientStalled", true);
            ms(g, "clientStallMs", r.clientStallNanos());
        }
        g.writeStringField("promptHash", r.promptHash());
        if (r.inputTokens() >= 0) g.writeNumberField("inputTokens", r.inputTokens()); // none: no prompt sent, none counted
        g.writeNumberField("outputTokens", r.outputTokens());
        g.writeStringField("outputTokenSource", r.tokenSource().name().toLowerCase(Locale.ROOT));
        g.writeNumberField("streamedTokens", r.streamedTokens());
        if (!r.outputKinds().isEmpty()) {
            // which kinds of generated output arrived: content, reasoning, tool_calls
            g.writeArrayFieldStart("outputKinds");
            for (String k : r.outputKinds().labels()) g.writeString(k);
            g.writeEndArray();
        }
        if (r.reasoning().reasoned()) {
            // a reasoning model's split: thinking first, then the answer (the ttfat/ttfrt/answerTpot fields above)
            g.writeNumberField("reasoningTokens", r.reasoningTokens());
            g.writeStringField("reasoningTokensSource", r.reasoning().source().label());
            g.writeNumberField("answerTokens", r.answerTokens());
        }
        if (r.serverPromptTokens() >= 0) g.writeNumberField("serverPromptTokens", r.serverPromptTokens());
        if (r.serverCompletionTokens() >= 0) g.writeNumberField("serverCompletionTokens", r.serverCompletionTokens());
        Set<String> extraFields = null;
        for (Object extra : r.extras().values()) {
            // what a request kind adds (tool calls, payload bytes, the model chosen, ...) says its own fields; a field
            // two kinds share (the body's payloadBytes, for images and audio in one body) is written once
            if (extra instanceof RequestExtras.Logged logged) {
                for (Map.Entry<String, Object> f : logged.logFields().entrySet()) {
                    if (extraFields == null) extraFields = new HashSet<>();
                    if (!extraFields.add(f.getKey())) continue;
                    g.writeFieldName(f.getKey());
                    writeValue(g, f.getValue());
                }
            }
        }
        gaps(g, "itlMs", r.itl(), gapText);
        if (r.reasoning().reasoned()) {
            // without reasoning the answer's gaps are itlMs itself, not written twice
            gaps(g, "answerItlMs", r.reasoning().answerItl(), gapText);
        }
        g.writeEndObject();
    }

    /** Gaps in milliseconds as an array field, each the text {@code writeNumber(double)} writes for it (gaps are finite). */
    private static void gaps(JsonGenerator g, String field, Gaps gaps, MillisText gapText) throws IOException {
        if (gapText == null) {
            g.writeArrayFieldStart(field);
            for (int i = 0; i < gaps.size(); i++) g.writeNumber(ReportNumbers.round(gaps.get(i) / 1e6));
            g.writeEndArray();
            return;
        }
        // the whole array as one raw value: per number, the generator's checks cost more than the cached texts
        // (18 M gaps in a simulated hour); the text is the same, numbers joined by commas in brackets
        g.writeFieldName(field);
        int length = gapText.array(gaps);
        g.writeRawValue(gapText.arrayText(), 0, length);
    }

    private static void writeValue(JsonGenerator g, Object v) throws IOException {
        if (v == null) {
            g.writeNull();
        } else if (v instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (v instanceof Integer || v instanceof Long || v instanceof Short) {
            g.writeNumber(((Number) v).longValue());
        } else if (v instanceof Number n) {
            g.writeNumber(n.doubleValue());
        } else if (v instanceof Map<?, ?> m) {
            g.writeStartObject();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                g.writeFieldName(String.valueOf(e.getKey()));
                writeValue(g, e.getValue());
            }
            g.writeEndObject();
        } else if (v instanceof Iterable<?> list) {
            g.writeStartArray();
            for (Object o : list) writeValue(g, o);
            g.writeEndArray();
        } else {
            g.writeString(v.toString());
        }
    }

    private static void ms(JsonGenerator g, String field, long nanos) throws IOException {
        if (nanos < 0) {
            g.writeNullField(field);
        } else {
            g.writeNumberField(field, ReportNumbers.round(nanos / 1e6));
        }
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }

}
