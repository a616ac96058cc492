package dev.gsf.loadgen.load.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The reader of the Prometheus text format: names, labels and values; comments and histograms skipped. */
class PrometheusTextTest {
    /** In the shape the Prometheus Java client 1.x writes (text format 0.0.4). */
    private static final String EXPOSITION = """
            # HELP gsf_workers_busy worker pool threads running a turn
            # TYPE gsf_workers_busy gauge
            gsf_workers_busy 7.0
            # HELP gsf_downloads_in_progress downloads that had their first turn and have not ended
            # TYPE gsf_downloads_in_progress gauge
            gsf_downloads_in_progress{algorithm="EBA"} 3.0
            gsf_downloads_in_progress{algorithm="SBA"} 40.0
            # TYPE gsf_time_to_first_byte_seconds histogram
            gsf_time_to_first_byte_seconds_bucket{algorithm="SBA",le="0.005"} 10
            gsf_time_to_first_byte_seconds_bucket{algorithm="SBA",le="+Inf"} 12
            gsf_time_to_first_byte_seconds_count{algorithm="SBA"} 12
            gsf_time_to_first_byte_seconds_sum{algorithm="SBA"} 0.5
            gsf_time_to_first_byte_seconds_created{algorithm="SBA"} 1.7e9
            # TYPE rpc_duration_seconds summary
            rpc_duration_seconds{quantile="0.5"} 0.1
            rpc_duration_seconds_count 3
            # TYPE gsf_ended_total counter
            gsf_ended_total{algorithm="SBA",outcome="completed"} 1.2E3 1700000000000
            odd_label{path="C:\\\\dir\\"quoted\\"\\nline", empty="" , } -Inf
            process_resident_memory_bytes 1.234567e+08
            not_measured NaN
            big +Inf
            """;

    @Test
    void readsNamesLabelsAndValues_skippingCommentsHistogramsAndSummaries() {
        List<PrometheusText.Sample> samples = PrometheusText.parse(EXPOSITION);
        assertThat(samples).extracting(PrometheusText.Sample::name).containsExactly("gsf_workers_busy",
                "gsf_downloads_in_progress", "gsf_downloads_in_progress", "gsf_ended_total", "odd_label",
                "process_resident_memory_bytes", "not_measured", "big");
        assertThat(samples.get(1).labels()).isEqualTo(Map.of("algorithm", "EBA"));
        assertThat(samples.get(3)).isEqualTo(new PrometheusText.Sample("gsf_ended_total",
                Map.of("algorithm", "SBA", "outcome", "completed"), 1200));
        assertThat(samples.get(4).labels()).isEqualTo(Map.of("path", "C:\\dir\"quoted\"\nline", "empty", ""));
        assertThat(samples.get(4).value()).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(samples.get(5).value()).isEqualTo(123_456_700);
        assertThat(samples.get(6).value()).isNaN();
        assertThat(samples.get(7).value()).isEqualTo(Double.POSITIVE_INFINITY);
    }

    @Test
    void sumsAGaugeOverItsLabels_NaNWhenAbsent() {
        List<PrometheusText.Sample> samples = PrometheusText.parse(EXPOSITION);
        assertThat(PrometheusText.sum(samples, "gsf_downloads_in_progress")).isEqualTo(43);
        assertThat(PrometheusText.sum(samples, "gsf_workers_busy")).isEqualTo(7);
        assertThat(PrometheusText.sum(samples, "gsf_downloads_waiting")).isNaN();
        assertThat(PrometheusText.sum(samples, "gsf_time_to_first_byte_seconds_count")).as("a histogram's").isNaN();
    }

    @Test
    void readsOpenMetricsSampleLinesAndCrLf() {
        var samples = PrometheusText.parse("# TYPE a gauge\r\na{x=\"1\"} 2\r\n# EOF\r\n");
        assertThat(samples).containsExactly(new PrometheusText.Sample("a", Map.of("x", "1"), 2));
    }

    @Test
    void aLineThatIsNotASampleIsRefusedWithItsNumber() {
        assertThatThrownBy(() -> PrometheusText.parse("a 1\n<html>oops</html>\n"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("line 2 is not a sample");
        assertThatThrownBy(() -> PrometheusText.parse("a{x=\"1\" 2"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("line 1 is not a sample");
        assertThatThrownBy(() -> PrometheusText.parse("a{x=\"unterminated} 2"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("line 1 is not a sample");
        assertThatThrownBy(() -> PrometheusText.parse("a one"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'one' is not a number");
        assertThatThrownBy(() -> PrometheusText.parse("a"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("line 1 is not a sample");
    }
}
