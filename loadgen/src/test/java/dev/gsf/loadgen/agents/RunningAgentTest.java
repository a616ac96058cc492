package dev.gsf.loadgen.agents;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** How an agent's exit is told as a failure: its launcher reads the codes that are its own (ssh's 255). */
@Timeout(30)
class RunningAgentTest {
    private static final Launcher LOCAL = new LocalLauncher(1, Path.of("out"), "Main");
    private static final Launcher SSH = new SshLauncher(List.of("h"), null, "/opt/gsf/gsf", "run");

    @Test
    void exit255IsALostSshConnectionOnlyThroughSsh() throws Exception {
        assertThat(exited(255).failure(SSH)).isEqualTo("agent-0 (h) lost its ssh connection or was killed there"
                + " (ssh exit 255)");
        assertThat(exited(255).failure(LOCAL)).isEqualTo("agent-0 (h) exited with code 255");
    }

    @Test
    void otherCodesMeanTheSameWhicheverLauncherStartedTheAgent() throws Exception {
        for (Launcher launcher : List.of(LOCAL, SSH)) {
            assertThat(exited(137).failure(launcher)).isEqualTo("agent-0 (h) was killed by signal 9 (exit 137)");
            assertThat(exited(2).failure(launcher)).startsWith("agent-0 (h) could not run (exit 2");
            assertThat(exited(7).failure(launcher)).isEqualTo("agent-0 (h) exited with code 7");
        }
    }

    /** An agent whose process has exited with {@code code}, its readers done. */
    private static RunningAgent exited(int code) throws Exception {
        Process process = new ProcessBuilder("sh", "-c", "exit " + code).start();
        assertThat(process.waitFor(10, TimeUnit.SECONDS)).isTrue();
        PrintStream log = new PrintStream(OutputStream.nullOutputStream());
        RunningAgent agent = new RunningAgent(new Agent(0, 1, "h"), process, log, null);
        agent.awaitReaders();
        return agent;
    }
}
