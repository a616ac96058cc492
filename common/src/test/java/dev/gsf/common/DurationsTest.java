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
        for (String text : new String[] {"1500ms", "10s", "2m", "1h", "90m", "0s", "9223372036854ms", "2562047h"}) {
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

    /** A fuzz finding: a huge value was saturated to 292 years, and a large one came back 1 ms short. */
    @Test
    void whatADurationCannotHoldIsRefused_notSaturated() {
        for (String text : new String[] {"2562048h", "9223372036855ms", "1555555555555555555555555555555550s"}) {
            assertThatThrownBy(() -> Durations.parse(text)).as(text).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("'" + text + "' is too long (at most 2562047h)");
        }
        assertThat(Durations.parse("0.0000015ms")).isEqualTo(Duration.ofNanos(2)); // to the nearest nanosecond
    }

    /** A value from a file or an agent may hold a line break: the refusal stays one line. */
    @Test
    void aRefusedValueIsQuotedOnOneLine() {
        assertThatThrownBy(() -> Durations.parse("fa\nst")).hasMessageStartingWith("'fa\\x0Ast' is not a duration");
        assertThatThrownBy(() -> ByteSize.parse("1\u0085K")).hasMessageStartingWith("'1\\x85K' is not a size");
        assertThatThrownBy(() -> ByteSize.parse("1\u2028K")).hasMessageStartingWith("'1\\u2028K' is not a size");
        assertThat(Quoted.escaped("a\tb\r\n\u007f\u2029é")).isEqualTo("a\\x09b\\x0D\\x0A\\x7F\\u2029é");
    }
}
