package dev.gsf.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class StatsTest {
    @Test
    void medianExtremesMeanAndSampleStdevLeavingOutNaN() {
        Stats s = Stats.of(4, Double.NaN, 1, 3, 2);
        assertThat(s.count()).isEqualTo(4);
        assertThat(s.median()).isEqualTo(2.5);
        assertThat(s.min()).isEqualTo(1);
        assertThat(s.max()).isEqualTo(4);
        assertThat(s.mean()).isEqualTo(2.5);
        assertThat(s.stdev()).isCloseTo(Math.sqrt(5 / 3.0), within(1e-12));
        assertThat(Stats.of(7, 1, 3).median()).isEqualTo(3);
    }

    @Test
    void oneValueHasNoSpreadAndNoneHasNoFigures() {
        assertThat(Stats.of(5).stdev()).isZero();
        Stats none = Stats.of(Double.NaN);
        assertThat(none.count()).isZero();
        assertThat(none.median()).isNaN();
        assertThat(none.mean()).isNaN();
    }
}
