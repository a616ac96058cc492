package dev.gsf.loadgen.agents;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

/**
 * {@code --agents ssh:HOST,...}: one agent per host, started by the system's OpenSSH client ({@code -F} the given
 * config, BatchMode so that nothing ever prompts, keep-alives so that a dead link ends the session within 15 s).
 * Each agent writes its result to {@code /tmp/gsf-agent-RUN-I} on its host; afterwards one more ssh session streams
 * that directory back as a tar ({@code tar -C DIR -cf - .}) and removes it.
 *
 * @param remoteGsf gsf's launcher on the hosts (the remote command is {@code REMOTE_GSF load ...})
 * @param run       a name unique to this run, so agents of two runs (or two agents on one host) never share a directory
 */
public record SshLauncher(List<String> hosts, Path sshConfig, String remoteGsf, String run) implements Launcher {
    /** The longest the clock measurement of one host may take, ssh's connection included. */
    private static final Duration CLOCK_TIMEOUT = Duration.ofSeconds(20);
    /** ssh's exit code when the connection failed or was lost. */
    private static final int SSH_CONNECTION = 255;

    @Override
    public List<Agent> agents() {
        return IntStream.range(0, hosts.size()).mapToObj(i -> new Agent(i, hosts.size(), hosts.get(i))).toList();
    }

    @Override
    public Duration defaultMargin() {
        return Duration.ofSeconds(10); // an ssh handshake and a JVM's start on each host
    }

    @Override
    public ClockOffset clockOffset(Agent agent) throws IOException, InterruptedException {
        return ClockOffset.measure(ssh(agent.host(), ClockOffset.RESPONDER), CLOCK_TIMEOUT);
    }

    @Override
    public String outDir(Agent agent) {
        return "/tmp/gsf-agent-" + run + "-" + agent.index();
    }

    @Override
    public Process start(Agent agent, List<String> args) throws IOException {
        List<String> remote = new ArrayList<>(List.of(remoteGsf, "load"));
        remote.addAll(args);
        return new ProcessBuilder(ssh(agent.host(), ShellWords.join(remote))).start();
    }

    @Override
    public void fetch(Agent agent, Path local, Duration timeout) throws IOException, InterruptedException {
        Files.createDirectories(local);
        Path tar = Files.createTempFile(local.getParent(), agent.name(), ".tar");
        try {
            String dir = ShellWords.quote(outDir(agent));
            run(new ProcessBuilder(ssh(agent.host(), "tar -C " + dir + " -cf - . && rm -rf " + dir))
                    .redirectOutput(tar.toFile()), timeout, agent.label() + ": copying the result back");
            run(new ProcessBuilder("tar", "-xf", tar.toString(), "-C", local.toString()).redirectOutput(
                    ProcessBuilder.Redirect.DISCARD), timeout, agent.label() + ": unpacking the result");
        } finally {
            Files.deleteIfExists(tar);
        }
    }

    @Override
    public String ownExit(int exitCode) {
        return exitCode == SSH_CONNECTION ? "lost its ssh connection or was killed there (ssh exit 255)" : null;
    }

    /** {@code ssh [-F config] -o BatchMode=yes ... -T HOST COMMAND}. */
    List<String> ssh(String host, String command) {
        List<String> ssh = new ArrayList<>(List.of("ssh"));
        if (sshConfig != null) {
            ssh.addAll(List.of("-F", sshConfig.toString()));
        }
        ssh.addAll(List.of("-o", "BatchMode=yes", "-o", "ServerAliveInterval=5", "-o", "ServerAliveCountMax=3",
                "-T", host, command));
        return ssh;
    }

    /** Runs a step to its end within the timeout; IOException with its standard error when it fails. */
    private static void run(ProcessBuilder builder, Duration timeout, String what)
            throws IOException, InterruptedException {
        Path err = Files.createTempFile("gsf-agent-", ".err");
        try {
            Process p = builder.redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(
                    Path.of("/dev/null").toFile())).start();
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                throw new IOException(what + " took longer than " + timeout.toSeconds() + "s");
            }
            if (p.exitValue() != 0) {
                throw new IOException(what + " failed (exit " + p.exitValue() + "): " + Files.readString(err).strip());
            }
        } finally {
            Files.deleteIfExists(err);
        }
    }
}
