package dev.gsf.loadgen.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real OpenSSH sshd of the test's own on a loopback port of 127.0.0.1 and 127.0.0.2 (two "hosts"), with its own
 * host key, user key, authorized_keys and configuration in a temporary directory, and the client configuration
 * ({@code ssh -F}) that reaches it: nothing of the system's ssh setup is read or changed (only sshd's privilege
 * separation directory /run/sshd is created when missing, as the package's service does). Closing it kills sshd and
 * every session it started.
 */
record SshdFixture(Path dir, Path clientConfig, int port, Process sshd) implements AutoCloseable {
    static final Path SSHD = Path.of("/usr/sbin/sshd");

    /**
     * Starts sshd; skips the test when sshd is not installed, except in CI (CI=true), where .ci/run installs it and
     * its absence is a failure.
     */
    static SshdFixture start(Path dir) throws Exception {
        if (!"true".equals(System.getenv("CI"))) {
            assumeTrue(Files.isExecutable(SSHD), "OpenSSH's sshd is not installed (apt-get install openssh-server)");
        }
        assertThat(SSHD).as("sshd (.ci/run installs openssh-server)").isExecutable();
        run(dir, "ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("host_key").toString());
        run(dir, "ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("user_key").toString());
        Files.copy(dir.resolve("user_key.pub"), dir.resolve("authorized_keys"));
        Files.createDirectories(Path.of("/run/sshd"));
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            port = probe.getLocalPort();
        }
        Path config = dir.resolve("sshd_config");
        Files.writeString(config, String.join("\n",
                "Port " + port,
                "ListenAddress 127.0.0.1",
                "ListenAddress 127.0.0.2",
                "HostKey " + dir.resolve("host_key"),
                "PidFile " + dir.resolve("sshd.pid"),
                "AuthorizedKeysFile " + dir.resolve("authorized_keys"),
                "StrictModes no",
                "PermitRootLogin prohibit-password",
                "PubkeyAuthentication yes",
                "PasswordAuthentication no",
                "KbdInteractiveAuthentication no",
                "UsePAM no",
                "MaxStartups 50",
                "MaxSessions 50",
                "LogLevel ERROR",
                ""));
        String hostKey = Files.readString(dir.resolve("host_key.pub")).strip();
        Files.writeString(dir.resolve("known_hosts"), "[127.0.0.1]:" + port + " " + hostKey + "\n"
                + "[127.0.0.2]:" + port + " " + hostKey + "\n");
        Path client = dir.resolve("ssh_config");
        Files.writeString(client, String.join("\n",
                "Host 127.0.0.1 127.0.0.2",
                "  Port " + port,
                "  User " + System.getProperty("user.name"),
                "  IdentityFile " + dir.resolve("user_key"),
                "  IdentitiesOnly yes",
                "  UserKnownHostsFile " + dir.resolve("known_hosts"),
                "  GlobalKnownHostsFile /dev/null",
                "  StrictHostKeyChecking yes",
                "  LogLevel ERROR",
                ""));
        Process sshd = new ProcessBuilder(SSHD.toString(), "-D", "-e", "-f", config.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("sshd.log").toFile()).start();
        SshdFixture fixture = new SshdFixture(dir, client, port, sshd);
        try {
            fixture.awaitListening("127.0.0.1");
            fixture.awaitListening("127.0.0.2");
        } catch (Exception | AssertionError e) {
            fixture.close();
            throw e;
        }
        return fixture;
    }

    /** Waits (at most 10 s) until sshd accepts connections on the address; fails with its log if it died. */
    private void awaitListening(String address) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(address, port), 1000);
                return;
            } catch (IOException e) {
                assertThat(sshd.isAlive()).as(() -> "sshd died: " + log()).isTrue();
                assertThat(System.nanoTime()).as(() -> "sshd does not listen on " + address + ": " + log())
                        .isLessThan(deadline);
                sshd.waitFor(50, TimeUnit.MILLISECONDS); // sshd is starting: give it a moment, or see it die
            }
        }
    }

    String log() {
        try {
            return Files.readString(dir.resolve("sshd.log"));
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    /** Kills sshd and its sessions (each connection is a child sshd). */
    @Override
    public void close() throws InterruptedException {
        List<ProcessHandle> sessions = sshd.descendants().toList();
        sshd.destroy();
        if (!sshd.waitFor(5, TimeUnit.SECONDS)) {
            sshd.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
        sessions.forEach(ProcessHandle::destroyForcibly);
    }

    private static void run(Path dir, String... command) throws Exception {
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(String.join(" ", command) + ": " + output).isZero();
    }
}
