package dev.gsf.server.tls;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.common.TestFiles;
import dev.gsf.server.ServeCommand;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.ChildJvms;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.TestCerts;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a TLS keep-alive connection costs the server's heap once its downloads are done, measured in a server of its
 * own (a child JVM, so that the clients' memory is not counted): its engine and session, not a record buffer. Grizzly's
 * SSL filter kept the last buffer it wrapped into for the connection's life (the handshake's 33 KB, or a head's
 * 16.7 KB record), which ran 10,000 slow TLS clients out of the default 256 MB heap.
 */
@Order(1) // started first (junit-platform.properties): among the longest classes whose tests run one by one
class TlsHeapTest {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final Pattern HTTPS = Pattern.compile("https://127\\.0\\.0\\.1:(\\d+) ");
    private static final Pattern USED = Pattern.compile("used (\\d+)K");
    /** 100, not 150: a heap figure 650 KB off would still not carry 9.5 KB per connection past the 16 KB bound. */
    private static final int CONNECTIONS = 100;
    /**
     * Under one TLS record (16.7 KB): what is left is the connection's engine, session and Grizzly's state (9.5 KB
     * measured; 34.6 KB while the filter kept its buffer).
     */
    private static final long MOST_PER_CONNECTION = 16 << 10;
    @TempDir
    Path dir;
    private Process server;

    @AfterEach
    void stopTheChild() throws InterruptedException {
        if (server != null) {
            server.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @ParameterizedTest(name = "tls-provider={0}")
    @MethodSource("dev.gsf.server.testing.Variants#tlsProviders")
    void anIdleTlsConnectionHoldsNoRecordBufferAfterItsDownloads(String provider) throws Exception {
        int port = startServer(provider);
        List<RawHttp> clients = new ArrayList<>();
        try {
            for (int i = 0; i < 10; i++) { // the server's JIT, caches and pools reach their size first
                try (RawHttp warmUp = RawHttp.overTls(port, TestCerts.clientContext())) {
                    download(warmUp);
                }
            }
            long before = heapUsedAfterGc();
            for (int i = 0; i < CONNECTIONS; i++) {
                RawHttp client = RawHttp.overTls(port, TestCerts.clientContext());
                clients.add(client);
                download(client);
            }
            long perConnection = (heapUsedAfterGc() - before) / CONNECTIONS;
            assertThat(perConnection).as("heap per idle TLS connection, bytes").isLessThan(MOST_PER_CONNECTION);
        } finally {
            for (RawHttp client : clients) {
                client.close();
            }
        }
    }

    /**
     * A small file (head and body through the SSL filter), a larger one (its body as our own records), and last a
     * missing one (an error Grizzly answers, through the filter).
     */
    private static void download(RawHttp client) throws IOException {
        assertThat(client.exchange("GET", "/1KB.bin").status()).isEqualTo(200);
        RawHttp.Response larger = client.exchange("GET", "/200KB.bin");
        assertThat(larger.status()).isEqualTo(200);
        assertThat(larger.bodyLength()).isEqualTo(Files.size(TestFiles.fileSet().resolve("200KB.bin")));
        assertThat(client.exchange("GET", "/missing.bin").status()).isEqualTo(404);
    }

    /**
     * A GC, then the heap used, by one jcmd run (-f: the commands of a file, one after the other in the server): a
     * jcmd is a JVM of its own, and two per figure were four more JVM starts per provider.
     */
    private long heapUsedAfterGc() throws Exception {
        Matcher used = USED.matcher(jcmd("GC.run", "GC.heap_info"));
        assertThat(used.find()).as("jcmd GC.heap_info gives the heap used").isTrue();
        return Long.parseLong(used.group(1)) << 10;
    }

    /** jcmd's own JVM with the client compiler and the serial collector: the server's figures are not jcmd's. */
    private String jcmd(String... commands) throws Exception {
        Path file = Files.write(dir.resolve("jcmd-commands.txt"), List.of(commands));
        List<String> jcmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "jcmd")
                .toString()));
        jcmd.addAll(ChildJvms.toolOptions());
        jcmd.addAll(List.of(Long.toString(server.pid()), "-f", file.toString()));
        Process process = new ProcessBuilder(jcmd).redirectErrorStream(true).start();
        byte[] output = process.getInputStream().readAllBytes();
        assertThat(process.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)).as("jcmd %s exited", List.of(commands))
                .isTrue();
        return new String(output, StandardCharsets.UTF_8);
    }

    private int startServer(String provider) throws IOException {
        TestCerts.Issued cert = TestCerts.issue(dir, "server", TestCerts.Kind.EC, TestCerts.Form.PKCS8);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path out = dir.resolve("out.txt");
        // C1 alone: a few hundred requests; C2 was about half of the child's CPU, compiling what never paid back
        server = new ProcessBuilder(List.of(java, "-Xmx128m", "-XX:TieredStopAtLevel=1", "-cp",
                System.getProperty("java.class.path"),
                ServeCommand.class.getName(), "--port", "0", "--tls-port", "0", "--tls-cert", cert.chain().toString(),
                "--tls-key", cert.key().toString(), "--tls-provider", provider, "--algorithm", "ENBA", "--root",
                TestFiles.fileSet().toString()))
                .redirectErrorStream(true).redirectOutput(out.toFile()).start();
        Matcher[] address = new Matcher[1];
        Await.until("the start-up line", WAIT, () -> {
            address[0] = HTTPS.matcher(read(out));
            return address[0].find() || !server.isAlive();
        });
        assertThat(server.isAlive()).as("server started: %s", read(out)).isTrue();
        return Integer.parseInt(address[0].group(1));
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
