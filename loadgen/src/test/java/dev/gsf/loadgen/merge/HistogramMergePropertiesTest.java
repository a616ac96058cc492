package dev.gsf.loadgen.merge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.loadgen.load.metrics.IntervalHistograms;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Properties of merging agents' histograms: for any values spread over any agents and intervals (some not in steady
 * state), the merged steady histogram is the histogram of all steady values, whatever the order of the agents and
 * of their intervals. 1,000 tries in memory through merge's own summing (AgentResult.steadySums), and a few through
 * result directories and {@link Merge#of} in both orders.
 */
class HistogramMergePropertiesTest {
    private static final String INIT = IntervalHistograms.STEADY + IntervalHistograms.INIT;

    @Test
    void mergingIsOrderIndependentAndEqualsOneHistogramOfAllValues() {
        SplittableRandom random = new SplittableRandom(53);
        for (int t = 0; t < 1000; t++) {
            Histogram all = new Histogram(3);
            List<List<Histogram>> agents = new ArrayList<>();
            for (int a = 1 + random.nextInt(5); a > 0; a--) {
                List<Histogram> intervals = new ArrayList<>();
                for (int i = random.nextInt(6); i > 0; i--) {
                    boolean steady = random.nextInt(4) != 0;
                    Histogram h = new Histogram(3);
                    h.setTag(steady ? INIT : IntervalHistograms.INIT);
                    for (int v = random.nextInt(30); v > 0; v--) {
                        long value = 1 + random.nextLong(random.nextBoolean() ? 10_000 : 30_000_000L);
                        h.recordValue(value);
                        if (steady) {
                            all.recordValue(value);
                        }
                    }
                    intervals.add(h);
                }
                agents.add(intervals);
            }
            Histogram forwards = merged(agents, new Random(t));
            Collections.reverse(agents);
            Histogram backwards = merged(agents, new Random(-t));
            assertThat(values(forwards)).as("try " + t).isEqualTo(values(all));
            assertThat(values(backwards)).as("try " + t).isEqualTo(values(all));
        }
    }

    @Test
    void mergedResultDirectoriesGiveTheSameSummaryInEitherOrder(@TempDir Path dir) throws Exception {
        SplittableRandom random = new SplittableRandom(59);
        for (int t = 0; t < 3; t++) {
            long[][] a = {{1 + random.nextInt(90_000), 1 + random.nextInt(50)}, {1 + random.nextInt(9), 3}};
            long[][] b = {{1 + random.nextInt(90_000), 1 + random.nextInt(50)}};
            Path pa = MergeTest.agent(dir.resolve(t + "a"), "0/2", a);
            Path pb = MergeTest.agent(dir.resolve(t + "b"), "1/2", b);
            var one = Merge.of(List.of(pa, pb)).result().summary();
            var other = Merge.of(List.of(pb, pa)).result().summary();
            assertThat(one.initMs.count()).isEqualTo(a[0][1] + a[1][1] + b[0][1]).isEqualTo(other.initMs.count());
            for (double p : new double[] {50, 90, 99}) {
                assertThat(one.initPercentileMs(p)).isEqualTo(other.initPercentileMs(p));
            }
            Files.walk(dir).sorted(java.util.Comparator.reverseOrder()).filter(p -> !p.equals(dir))
                    .forEach(p -> p.toFile().delete());
        }
    }

    /** As merge sums them: each agent's intervals in any order, then the agents. */
    private static Histogram merged(List<List<Histogram>> agents, Random order) {
        Histogram merged = new Histogram(3);
        for (List<Histogram> intervals : agents) {
            List<Histogram> shuffled = new ArrayList<>(intervals);
            Collections.shuffle(shuffled, order);
            Histogram steady = AgentResult.steadySums(shuffled).get(IntervalHistograms.INIT);
            if (steady != null) {
                merged.add(steady);
            }
        }
        return merged;
    }

    /** Every recorded value (at the histogram's precision) and its count. */
    private static List<String> values(Histogram h) {
        List<String> values = new ArrayList<>();
        for (HistogramIterationValue v : h.recordedValues()) {
            values.add(v.getValueIteratedTo() + "x" + v.getCountAtValueIteratedTo());
        }
        return values;
    }
}
