package dev.gsf.loadgen.agents;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;

/**
 * The agent's side of "no agent outlives its coordinator": the coordinator holds the agent's standard input open
 * (directly for local agents, through the ssh session for remote ones) and never writes to it, so end of input means
 * the coordinator, or the connection to it, is gone. The agent then stops at once: its load would be measured by
 * nobody and would go on loading a server someone may already be measuring again.
 */
public final class StdinWatchdog {
    /** The exit code of an agent stopped because its coordinator went away. */
    public static final int COORDINATOR_GONE = 3;

    private StdinWatchdog() {
    }

    /**
     * Starts a daemon thread that reads {@code in} until it ends (or fails), then says so on {@code log} and halts
     * the JVM with {@link #COORDINATOR_GONE}. Returns at once.
     */
    public static void watch(InputStream in, PrintStream log) {
        Thread t = new Thread(() -> {
            byte[] discard = new byte[256];
            try {
                while (in.read(discard) >= 0) {
                    // the coordinator writes nothing; whatever comes is not an instruction
                }
            } catch (IOException e) {
                // a broken pipe means the same as its end
            }
            log.println("gsf load: standard input closed: the coordinator is gone; stopping the load now");
            log.flush();
            // halt, not exit: nothing of this run is wanted any more, and a shutdown hook must not delay the stop
            Runtime.getRuntime().halt(COORDINATOR_GONE);
        }, "gsf-agent-stdin-watchdog");
        t.setDaemon(true);
        t.start();
    }
}
