package dev.gsf.loadgen.load.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** --ranges: its two forms, resolved against a file's length, and what it refuses. */
class RangeSpecTest {
    @Test
    void fixedRangesResolveAsRfc9110Says() {
        RangeSpec spec = RangeSpec.parse("0-99, 200-299,-100,1000-,900-5000");

        assertThat(spec.random()).isFalse();
        assertThat(spec.resolve(1024, new SplittableRandom(1))).containsExactly(new long[] {0, 99},
                new long[] {200, 299}, new long[] {924, 1023}, new long[] {1000, 1023}, new long[] {900, 1023});
        assertThatThrownBy(() -> spec.resolve(1000, new SplittableRandom(1)))
                .hasMessageContaining("range 1000- is past the end of a file of 1000 bytes");
    }

    @Test
    void randomRangesNeverOverlapAndStayInTheFile() {
        RangeSpec spec = RangeSpec.parse("5x1K");
        SplittableRandom random = new SplittableRandom(7);
        for (long length : List.of(5L, 4096L, 5120L, 1L << 20)) {
            for (int draw = 0; draw < 100; draw++) {
                List<long[]> ranges = spec.resolve(length, random);
                assertThat(ranges).hasSize(5);
                long each = Math.min(1024, length / 5);
                long previousLast = -1;
                for (long[] r : ranges) {
                    assertThat(r[1] - r[0] + 1).isEqualTo(each);
                    assertThat(r[0]).isGreaterThan(previousLast);
                    assertThat(r[1]).isLessThan(length);
                    previousLast = r[1];
                }
            }
        }
        assertThatThrownBy(() -> spec.resolve(4, random)).hasMessageContaining("cannot hold 5 ranges");
    }

    @Test
    void badSpecsSayWhatIsWrong() {
        for (String bad : List.of("", "abc", "5-1", "1-2-3", "-0", "x1K", "0x1K", "3x0", "2000x1")) {
            assertThatThrownBy(() -> RangeSpec.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
    }
}
