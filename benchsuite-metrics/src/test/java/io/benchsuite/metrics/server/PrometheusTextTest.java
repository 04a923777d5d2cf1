package io.benchsuite.metrics.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;

class PrometheusTextTest {

    @Test
    void parsesLabelsWithEscapesSpecialValuesTimestampsAndComments() {
        PrometheusText t = PrometheusText.parse("""
                # HELP http_requests_total The total number of HTTP requests.
                # TYPE http_requests_total counter
                http_requests_total{method="post",code="200"} 1027 1395066363000
                http_requests_total{method="post",code="400"}    3 1395066363000
                # a free comment
                msdos_file_access_time_seconds{path="C:\\\\DIR\\\\FILE.TXT",error="Cannot find file:\\n\\"FILE.TXT\\""} 1.458255915e9
                metric_without_timestamp_and_labels 12.47
                something_weird{problem="division by zero"} +Inf -3982045
                negative_inf -Inf
                not_a_number NaN
                spaced { a = "x" , b="y",} 2
                """);
        assertThat(t.type("http_requests_total")).isEqualTo("counter");
        assertThat(t.counter("http_requests")).isEqualTo(1030);
        assertThat(t.counter("http_requests_total")).isEqualTo(1030);
        PrometheusText.Sample dos = t.series("msdos_file_access_time_seconds").get(0);
        assertThat(dos.labels()).isEqualTo(Map.of("path", "C:\\DIR\\FILE.TXT", "error", "Cannot find file:\n\"FILE.TXT\""));
        assertThat(dos.value()).isEqualTo(1.458255915e9);
        assertThat(t.sum("metric_without_timestamp_and_labels")).isEqualTo(12.47);
        assertThat(t.sum("something_weird")).isInfinite().isPositive();
        assertThat(t.sum("negative_inf")).isInfinite().isNegative();
        assertThat(t.sum("not_a_number")).isNaN();
        assertThat(t.series("spaced").get(0).labels()).isEqualTo(Map.of("a", "x", "b", "y"));
        assertThat(t.sum("absent")).isNaN();
    }

    @Test
    void mergesHistogramBucketsOverSeries() {
        PrometheusText t = PrometheusText.parse("""
                # TYPE lat histogram
                lat_bucket{le="0.1",pod="a"} 1
                lat_bucket{le="+Inf",pod="a"} 2
                lat_bucket{le="0.1",pod="b"} 3
                lat_bucket{le="+Inf",pod="b"} 5
                lat_sum{pod="a"} 0.5
                lat_sum{pod="b"} 1.5
                lat_count{pod="a"} 2
                lat_count{pod="b"} 5
                """);
        PrometheusText.Histogram h = t.histogram("lat");
        assertThat(h.buckets()).containsEntry(0.1, 4.0).containsEntry(Double.POSITIVE_INFINITY, 7.0);
        assertThat(h.sum()).isCloseTo(2.0, within(1e-12));
        assertThat(h.count()).isEqualTo(7);
        assertThat(t.histogram("absent")).isNull();
    }

    @Test
    void malformedInputNamesTheLine() {
        assertThatThrownBy(() -> PrometheusText.parse("ok 1\nbroken{a=\"x\" 2\n"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("line 2:");
        assertThatThrownBy(() -> PrometheusText.parse("x one"))
                .hasMessageContaining("line 1: not a number: 'one'");
        assertThatThrownBy(() -> PrometheusText.parse("<html><body>Not Found</body></html>"))
                .hasMessageContaining("line 1");
        assertThatThrownBy(() -> PrometheusText.parse("x{a=\"unterminated} 1"))
                .hasMessageContaining("unterminated label value");
    }
}
