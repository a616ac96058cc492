package dev.gsf.loadgen.segment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Properties of segments, 1,000 tries each from a fixed seed: for any clients, rate, segment count N and event loops
 * per agent, the segments' shares add up to the whole and differ by at most one, every global number (client or
 * arrival) belongs to exactly one loop of one segment, and the arrival rates add up to the whole rate.
 */
class SegmentPropertiesTest {
    private static final int TRIES = 1000;

    @Test
    void sharesAddUpAndDifferByAtMostOne() {
        SplittableRandom random = new SplittableRandom(37);
        for (int t = 0; t < TRIES; t++) {
            int total = random.nextInt(4) == 0 ? random.nextInt(10) : random.nextInt(Integer.MAX_VALUE);
            int count = 1 + (random.nextBoolean() ? random.nextInt(8) : random.nextInt(100_000));
            assertSharesAddUpAndDifferByAtMostOne(total, count);
        }
    }

    /** The shares of {@code total} among {@code count} segments add up to it and differ by at most one. */
    static void assertSharesAddUpAndDifferByAtMostOne(int total, int count) {
        long sum = 0;
        int min = Integer.MAX_VALUE;
        int max = 0;
        for (int i = 0; i < count; i++) {
            int share = new Segment(i, count).share(total);
            sum += share;
            min = Math.min(min, share);
            max = Math.max(max, share);
        }
        assertThat(sum).as(total + " in " + count + " segments").isEqualTo(total);
        assertThat(max - min).as(total + " in " + count + " segments").isLessThanOrEqualTo(1);
    }

    @Test
    void everyNumberBelongsToExactlyOneLoopOfOneSegment() {
        SplittableRandom random = new SplittableRandom(41);
        for (int t = 0; t < TRIES; t++) {
            int count = 1 + random.nextInt(50);
            int loops = 1 + random.nextInt(16);
            long total = random.nextInt(3) == 0 ? random.nextInt(Integer.MAX_VALUE) : random.nextInt(2000); // clients: an int
            String what = total + " numbers, " + count + " segments of " + loops + " loops";
            long counted = 0;
            for (int i = 0; i < count; i++) {
                for (int l = 0; l < loops; l++) {
                    counted += new Segment(i, count).stripe(l, loops).countBelow(total);
                }
            }
            assertThat(counted).as(what).isEqualTo(total);
            for (int k = 0; k < 20 && total > 0; k++) { // a number's one owner, found from its stripe
                long n = random.nextLong(total);
                int owners = 0;
                for (int i = 0; i < count; i++) {
                    for (int l = 0; l < loops; l++) {
                        Stripe s = new Segment(i, count).stripe(l, loops);
                        if (n >= s.first() && (n - s.first()) % s.stride() == 0) {
                            owners++;
                            long index = (n - s.first()) / s.stride();
                            assertThat(s.at(index)).isEqualTo(n);
                            assertThat(index).as(what).isLessThan(s.countBelow(total));
                        }
                    }
                }
                assertThat(owners).as(what + ": number " + n).isEqualTo(1);
            }
        }
    }

    @Test
    void arrivalRatesAddUpToTheWholeRate() {
        SplittableRandom random = new SplittableRandom(43);
        for (int t = 0; t < TRIES; t++) {
            double rate = random.nextDouble(0.001, 1e7);
            int count = 1 + random.nextInt(1000);
            double sum = 0;
            for (int i = 0; i < count; i++) {
                sum += new Segment(i, count).share(rate);
            }
            assertThat(sum).as(rate + " in " + count).isCloseTo(rate, org.assertj.core.data.Percentage.withPercentage(1e-9));
        }
    }
}
