package io.benchsuite.core.workload;

import io.benchsuite.api.workload.source.WorkloadDataException;
import java.io.BufferedReader;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.util.Locale;

/**
 * An Azure LLM inference trace (Microsoft's {@code AzurePublicDataset}, e.g.
 * {@code AzureLLMInferenceTrace_conv.csv}): a CSV file with the header
 * {@code TIMESTAMP,ContextTokens,GeneratedTokens} and rows such as
 * <pre>2023-11-16 18:15:46.6805900,374,44</pre>
 * The timestamp has up to 9 fractional digits (7 in the 2023 release) and may end with a UTC offset
 * ({@code +00:00}); without one it is taken as UTC. Only the gaps matter: arrivals are measured from
 * the first row. Prompts are unique synthetic text of exactly {@code ContextTokens} tokens; the
 * output length is {@code GeneratedTokens}.
 */
public final class AzureTraceSource extends TraceSource {
    private static final DateTimeFormatter TIMESTAMP = new DateTimeFormatterBuilder()
            .appendPattern("uuuu-MM-dd HH:mm:ss")
            .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true).optionalEnd()
            .optionalStart().appendOffset("+HH:MM", "Z").optionalEnd()
            .toFormatter(Locale.ROOT);

    /**
     * An Azure trace.
     *
     * @param input the CSV file
     * @param options the replay options
     */
    public AzureTraceSource(DataInput input, TraceOptions options) {
        super(input, options);
    }

    @Override
    String kind() {
        return "azure trace";
    }

    @Override
    String format() {
        return "azure";
    }

    @Override
    TraceRecords records(String name) {
        CsvTable table = new CsvTable("azure trace '" + name + "'", "TIMESTAMP", "ContextTokens", "GeneratedTokens");
        return (BufferedReader in) -> {
            String[] row = table.next(in);
            if (row == null) return null;
            return new TraceRecord(epochNanos(row[0], table.where()),
                    TraceFields.count(row[1], "ContextTokens", table.where()),
                    TraceFields.count(row[2], "GeneratedTokens", table.where()), new long[0]);
        };
    }

    /** Nanoseconds since the epoch of a timestamp such as {@code 2023-11-16 18:15:46.6805900}. */
    static long epochNanos(String text, String where) {
        String t = text.length() > 10 && text.charAt(10) == 'T' ? text.substring(0, 10) + ' ' + text.substring(11) : text;
        try {
            TemporalAccessor parsed = TIMESTAMP.parse(t);
            LocalDateTime local = LocalDateTime.from(parsed);
            ZoneOffset offset = parsed.isSupported(ChronoField.OFFSET_SECONDS)
                    ? ZoneOffset.ofTotalSeconds(parsed.get(ChronoField.OFFSET_SECONDS)) : ZoneOffset.UTC;
            long seconds = local.toEpochSecond(offset);
            return Math.addExact(Math.multiplyExact(seconds, 1_000_000_000L), local.getNano());
        } catch (DateTimeParseException | ArithmeticException e) {
            throw new WorkloadDataException(where + ": TIMESTAMP must look like 2023-11-16 18:15:46.6805900, got '"
                    + text + "'");
        }
    }
}
