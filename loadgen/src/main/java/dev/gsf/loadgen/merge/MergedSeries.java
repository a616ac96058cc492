package dev.gsf.loadgen.merge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gsf.loadgen.load.metrics.IntervalSample;
import dev.gsf.loadgen.load.metrics.Phases;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The agents' time series added interval by interval on absolute time: each agent's point goes to the merged
 * interval nearest its own (its start + its seconds), where rates, counts (downloads, errors, handshakes),
 * connections, heap and CPU add up.
 *
 * @param samples         the merged series, seconds since the merged start
 * @param peakConnections the most connections open at once, over the merged intervals
 */
record MergedSeries(List<IntervalSample> samples, long peakConnections) {

    static MergedSeries of(List<AgentResult> agents, long startEpochMs, long intervalMs, Phases phases) {
        Map<Long, double[]> slots = new TreeMap<>();
        for (AgentResult a : agents) {
            // One agent's late sample and its next can land in one merged interval: there its counts add up, but its
            // rate and gauges (connections, heap) are averaged, else the agent would count twice in that interval.
            Map<Long, double[]> own = new TreeMap<>();
            double agentStart = AgentResult.number(a.clock(), "startEpochMs");
            for (JsonNode i : a.run().path("intervals")) {
                double at = agentStart + i.path("seconds").asDouble() * 1000;
                long slot = Math.max(1, Math.round((at - startEpochMs) / intervalMs));
                double[] sum = own.computeIfAbsent(slot, s -> new double[9]);
                sum[0] += AgentResult.number(i, "throughputMBs") * (1 << 20);
                sum[1] += i.path("completed").asLong();
                sum[2] += i.path("errors").asLong();
                sum[3] += i.path("connections").asLong();
                sum[4] += i.path("active").asLong();
                sum[5] += i.path("heapUsedBytes").asLong();
                double cpu = AgentResult.number(i, "cpuPercent");
                sum[6] += Double.isNaN(cpu) ? 0 : cpu;
                sum[7] += i.path("handshakes").asLong();
                sum[8]++;
            }
            own.forEach((slot, sum) -> {
                double[] merged = slots.computeIfAbsent(slot, s -> new double[8]);
                for (int k = 0; k < 8; k++) {
                    merged[k] += k == 1 || k == 2 || k == 7 ? sum[k] : sum[k] / sum[8];
                }
            });
        }
        List<IntervalSample> samples = new ArrayList<>();
        long peak = 0;
        for (var e : slots.entrySet()) {
            double seconds = e.getKey() * intervalMs / 1000.0;
            double[] s = e.getValue();
            samples.add(new IntervalSample(seconds, phases.nameAt(phases.startNanos() + (long) (seconds * 1e9)), s[0],
                    (long) s[1], (long) s[2], (long) s[7], (long) s[3], (long) s[4], (long) s[5], s[6]));
            peak = Math.max(peak, (long) s[3]);
        }
        return new MergedSeries(samples, peak);
    }
}
