package dev.gsf.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.common.TestFiles;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.RawHttp;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gsf serve} in a child JVM that receives real SIGTERMs (Process.destroy sends SIGTERM on Unix). */
class StopSignalTest {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final Pattern ADDRESS = Pattern.compile("on http://127\\.0\\.0\\.1:(\\d+) ");
    @TempDir
    Path dir;
    private Process server;

    @AfterEach
    void killTheChild() {
        if (server != null) {
            server.destroyForcibly();
        }
    }

    @Test
    void sigtermLetsTheDownloadInProgressFinish_thenExits0AndLogsIt() throws Exception {
        int port = startServer("30s");
        try (RawHttp http = new RawHttp(port)) {
            assertThat(http.startDownload("/20MB.bin").status()).isEqualTo(200);
            server.destroy(); // SIGTERM
            awaitLog("draining");
            byte[] buffer = new byte[1 << 16];
            long received = 0;
            for (int n; received < (20 << 20) && (n = http.readSome(buffer)) > 0; ) {
                received += n;
            }
            assertThat(received).isEqualTo(20 << 20);
        }
        assertThat(server.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
        assertThat(server.exitValue()).isZero();
        assertThat(log()).contains("stopped: 1 download(s) in progress at the stop signal; 1 finished in")
                .contains("(1 completed), 0 cut");
    }

    @Test
    void aSecondSignalCutsAtOnce_andStillExits0() throws Exception {
        int port = startServer("10m");
        try (RawHttp stalled = new RawHttp(port)) {
            assertThat(stalled.startDownload("/100MB.bin").status()).isEqualTo(200);
            server.destroy();
            awaitLog("draining");
            server.destroy();
            assertThat(server.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)).as("exited long before the grace").isTrue();
        }
        assertThat(server.exitValue()).isZero();
        assertThat(log()).contains("stopped: 1 download(s) in progress at the stop signal; 0 finished in")
                .contains("(0 completed), 1 cut");
    }

    private int startServer(String grace) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new java.util.ArrayList<>(List.of(java));
        command.addAll(dev.gsf.server.testing.ChildJvms.OPTIONS);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), ServeCommand.class.getName(), "--port",
                "0", "--root", TestFiles.fileSet().toString(), "--shutdown-grace", grace));
        server = new ProcessBuilder(command)
                .redirectOutput(dir.resolve("out.txt").toFile())
                .redirectError(dir.resolve("err.txt").toFile())
                .start();
        Matcher[] address = new Matcher[1];
        Await.until("the start-up line", WAIT, () -> {
            address[0] = ADDRESS.matcher(read(dir.resolve("out.txt")));
            return address[0].find() || !server.isAlive();
        }, this::log);
        assertThat(server.isAlive()).as(this::log).isTrue();
        return Integer.parseInt(address[0].group(1));
    }

    private void awaitLog(String text) {
        Await.until("'" + text + "' in the log", WAIT, () -> log().contains(text), this::log);
    }

    private String log() {
        return read(dir.resolve("out.txt")) + read(dir.resolve("err.txt"));
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            return "";
        }
    }
}
