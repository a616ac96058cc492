package dev.gsf.loadgen.load.plan;

/** The exit codes of {@code gsf load}, and of the commands that judge a load result the same way (merge, suite). */
public final class ExitCodes {
    /** Every criterion passed. */
    public static final int PASSED = 0;
    /** The run took place, and a criterion failed. */
    public static final int FAILED = 1;
    /** Bad input, or the run could not start. */
    public static final int BAD_INPUT = 2;

    private ExitCodes() {
    }
}
