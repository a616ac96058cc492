package dev.gsf.loadgen.agents;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * The agent's side of its standard input, the one channel from its coordinator (directly for local agents, through
 * the ssh session for remote ones). The coordinator writes one instruction only, {@link #STOP}: the agent then stops
 * its load early and writes its results, marked stopped. End of input means the coordinator, or the connection to
 * it, is gone: the agent then halts at once, writing nothing, since its load would be measured by nobody and would
 * go on loading a server someone may already be measuring again ("no agent outlives its coordinator").
 */
public final class StdinWatchdog {
    /** The exit code of an agent stopped because its coordinator went away. */
    public static final int COORDINATOR_GONE = 3;
    /** The line by which the coordinator asks its agent to stop early and write what it has. */
    public static final String STOP = "stop";

    private StdinWatchdog() {
    }

    /**
     * Starts a daemon thread that reads {@code in} line by line: on {@link #STOP} it runs {@code stop} (which must not
     * block; the agent's run then ends and writes its results, and the agent exits), other lines it ignores; at the
     * end of input (or a read that fails) it says so on {@code log} and halts the JVM with {@link #COORDINATOR_GONE},
     * whatever the agent is doing. Returns at once.
     */
    public static void watch(InputStream in, PrintStream log, Runnable stop) {
        Thread t = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    if (line.strip().equals(STOP)) {
                        log.println("gsf load: the coordinator asks this agent to stop: ending the load now and"
                                + " writing the results so far");
                        stop.run();
                    }
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
