package dev.gsf.loadgen.agents;

import dev.gsf.loadgen.load.plan.ExitCodes;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.Reader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * One started agent: its process, a reader thread per output stream (standard error into the live line and the
 * agent's log, standard output into the log), and how to stop it. The coordinator's thread calls {@link #requestStop}
 * and {@link #stop}; the readers are daemon threads that end with the streams.
 */
final class RunningAgent {
    /** A JVM's exit on SIGINT and on SIGTERM: gsf load writes its results first (its SignalStop). */
    private static final int SIGINT_EXIT = 128 + 2;
    private static final int SIGTERM_EXIT = 128 + 15;
    /** An exit code above 128 but no signal's (signals end at 64): a program's own, e.g. ssh's lost connection. */
    private static final int NO_SIGNAL = 255;

    final Agent agent;
    final Process process;
    private final Thread errReader;
    private final Thread outReader;

    RunningAgent(Agent agent, Process process, PrintStream agentLog, LiveLine live) {
        this.agent = agent;
        this.process = process;
        this.errReader = read(process.getErrorStream(), agentLog, live, "err");
        this.outReader = read(process.getInputStream(), agentLog, null, "out");
    }

    /**
     * Hands this agent to {@code exited} once its process has ended, from a daemon thread of its own (not through
     * Process.onExit, whose callbacks need a thread of the common pool, which the caller may be occupying).
     */
    void onExit(java.util.function.Consumer<RunningAgent> exited) {
        Thread t = new Thread(() -> {
            try {
                process.waitFor();
            } catch (InterruptedException e) {
                return;
            }
            exited.accept(this);
        }, "gsf-" + agent.name() + "-exit");
        t.setDaemon(true);
        t.start();
    }

    /** Exited with a code of a run that took place. */
    boolean ranToTheEnd() {
        // FAILED: its share failed a criterion, judged again on the merged result
        return !process.isAlive() && (process.exitValue() == ExitCodes.PASSED
                || process.exitValue() == ExitCodes.FAILED);
    }

    /**
     * Exited after stopping early, its partial results written: when asked ({@link #requestStop}), or on SIGINT or
     * SIGTERM of its own (a ctrl-C reaches every local agent of the coordinator's process group).
     */
    boolean stoppedEarly() {
        return !process.isAlive() && (process.exitValue() == ExitCodes.STOPPED || process.exitValue() == SIGINT_EXIT
                || process.exitValue() == SIGTERM_EXIT);
    }

    /** Why this agent's exit fails the run, naming the agent; {@code launcher} reads the exit codes of its own. */
    String failure(Launcher launcher) {
        int code = process.exitValue();
        String launcherSays = launcher.ownExit(code);
        String why = switch (code) {
            case 2 -> "could not run (exit 2: bad options, or the server could not be reached)";
            case StdinWatchdog.COORDINATOR_GONE -> "stopped because its standard input closed (exit 3)";
            case ExitCodes.STOPPED -> "stopped early when asked (exit 4)";
            default -> launcherSays != null ? launcherSays
                    : code > 128 && code != NO_SIGNAL ? "was killed by signal " + (code - 128) + " (exit " + code + ")"
                    : "exited with code " + code;
        };
        return agent.label() + " " + why;
    }

    /**
     * Asks the agent to stop early: the {@link StdinWatchdog#STOP} instruction on its standard input (through ssh, the
     * remote agent's). It then ends its load, writes its results marked stopped and exits with {@link ExitCodes#STOPPED}.
     * Returns at once; nothing happens when the agent is gone already.
     */
    void requestStop() {
        try {
            OutputStream in = process.getOutputStream();
            in.write((StdinWatchdog.STOP + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
        } catch (IOException e) {
            // the process is gone: its input is closed
        }
    }

    /**
     * Stops the agent at once: closes its standard input (it halts at once, see {@link StdinWatchdog}; through ssh this
     * closes the remote agent's input too), then terminates and at last kills the process if it is still there.
     */
    void stop() throws InterruptedException {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // already closed: the process is gone
        }
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
            process.destroy();
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        }
        awaitReaders();
    }

    /** Waits a bounded time for the readers to reach the streams' ends (once the process is gone). */
    void awaitReaders() throws InterruptedException {
        errReader.join(5_000);
        outReader.join(5_000);
    }

    /** Reads lines ended by \n or \r (an agent rewrites its progress line with \r) into the log and the live line. */
    private Thread read(InputStream stream, PrintStream agentLog, LiveLine live, String which) {
        Thread t = new Thread(() -> {
            StringBuilder line = new StringBuilder();
            try (Reader in = new InputStreamReader(stream, StandardCharsets.UTF_8)) {
                int c;
                while ((c = in.read()) >= 0) {
                    if (c != '\n' && c != '\r') {
                        line.append((char) c);
                        continue;
                    }
                    deliver(line.toString(), agentLog, live);
                    line.setLength(0);
                }
            } catch (IOException e) {
                // the process is gone; what was read is delivered below
            }
            deliver(line.toString(), agentLog, live);
        }, "gsf-" + agent.name() + "-" + which);
        t.setDaemon(true);
        t.start();
        return t;
    }

    private void deliver(String line, PrintStream agentLog, LiveLine live) {
        if (line.isBlank()) {
            return;
        }
        synchronized (agentLog) {
            agentLog.println(line);
        }
        if (live != null) {
            live.line(agent, line);
        }
    }
}
