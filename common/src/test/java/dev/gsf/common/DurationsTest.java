package dev.gsf.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationsTest {
    @Test
    void everyUnitParses_aBareNumberIsSeconds() {
        assertThat(Durations.parse("250ms")).isEqualTo(Duration.ofMillis(250));
        assertThat(Durations.parse("1.5s")).isEqualTo(Duration.ofMillis(1500));
        assertThat(Durations.parse("30")).isEqualTo(Duration.ofSeconds(30));
        assertThat(Durations.parse("2m")).isEqualTo(Duration.ofMinutes(2));
        assertThat(Durations.parse("1h")).isEqualTo(Duration.ofHours(1));
        assertThat(Durations.parse(" 10 S ")).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void formatUsesTheLargestExactUnit_andParsesBackToTheSameDuration() {
        for (String text : new String[] {"1500ms", "10s", "2m", "1h", "90m", "0s"}) {
            assertThat(Durations.format(Durations.parse(text))).isEqualTo(text);
        }
    }

    @Test
    void anythingElseIsRefusedWithExamples() {
        for (String text : new String[] {"", "fast", "1d", "-1s", "1.s"}) {
            assertThatThrownBy(() -> Durations.parse(text)).as(text)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("500ms");
        }
    }
}
