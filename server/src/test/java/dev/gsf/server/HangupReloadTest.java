package dev.gsf.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.common.TestFiles;
import dev.gsf.server.config.ServerConfig;
import dev.gsf.server.testing.AdminScrape;
import dev.gsf.server.testing.RawHttp;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real {@code gsf serve} process reloads its config file on {@code kill -HUP} and applies {@code POST /admin/config},
 * prints the start-up line again each time, and keeps its connections.
 */
class HangupReloadTest {
    private static final Path FILES = TestFiles.fileSet();
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String MD5_1MB = TestFiles.md5Of("1MB.bin");
    /** The server under test, whose threads a failed wait dumps. */
    private Process server;

    @Test
    void killHupAndAdminConfigApplyAndPrintTheStartUpLine_andARefusedOneLeavesTheServerAsItWas(@TempDir Path dir) throws Exception {
        Path config = dir.resolve("gsf.properties");
        Files.writeString(config, "algorithm=SBA\nworkers=4\n");
        // A process started with SIGHUP ignored (a build run under nohup) passes that on to its children, whose JVM
        // then keeps ignoring it: the server under test gets the default disposition back.
        Process process = serve(List.of("env", "--default-signal=HUP"), config);
        BlockingQueue<String> output = lines(process);
        try {
            String adminLine = awaitLine(output, line -> line.startsWith("gsf admin on http://127.0.0.1:"));
            int admin = Integer.parseInt(adminLine.replaceFirst("gsf admin on http://127\\.0\\.0\\.1:(\\d+) .*", "$1"));
            int port = ServerReady.parse(awaitLine(output, line -> line.startsWith("{"))).orElseThrow().port();
            try (RawHttp kept = new RawHttp(port)) {
                assertThat(download(kept)).isEqualTo("200 SBA " + MD5_1MB);

                Files.writeString(config, "algorithm=ENBA\nworkers=4\nchunk=16K\n");
                hangUp(process);
                assertThat(awaitLine(output, line -> line.startsWith("gsf: configuration reloaded")))
                        .contains("changed algorithm, chunk");
                assertThat(awaitLine(output, line -> line.startsWith("gsf serving")))
                        .contains("algorithm=ENBA", "workers=4", "chunk=16K", ":" + port + " ");
                assertThat(download(kept)).as("the connection opened before").isEqualTo("200 ENBA " + MD5_1MB);

                Files.writeString(config, "algorithm=VTA\nworkers=0\n");
                hangUp(process);
                assertThat(awaitLine(output, line -> line.contains("reload refused")))
                        .isEqualTo("gsf serve: reload refused, the running configuration stays in force: workers: 0"
                                + " is out of range (" + ServerConfig.Key.WORKERS.help + ")");
                assertThat(download(kept)).isEqualTo("200 ENBA " + MD5_1MB);
                try (RawHttp fresh = new RawHttp(port)) {
                    assertThat(download(fresh)).isEqualTo("200 ENBA " + MD5_1MB);
                }

                assertThat(AdminScrape.post(admin, "/admin/config", "algorithm=VTA\n").statusCode()).isEqualTo(200);
                assertThat(awaitLine(output, line -> line.startsWith("gsf: configuration reloaded")))
                        .contains("changed algorithm;");
                assertThat(awaitLine(output, line -> line.startsWith("gsf serving")))
                        .contains("algorithm=VTA", "workers=4", "chunk=16K", ":" + port + " ", "jvm-heap-max=");
                assertThat(download(kept)).isEqualTo("200 VTA " + MD5_1MB);
                assertThat(AdminScrape.post(admin, "/admin/config", "idle-timeout=5s\n").statusCode())
                        .isEqualTo(400);
                assertThat(awaitLine(output, line -> line.contains("reload refused")))
                        .startsWith("gsf serve: reload refused, the running configuration stays in force: idle-timeout:"
                                + " cannot change while the server runs");
                assertThat(process.isAlive()).isTrue();
            }
        } finally {
            stop(process);
        }
    }

    @Test
    void aServerStartedWithHangupIgnoredSaysThatKillHupWillNotReload(@TempDir Path dir) throws Exception {
        Path config = Files.writeString(dir.resolve("gsf.properties"), "algorithm=SBA\nworkers=4\n");
        Process process = serve(List.of("nohup"), config);
        BlockingQueue<String> output = lines(process);
        try {
            assertThat(awaitLine(output, line -> line.contains("SIGHUP is ignored")))
                    .isEqualTo(dev.gsf.server.config.Reload.HANGUP_IGNORED);
        } finally {
            stop(process);
        }
    }

    /** {@code gsf serve} on ephemeral ports with {@code config}, its command run through {@code prefix}. */
    private Process serve(List<String> prefix, Path config) throws IOException {
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> command = new ArrayList<>(prefix);
        command.add(java);
        command.addAll(dev.gsf.server.testing.ChildJvms.OPTIONS);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), ServeCommand.class.getName(),
                "--config", config.toString(), "--root", FILES.toString(), "--host", "127.0.0.1", "--port", "0",
                "--admin-port", "0", "--handshake"));
        server = new ProcessBuilder(command).redirectErrorStream(true).start();
        return server;
    }

    /** The process's output, line by line, as it comes. */
    private static BlockingQueue<String> lines(Process process) {
        BlockingQueue<String> output = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                lines.lines().forEach(output::add);
            } catch (IOException ended) {
                // the process is gone
            }
        }, "server-output");
        reader.setDaemon(true);
        reader.start();
        return output;
    }

    private static void stop(Process process) throws InterruptedException {
        process.destroy();
        if (!process.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(WAIT.toSeconds(), TimeUnit.SECONDS);
        }
    }

    private static void hangUp(Process process) throws Exception {
        Process kill = new ProcessBuilder("kill", "-HUP", Long.toString(process.pid())).inheritIO().start();
        assertThat(kill.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS) && kill.exitValue() == 0).as("kill -HUP").isTrue();
    }

    private static String threads(Process process) {
        String jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd").toString();
        try {
            Process dump = new ProcessBuilder(jcmd, Long.toString(process.pid()), "Thread.print")
                    .redirectErrorStream(true).start();
            String text = new String(dump.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            dump.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS);
            return text;
        } catch (IOException | InterruptedException e) {
            return "(no thread dump: " + e + ")";
        }
    }

    private static String download(RawHttp http) throws IOException {
        RawHttp.Response response = http.exchange("GET", "/1MB.bin");
        return response.status() + " " + response.header("X-Send-Algorithm") + " " + response.md5();
    }

    /**
     * The next line of the server's output that matches, skipping the others; fails after {@link #WAIT} with what the
     * server printed and its threads (a reload printed nothing twice: the build ran under nohup, whose ignored SIGHUP
     * the server inherited).
     */
    private String awaitLine(BlockingQueue<String> output, Predicate<String> wanted)
            throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        StringBuilder seen = new StringBuilder();
        while (true) {
            String line = output.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (line == null) {
                throw new AssertionError("no such line from the server within " + WAIT + "; it printed: " + seen
                        + "\nits threads:\n" + threads(server));
            }
            if (wanted.test(line)) {
                return line;
            }
            seen.append(line).append('\n');
        }
    }
}
