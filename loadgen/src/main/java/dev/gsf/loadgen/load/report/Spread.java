package dev.gsf.loadgen.load.report;

import java.util.Arrays;
import java.util.List;
import java.util.function.ToDoubleFunction;

/** With --runs N: each headline figure's median, min and max over the runs, so one lucky run does not mislead. */
public final class Spread {
    private Spread() {
    }

    public static String render(List<Summary> runs) {
        StringBuilder out = new StringBuilder("spread over " + runs.size() + " runs (median [min .. max]):\n");
        row(out, "total throughput (MB/s)", runs, s -> s.throughputMBs, 2);
        row(out, "downloads/s", runs, s -> s.downloadsPerSecond, 1);
        row(out, "avg init time (s)", runs, Summary::avgInitSeconds, 4);
        row(out, "p99 init time (ms)", runs, s -> s.initPercentileMs(99), 3);
        row(out, "avg speed (MB/s)", runs, Summary::avgSpeedMBs, 3);
        row(out, "error rate (%)", runs, s -> s.errorRatePercent, 3);
        return out.toString();
    }

    private static void row(StringBuilder out, String label, List<Summary> runs, ToDoubleFunction<Summary> figure,
                            int decimals) {
        double[] v = runs.stream().mapToDouble(figure).filter(d -> !Double.isNaN(d)).sorted().toArray();
        if (v.length == 0) {
            out.append(String.format("  %-24s -%n", label));
            return;
        }
        double median = v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
        out.append(String.format("  %-24s %s [%s .. %s]  %s%n", label, Fmt.num(median, decimals),
                Fmt.num(v[0], decimals), Fmt.num(v[v.length - 1], decimals), Arrays.toString(
                        Arrays.stream(v).mapToObj(d -> Fmt.num(d, decimals)).toArray())));
    }
}
