package dev.gsf.loadgen.agents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The clock offset over a real channel (a local shell answering with date, as ssh's remote side does). */
@Timeout(30)
class ClockOffsetTest {
    @Test
    void theSameClockIsWithinTheFastestRoundTripOfZero() throws Exception {
        ClockOffset offset = ClockOffset.measure(List.of("sh", "-c", ClockOffset.RESPONDER), Duration.ofSeconds(10));

        assertThat(offset.roundTripNanos()).isPositive();
        assertThat(Math.abs(offset.offsetNanos())).isLessThanOrEqualTo(offset.roundTripNanos());
    }

    @Test
    void aClockFiveSecondsAheadIsMeasuredAsFiveSecondsAhead() throws Exception {
        String ahead = "while read -r _; do echo $(( $(date +%s%N) + 5000000000 )); done";

        ClockOffset offset = ClockOffset.measure(List.of("sh", "-c", ahead), Duration.ofSeconds(10));

        assertThat(Math.abs(offset.offsetNanos() - 5_000_000_000L)).isLessThanOrEqualTo(offset.roundTripNanos());
        assertThat(offset.there(java.time.Instant.EPOCH)).isEqualTo(java.time.Instant.EPOCH.plusNanos(offset.offsetNanos()));
    }

    @Test
    void aChannelThatEndsOrAnswersNonsenseIsAnError() {
        assertThatThrownBy(() -> ClockOffset.measure(List.of("sh", "-c", "exit 255"), Duration.ofSeconds(10)))
                .isInstanceOf(IOException.class).hasMessageContaining("ended after 0 answers");
        assertThatThrownBy(() -> ClockOffset.measure(List.of("sh", "-c", "while read -r _; do echo noon; done"),
                Duration.ofSeconds(10))).isInstanceOf(IOException.class).hasMessageContaining("'noon'");
    }

    @Test
    void aChannelThatNeverAnswersIsCutAtTheTimeout() {
        long t0 = System.nanoTime();
        assertThatThrownBy(() -> ClockOffset.measure(List.of("sleep", "30"), Duration.ofMillis(500)))
                .isInstanceOf(IOException.class);
        assertThat(System.nanoTime() - t0).isLessThan(Duration.ofSeconds(10).toNanos());
    }
}
