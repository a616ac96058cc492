package dev.gsf.loadgen.load.plan;

/**
 * The exit codes of {@code gsf load}, and of the commands that judge a load result the same way (merge, suite). One
 * more is an agent's alone: 3, its coordinator is gone (standard input closed): it halts at once and writes nothing
 * ({@code dev.gsf.loadgen.agents.StdinWatchdog.COORDINATOR_GONE}).
 */
public final class ExitCodes {
    /** Every criterion passed. */
    public static final int PASSED = 0;
    /** The run took place, and a criterion failed. */
    public static final int FAILED = 1;
    /** Bad input, or the run could not start. */
    public static final int BAD_INPUT = 2;
    /**
     * An agent stopped before its planned end by its coordinator's stop instruction: its results are written,
     * partial and marked stopped (summary.json's "stopped"). On SIGINT/SIGTERM gsf load writes them the same way but
     * exits as the signal says (130, 143).
     */
    public static final int STOPPED = 4;

    private ExitCodes() {
    }
}
