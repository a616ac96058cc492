package dev.gsf.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TicksTest {

    @Test
    void stepsAreOneTwoOrFiveTimesAPowerOfTenAndCoverTheRange() {
        for (double max : new double[] {0.013, 0.02, 0.7, 1, 3.3, 9.99, 81.543, 120, 2_345, 987_654}) {
            Ticks t = Ticks.covering(0, max, 5);
            double mantissa = t.step() / Math.pow(10, Math.floor(Math.log10(t.step()) + 1e-9));
            assertThat(mantissa).as("step of %s", max).isIn(1.0, 2.0, 5.0);
            assertThat(t.from()).isZero();
            assertThat(t.last()).as("last tick of %s", max).isGreaterThanOrEqualTo(max);
            assertThat(t.last() - t.step()).as("one step too many for %s", max).isLessThan(max);
        }
    }

    @Test
    void labelsAreRoundAndNeverRepeat() {
        Ticks t = Ticks.covering(0, 81.543, 5);
        assertThat(t.values().stream().map(t::label).toList()).containsExactly("0", "20", "40", "60", "80", "100");
        for (double max : new double[] {0.013, 0.02, 0.045, 1.5, 33}) {
            Ticks small = Ticks.covering(0, max, 5);
            List<String> labels = small.values().stream().map(small::label).toList();
            assertThat(labels).as("labels for %s", max).doesNotHaveDuplicates();
        }
        Ticks hundredths = Ticks.covering(0, 0.02, 5);
        assertThat(hundredths.values().stream().map(hundredths::label).toList())
                .containsExactly("0.000", "0.005", "0.010", "0.015", "0.020");
    }

    @Test
    void anEmptyOrConstantRangeStillGetsAnAxis() {
        assertThat(Ticks.covering(0, 0, 5).last()).isEqualTo(1);
        assertThat(Ticks.covering(0, Double.NaN, 5).last()).isEqualTo(1);
        Ticks constant = Ticks.covering(5, 5, 5);
        assertThat(constant.from()).isLessThanOrEqualTo(5);
        assertThat(constant.last()).isGreaterThan(5);
    }

    @Test
    void aRangeAwayFromZeroStartsAtARoundTickBelowIt() {
        Ticks t = Ticks.covering(12.3, 47.9, 4);
        assertThat(t.step()).isEqualTo(10);
        assertThat(t.from()).isEqualTo(10);
        assertThat(t.last()).isEqualTo(50);
    }
}
