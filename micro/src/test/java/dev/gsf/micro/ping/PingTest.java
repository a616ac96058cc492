package dev.gsf.micro.ping;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.micro.report.Report;
import dev.gsf.report.Json;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class PingTest {
    private static PingSpec spec(int size) {
        return new PingSpec(size, 200, 2000, Duration.ofSeconds(5), Duration.ofSeconds(20));
    }

    @ParameterizedTest
    @EnumSource(PingStyle.class)
    @Timeout(60)
    void everyStyleCompletesEveryRoundTripWithTheRightMessageInBothModes(PingStyle style) {
        for (PingMode mode : PingMode.values()) {
            PingOutcome o = PingBench.run(style, mode, spec(mode == PingMode.SINGLE ? 1024 : 32));

            assertThat(o.status()).as(style + " " + mode + ": " + o.reason()).isEqualTo("OK");
            assertThat(o.roundTrips()).isEqualTo(2000);
            assertThat(o.mismatches()).isZero();
            assertThat(o.percentileMicros(1)).isPositive().isLessThanOrEqualTo(o.percentileMicros(50));
            assertThat(o.percentileMicros(50)).isLessThanOrEqualTo(o.percentileMicros(99.9));
            assertThat(o.kPerSecond()).isPositive();
        }
    }

    @Test
    @Timeout(60)
    void reportHasOneRowPerStyleAndModeAndValidJson() throws Exception {
        List<PingOutcome> outcomes = new ArrayList<>();
        for (PingMode mode : PingMode.values()) {
            for (int run = 0; run < 2; run++) {
                outcomes.add(PingBench.run(PingStyle.BLOCKING, mode, spec(64)));
            }
        }
        Report report = PingReport.of(outcomes, List.of(), List.of("test"));

        assertThat(report.text()).containsPattern("single +blocking +64 +2 +[\\d.]+ +[\\d.]+")
                .containsPattern("threaded +blocking +64 +2 ");
        PingReport.Results json = Json.read(Json.write(report.results()), PingReport.Results.class);
        assertThat(json.runs()).hasSize(4).allSatisfy(run -> {
            assertThat(run.style()).isEqualTo("blocking");
            assertThat(run.roundTrips()).isEqualTo(2000);
            assertThat(run.percentilesMicros()).containsOnlyKeys("1.0", "50.0", "99.0", "99.9", "max");
            assertThat(run.percentilesMicros().get("50.0")).isPositive();
        });
        assertThat(json.sockperf()).isEmpty();
    }
}
