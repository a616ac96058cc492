package dev.gsf.loadgen.segment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gsf.loadgen.load.workload.FileChoices;
import dev.gsf.loadgen.load.workload.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The arithmetic of --segment: shares that add up exactly, and clients that keep their global file choices. */
class SegmentTest {

    @Test
    void clientSharesAddUpToTheWholeAndDifferByAtMostOne() {
        for (int clients = 0; clients <= 200; clients++) {
            for (int n = 1; n <= 7; n++) {
                SegmentPropertiesTest.assertSharesAddUpAndDifferByAtMostOne(clients, n);
            }
        }
        assertThat(List.of(new Segment(0, 3).share(100), new Segment(1, 3).share(100), new Segment(2, 3).share(100)))
                .containsExactly(34, 33, 33);
    }

    @Test
    void everyGlobalNumberBelongsToExactlyOneLoopOfOneSegment() {
        for (int total = 0; total <= 200; total += 7) {
            for (int n = 1; n <= 7; n++) {
                for (int loops = 1; loops <= 4; loops++) {
                    int[] owners = new int[total];
                    for (int i = 0; i < n; i++) {
                        Segment segment = new Segment(i, n);
                        int inSegment = 0;
                        for (int l = 0; l < loops; l++) {
                            Stripe stripe = segment.stripe(l, loops);
                            int here = stripe.countBelow(total);
                            for (int k = 0; k < here; k++) {
                                long global = stripe.at(k);
                                assertThat(global).isBetween(0L, total - 1L);
                                assertThat(global % n).isEqualTo(i);
                                owners[(int) global]++;
                            }
                            inSegment += here;
                        }
                        assertThat(inSegment).isEqualTo(segment.share(total));
                    }
                    for (int j = 0; j < total; j++) {
                        assertThat(owners[j]).as("client %d of %d, %d segments, %d loops", j, total, n, loops)
                                .isEqualTo(1);
                    }
                }
            }
        }
    }

    @Test
    void arrivalRateSharesAddUpToTheWholeSchedule() {
        double rate = 10;
        for (int n = 1; n <= 7; n++) {
            double sum = 0;
            for (int i = 0; i < n; i++) {
                sum += new Segment(i, n).share(rate);
            }
            assertThat(sum).isCloseTo(rate, org.assertj.core.data.Offset.offset(1e-9));
            // The schedule itself is exact: the arrivals of all segments' loops before 3 s are arrivals 0..29.
            int[] owners = new int[30];
            for (int i = 0; i < n; i++) {
                for (int l = 0; l < 2; l++) {
                    Stripe stripe = new Segment(i, n).stripe(l, 2);
                    for (long k = 0; stripe.at(k) * 1e9 / rate < 3e9; k++) {
                        owners[(int) stripe.at(k)]++;
                    }
                }
            }
            assertThat(owners).containsOnly(1);
        }
    }

    @Test
    void segmentsClientsDrawTheFilesTheyDrawInTheUnsegmentedRun(@TempDir Path dir) throws IOException {
        Workload workload = Workload.of(Files.writeString(dir.resolve("MD5SUMS"),
                "0f343b0931126a20f133d67c2b018a3b  a.bin\n0f343b0931126a20f133d67c2b018a3c  b.bin\n"
                        + "0f343b0931126a20f133d67c2b018a3d  c.bin\n"), "a.bin=1,b.bin=2,c.bin=3");
        int clients = 50;
        long seed = 42;
        Map<Long, List<Integer>> whole = choices(workload, Segment.WHOLE, 3, clients, seed);
        assertThat(whole).hasSize(clients);
        for (int n = 2; n <= 5; n++) {
            Map<Long, List<Integer>> union = new HashMap<>();
            for (int i = 0; i < n; i++) {
                union.putAll(choices(workload, new Segment(i, n), 2, clients, seed));
            }
            assertThat(union).as("%d segments", n).isEqualTo(whole);
        }
        assertThat(choices(workload, Segment.WHOLE, 1, clients, seed + 1)).isNotEqualTo(whole);
    }

    /** Each client's first 20 files, by global number, as the event loops of one segment draw them. */
    private static Map<Long, List<Integer>> choices(Workload workload, Segment segment, int loops, int clients,
                                                    long seed) {
        Map<Long, List<Integer>> byClient = new HashMap<>();
        for (int l = 0; l < loops; l++) {
            Stripe stripe = segment.stripe(l, loops);
            for (int k = 0; k < stripe.countBelow(clients); k++) {
                SplittableRandom stream = FileChoices.client(seed, stripe.at(k));
                List<Integer> files = new ArrayList<>();
                for (int d = 0; d < 20; d++) {
                    files.add(workload.pick(stream));
                }
                byClient.put(stripe.at(k), files);
            }
        }
        return byClient;
    }

    @Test
    void badSegmentsAreRefusedWithWhatIsWrong() {
        assertThatThrownBy(() -> Segment.parse("3/3")).hasMessageContaining("0 <= I < N");
        assertThatThrownBy(() -> Segment.parse("0/0")).hasMessageContaining("N >= 1");
        assertThatThrownBy(() -> Segment.parse("a/b")).hasMessageContaining("whole numbers");
        assertThatThrownBy(() -> Segment.parse("1")).hasMessageContaining("is not I/N");
        // a finding of merge's fuzz target: a segment read from a summary.json is refused in one line
        assertThatThrownBy(() -> Segment.parse("1\n/x")).hasMessageStartingWith("'1\\x0A/x' is not I/N");
        assertThat(Segment.parse(" 2/5 ")).isEqualTo(new Segment(2, 5));
    }
}
