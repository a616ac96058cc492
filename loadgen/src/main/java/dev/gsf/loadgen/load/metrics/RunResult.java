package dev.gsf.loadgen.load.metrics;

import java.util.List;
import java.util.Map;

/**
 * Everything one run measured, ready for the reports.
 *
 * @param server          the server's Server header, "unknown" when it sent none
 * @param algorithm       the send algorithm our server reports (X-Send-Algorithm), null for other servers
 * @param fileNames       the workload's files, in order
 * @param fileLengths     each file's length as the server announced it, -1 when unknown
 * @param warnings        things that went wrong before the load (probe) that did not stop it
 * @param abortReason     why the run did not take place, or null
 * @param phases          the run's phases
 * @param metrics         all loops' figures merged
 * @param errorSamples    the first message of each error kind
 * @param intervals       the time series
 * @param peakHeapBytes   most heap in use at a sample
 * @param peakConnections most connections open at a sample
 * @param steadyCpuPercent average process CPU in steady state, percent of one core
 * @param serverMetrics   what --server-metrics scraped, null when not asked
 * @param clock           where the run's clock sits on the wall clock
 * @param stopped         when and why the run was stopped before its planned end, or null when it was not
 */
public record RunResult(String server, String algorithm, List<String> fileNames, long[] fileLengths, List<String> warnings,
                        String abortReason, Phases phases, RunMetrics metrics, Map<ErrorKind, String> errorSamples,
                        List<IntervalSample> intervals, long peakHeapBytes, long peakConnections,
                        double steadyCpuPercent, ServerMetrics serverMetrics, RunClock clock,
                        Stopped stopped) {

    /** Who answered, for tables: the send algorithm when the server reports one, else its Server header. */
    public String identity() {
        return algorithm != null ? algorithm : server;
    }

    public boolean aborted() {
        return abortReason != null;
    }

    /** The run took place and went to its planned end: neither aborted nor stopped early. */
    public boolean complete() {
        return abortReason == null && stopped == null;
    }

    /** Seconds of steady state measured: all of it, or the part before the stop of a run stopped early. */
    public double steadySeconds() {
        if (stopped == null) {
            return phases.steadySeconds();
        }
        long end = Math.min(phases.steadyEnd(), Math.max(phases.steadyStart(), stopped.nanos()));
        return (end - phases.steadyStart()) / 1e9;
    }
}
