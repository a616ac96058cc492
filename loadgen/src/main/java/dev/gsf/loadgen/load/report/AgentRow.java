package dev.gsf.loadgen.load.report;

/**
 * One agent's line in a merged result's per-agent table.
 *
 * @param agent         the agent's result directory name
 * @param segment       "I/N"
 * @param clients       its clients (closed model) or most connections (open model)
 * @param downloads     its verified steady-state downloads
 * @param errors        its failed steady-state downloads
 * @param throughputMBs its steady-state throughput
 * @param startSkewMs   how late its ramp-up began after --start-at (NaN without)
 * @param stoppedAt     when it was stopped before its planned end, null when it was not
 */
public record AgentRow(String agent, String segment, int clients, long downloads, long errors, double throughputMBs,
                       double startSkewMs, java.time.Instant stoppedAt) {
}
