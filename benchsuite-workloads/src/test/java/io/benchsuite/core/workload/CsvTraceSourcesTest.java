package io.benchsuite.core.workload;

import static io.benchsuite.core.workload.Fixtures.plans;
import static io.benchsuite.core.workload.Fixtures.resource;
import static io.benchsuite.core.workload.Fixtures.text;
import static io.benchsuite.core.workload.Fixtures.tokens;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.workload.source.PlanCursor;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.api.workload.source.WorkloadDataException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CsvTraceSourcesTest {
    @Test
    void azureTraceKeepsSevenDigitFractionsExactly() {
        AzureTraceSource azure = new AzureTraceSource(resource("azure_llm_inference_sample.csv"), TraceOptions.defaults());
        try (PlanCursor c = azure.open(Fixtures.CONTEXT)) {
            List<RequestPlan> p = List.of(c.next().orElseThrow(), c.next().orElseThrow(), c.next().orElseThrow(),
                    c.next().orElseThrow());
            assertThat(c.next()).isEmpty();
            assertThat(p).extracting(r -> r.arrivalNanos().getAsLong())
                    .containsExactly(0L, 4_037_432_000L, 4_369_410_000L, 7_000_000_100L);
            assertThat(p).extracting(RequestPlan::inputTokens).containsExactly(374, 396, 879, 1234);
            assertThat(p).extracting(RequestPlan::outputTokens).containsExactly(44, 109, 40, 299);
            assertThat(p).allSatisfy(r -> assertThat(tokens(r.prompt())).isEqualTo(r.inputTokens()));
            assertThat(p.get(0).prompt()).isNotEqualTo(p.get(1).prompt());
            assertThat(c.counts().skipped()).containsExactly(
                    Map.entry("no output tokens (a failed request in the trace)", 1L));
        }
    }

    @Test
    void azureTimestampsMayCarryAnOffsetOrFewerDigits() {
        assertThat(AzureTraceSource.epochNanos("1970-01-01 00:00:01.5", "x")).isEqualTo(1_500_000_000L);
        assertThat(AzureTraceSource.epochNanos("1970-01-01 00:00:01", "x")).isEqualTo(1_000_000_000L);
        assertThat(AzureTraceSource.epochNanos("1970-01-01 01:00:01.000000001+01:00", "x")).isEqualTo(1_000_000_001L);
        assertThat(AzureTraceSource.epochNanos("1970-01-01T00:00:02Z", "x")).isEqualTo(2_000_000_000L);
        assertThatThrownBy(() -> AzureTraceSource.epochNanos("16/11/2023 18:15", "azure trace 'a.csv' line 3"))
                .isInstanceOf(WorkloadDataException.class)
                .hasMessage("azure trace 'a.csv' line 3: TIMESTAMP must look like 2023-11-16 18:15:46.6805900, got '16/11/2023 18:15'");
    }

    @Test
    void burstGptSkipsFailedRequestsAndScalesTime() {
        BurstGptTraceSource burst = new BurstGptTraceSource(resource("burstgpt_sample.csv"),
                TraceOptions.defaults().withTimeScale(0.5));
        assertThat(burst.describe()).startsWith("burstgpt:").endsWith("burstgpt_sample.csv (scale=0.5)");
        try (PlanCursor c = burst.open(Fixtures.CONTEXT)) {
            List<RequestPlan> p = List.of(c.next().orElseThrow(), c.next().orElseThrow(), c.next().orElseThrow());
            assertThat(c.next()).isEmpty();
            // Timestamps 5, 118 and 118.5 s from the first row at 5 s, at half the gaps.
            assertThat(p).extracting(r -> r.arrivalNanos().getAsLong())
                    .containsExactly(0L, 56_500_000_000L, 56_750_000_000L);
            assertThat(p).extracting(RequestPlan::inputTokens).containsExactly(472, 417, 2045);
            assertThat(p).extracting(RequestPlan::outputTokens).containsExactly(18, 505, 37);
            assertThat(p).allSatisfy(r -> assertThat(tokens(r.prompt())).isEqualTo(r.inputTokens()));
            assertThat(c.counts().skipped()).containsEntry("no output tokens (a failed request in the trace)", 1L);
        }
    }

    @Test
    void columnsAreFoundByNameWhateverTheirOrder() {
        DataInput in = text("b.csv", "Log Type,Response tokens,Session ID,Request tokens,Timestamp\n"
                + "API log,9,s1,12,\"3.25\"\n");
        RequestPlan p = plans(new BurstGptTraceSource(in, TraceOptions.defaults()), 5).get(0);
        assertThat(p.inputTokens()).isEqualTo(12);
        assertThat(p.outputTokens()).isEqualTo(9);
        assertThat(p.arrivalNanos()).hasValue(0);
    }

    @Test
    void badCsvIsNamedWithFileLineAndColumn() {
        assertThatThrownBy(() -> plans(new AzureTraceSource(text("a.csv", "TIMESTAMP,Tokens\n"), TraceOptions.defaults()), 1))
                .hasMessage("azure trace 'a.csv' line 1: the header has no column ContextTokens, GeneratedTokens "
                        + "(expected TIMESTAMP,ContextTokens,GeneratedTokens, got TIMESTAMP,Tokens)");
        assertThatThrownBy(() -> plans(new AzureTraceSource(text("a.csv", ""), TraceOptions.defaults()), 1))
                .hasMessage("azure trace 'a.csv' is empty: expected a header line");
        assertThatThrownBy(() -> plans(new AzureTraceSource(text("a.csv",
                "TIMESTAMP,ContextTokens,GeneratedTokens\n2023-11-16 18:15:46.6805900,12x,4\n"), TraceOptions.defaults()), 1))
                .hasMessage("azure trace 'a.csv' line 2: ContextTokens must be a whole number of at least 0, got '12x'");
        assertThatThrownBy(() -> plans(new BurstGptTraceSource(text("b.csv",
                "Timestamp,Model,Request tokens,Response tokens\n5,ChatGPT,4\n"), TraceOptions.defaults()), 1))
                .hasMessage("burstgpt trace 'b.csv' line 2: expected 4 fields like the header, got 3");
        assertThatThrownBy(() -> plans(new BurstGptTraceSource(text("b.csv",
                "Timestamp,Model,Request tokens,Response tokens\nsoon,ChatGPT,4,5\n"), TraceOptions.defaults()), 1))
                .hasMessage("burstgpt trace 'b.csv' line 2: Timestamp must be a number of seconds, got 'soon'");
    }

    @Test
    void quotedFieldsFollowRfc4180() {
        DataInput in = text("b.csv", "Timestamp,Model,Request tokens,Response tokens,Note\n"
                + "3.5,\"gpt-4, 0613\",12,9,\"say \"\"hi\"\"\"\n");
        RequestPlan p = plans(new BurstGptTraceSource(in, TraceOptions.defaults()), 5).get(0);
        assertThat(p.inputTokens()).isEqualTo(12);
        assertThat(p.outputTokens()).isEqualTo(9);
        assertThatThrownBy(() -> plans(new AzureTraceSource(text("a.csv",
                "TIMESTAMP,ContextTokens,GeneratedTokens\n2023-11-16 18:15:46.6805900,2000000000,4\n"), TraceOptions.defaults()), 1))
                .hasMessage("azure trace 'a.csv' line 2: ContextTokens 2000000000 is over 2000000, the most tokens one request "
                        + "may have");
    }
}
