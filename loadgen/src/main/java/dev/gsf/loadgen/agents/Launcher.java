package dev.gsf.loadgen.agents;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Starts the agents of a distributed run where they run and brings their results back: on this host
 * ({@link LocalLauncher}) or through OpenSSH ({@link SshLauncher}). Every method is called by the coordinator's
 * thread and may block, each for a bounded time.
 */
public interface Launcher {
    /** Every agent, in segment order. */
    List<Agent> agents();

    /** How long before the common start the coordinator launches the agents when --launch-margin is not given. */
    Duration defaultMargin();

    /** The agent's host's clock against this one's ({@link ClockOffset#NONE} for this host). */
    ClockOffset clockOffset(Agent agent) throws IOException, InterruptedException;

    /** The {@code --out} directory of the agent, as a path on its host. */
    String outDir(Agent agent);

    /**
     * Starts {@code gsf load ARGS} as the agent. Its standard input is its lifeline: the coordinator keeps it open and
     * closes it to stop the agent (see {@link StdinWatchdog}); its standard error carries its progress lines.
     */
    Process start(Agent agent, List<String> args) throws IOException;

    /** Copies the agent's result directory into {@code local} (nothing to do when it was written there). */
    void fetch(Agent agent, Path local, Duration timeout) throws IOException, InterruptedException;

    /**
     * What an exit code of a process {@link #start} gave means when it is this launcher's own rather than the agent's
     * (ssh's 255: the connection failed or was lost), as it ends "agent-I (HOST) ..."; null when the code is the
     * agent's.
     */
    default String ownExit(int exitCode) {
        return null;
    }
}
