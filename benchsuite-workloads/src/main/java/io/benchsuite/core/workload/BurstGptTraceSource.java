package io.benchsuite.core.workload;

import java.io.BufferedReader;

/**
 * A BurstGPT trace (Wang et al., "BurstGPT: A Real-world Workload Dataset to Optimize LLM Serving
 * Systems", arXiv:2401.17644; data at {@code github.com/HPMLL/BurstGPT}, files such as
 * {@code BurstGPT_1.csv}). Its README gives the schema
 * {@code Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type}:
 * {@code Timestamp} is the submission time in seconds from 0:00:00 on the first day, {@code Model}
 * is {@code ChatGPT} or {@code GPT-4}, {@code Log Type} is {@code Conversation log} or {@code API log}.
 * Rows look like
 * <pre>5,ChatGPT,472,18,490,Conversation log</pre>
 * Columns are found by header name, so the {@code Session ID} and {@code Elapsed time} columns the
 * project announces for later releases do no harm. Rows with 0 response tokens are the trace's
 * failed requests: they are skipped and counted. Prompts are unique synthetic text of exactly
 * {@code Request tokens} tokens; the output length is {@code Response tokens}.
 */
public final class BurstGptTraceSource extends TraceSource {
    /**
     * A BurstGPT trace.
     *
     * @param input the CSV file
     * @param options the replay options
     */
    public BurstGptTraceSource(DataInput input, TraceOptions options) {
        super(input, options);
    }

    @Override
    String kind() {
        return "burstgpt trace";
    }

    @Override
    String format() {
        return "burstgpt";
    }

    @Override
    TraceRecords records(String name) {
        CsvTable table = new CsvTable("burstgpt trace '" + name + "'", "Timestamp", "Request tokens", "Response tokens");
        return (BufferedReader in) -> {
            String[] row = table.next(in);
            if (row == null) return null;
            return new TraceRecord(TraceFields.secondsAsNanos(row[0], "Timestamp", table.where()),
                    TraceFields.count(row[1], "Request tokens", table.where()),
                    TraceFields.count(row[2], "Response tokens", table.where()), new long[0]);
        };
    }
}
