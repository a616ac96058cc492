package dev.gsf.loadgen.load.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * Jain's index as properties over seeded random cases (the seed is in each message, so a failure repeats): its
 * bounds, its two ends (all equal gives 1, one non-zero of n gives 1/n), and that adding parts' sums equals adding
 * every client, as loops and agents merge.
 */
class FairnessTest {
    private static final double EPSILON = 1e-9;
    private static final int CASES = 100;
    private static final long MAX_BYTES = 1L << 40;

    @Test
    void liesBetweenOneOverNAndOne() {
        for (int seed = 0; seed < CASES; seed++) {
            long[] bytes = randomBytes(new SplittableRandom(seed));
            Fairness f = of(bytes);
            if (LongStream.of(bytes).allMatch(b -> b == 0)) {
                assertThat(f.jain()).as("seed %d", seed).isNaN(); // nobody received a byte
                continue;
            }
            assertThat(f.jain()).as("seed %d", seed).isBetween(1.0 / bytes.length - EPSILON, 1.0);
            assertThat(f.clients()).as("seed %d", seed).isEqualTo(bytes.length);
            assertThat(f.minBytes()).as("seed %d", seed).isEqualTo(LongStream.of(bytes).min().orElseThrow());
            assertThat(f.maxBytes()).as("seed %d", seed).isEqualTo(LongStream.of(bytes).max().orElseThrow());
        }
    }

    @Test
    void equalThroughputsGiveOne() {
        for (int seed = 0; seed < CASES; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            long[] bytes = new long[random.nextInt(1, 10_001)];
            Arrays.fill(bytes, random.nextLong(1, MAX_BYTES));
            assertThat(of(bytes).jain()).as("seed %d", seed).isCloseTo(1.0, within(EPSILON));
        }
    }

    @Test
    void oneNonZeroOfNGivesOneOverN() {
        for (int seed = 0; seed < CASES; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            int n = random.nextInt(1, 10_001);
            long only = random.nextLong(1, MAX_BYTES);
            long[] bytes = new long[n];
            bytes[random.nextInt(n)] = only;
            Fairness f = of(bytes);
            assertThat(f.jain()).as("seed %d", seed).isCloseTo(1.0 / n, within(EPSILON));
            assertThat(f.minBytes()).as("seed %d", seed).isEqualTo(n == 1 ? only : 0);
            assertThat(f.maxBytes()).as("seed %d", seed).isEqualTo(only);
        }
    }

    /** Loops and agents merge by adding their sums: the same figures as one tally of every client. */
    @Test
    void mergingPartsEqualsTheWhole() {
        for (int seed = 0; seed < CASES; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            long[] bytes = randomBytes(random);
            int cut = random.nextInt(bytes.length + 1);
            Fairness merged = of(Arrays.copyOfRange(bytes, 0, cut));
            Fairness second = of(Arrays.copyOfRange(bytes, cut, bytes.length));
            merged.add(second.clients(), second.sumBytes(), second.sumSquares(), second.minBytes(),
                    second.maxBytes());
            Fairness whole = of(bytes);
            assertThat(merged.clients()).as("seed %d", seed).isEqualTo(whole.clients());
            assertThat(merged.minBytes()).as("seed %d", seed).isEqualTo(whole.minBytes());
            assertThat(merged.maxBytes()).as("seed %d", seed).isEqualTo(whole.maxBytes());
            if (Double.isNaN(whole.jain())) {
                assertThat(merged.jain()).as("seed %d", seed).isNaN();
            } else {
                assertThat(merged.jain()).as("seed %d", seed).isCloseTo(whole.jain(), within(EPSILON));
            }
        }
    }

    @Test
    void noClientGivesNaNAndNegativeBytesAreRefused() {
        assertThat(new Fairness().jain()).isNaN();
        assertThat(new Fairness().minBytes()).isEqualTo(-1);
        assertThat(catchThrowable(() -> new Fairness().add(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("negative bytes: -1");
    }

    /** 1 to 200 clients; zeros, equal runs and extremes mixed in, as edge cases. */
    private static long[] randomBytes(SplittableRandom random) {
        long[] bytes = new long[random.nextInt(1, 201)];
        long repeated = random.nextLong(MAX_BYTES);
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = switch (random.nextInt(4)) {
                case 0 -> 0;
                case 1 -> repeated;
                case 2 -> MAX_BYTES;
                default -> random.nextLong(MAX_BYTES);
            };
        }
        return bytes;
    }

    private static Fairness of(long[] bytes) {
        Fairness f = new Fairness();
        LongStream.of(bytes).forEach(f::add);
        return f;
    }
}
