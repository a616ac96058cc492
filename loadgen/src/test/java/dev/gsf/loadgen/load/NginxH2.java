package dev.gsf.loadgen.load;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import dev.gsf.server.testing.TestCerts;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Test helper: nginx speaking h2c (HTTP/2 by prior knowledge, nginx 1.22's plain {@code listen ... http2}), h2 over
 * TLS, and TLS with http/1.1 only, on free loopback ports, serving a directory; closing stops it. Tests use it only
 * where nginx is installed.
 */
final class NginxH2 implements AutoCloseable {
    static final Path NGINX = Path.of("/usr/sbin/nginx");

    private final Process process;
    private final int[] ports;

    private NginxH2(Process process, int[] ports) {
        this.process = process;
        this.ports = ports;
    }

    static boolean installed() {
        return Files.isExecutable(NGINX);
    }

    /**
     * nginx on {@code root}, closing each connection by GOAWAY after {@code requests} streams, on three ports: h2c
     * ({@link #url}), h2 and http/1.1 by ALPN over TLS on {@code tls} ({@link #h2Url}), and TLS with http/1.1 only
     * ({@link #http11Url}).
     */
    static NginxH2 start(Path root, Path work, int requests, TestCerts.Issued tls) throws IOException {
        Path prefix = Files.createDirectories(work.resolve("nginx"));
        Files.createDirectories(prefix.resolve("logs"));
        for (int attempt = 1; ; attempt++) {
            int[] ports = freePorts();
            Path pid = prefix.resolve("nginx.pid");
            Files.deleteIfExists(pid);
            Path conf = prefix.resolve("nginx.conf");
            String certificate = "ssl_certificate " + tls.chain().toAbsolutePath() + "; ssl_certificate_key "
                    + tls.key().toAbsolutePath() + ";";
            Files.writeString(conf, """
                    daemon off;
                    master_process on;
                    worker_processes 1;
                    pid %1$s;
                    error_log %2$s/logs/error.log warn;
                    events { worker_connections 1024; }
                    http {
                        access_log off;
                        sendfile on;
                        keepalive_requests %4$d;
                        default_type application/octet-stream;
                        client_body_temp_path %2$s;
                        server { listen 127.0.0.1:%5$d http2; root %3$s; }
                        server { listen 127.0.0.1:%6$d ssl http2; root %3$s; %8$s }
                        server { listen 127.0.0.1:%7$d ssl; root %3$s; %8$s }
                    }
                    """.formatted(pid.toAbsolutePath(), prefix.toAbsolutePath(), root.toAbsolutePath(), requests,
                    ports[0], ports[1], ports[2], certificate));
            Path output = prefix.resolve("logs/stdout.log");
            Process process = new ProcessBuilder(NGINX.toString(), "-p", prefix.toAbsolutePath().toString(), "-c",
                    conf.toAbsolutePath().toString()).redirectErrorStream(true).redirectOutput(output.toFile())
                    .start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
            while (!owns(pid, process)) {
                if (!process.isAlive()) {
                    String said = Files.readString(output);
                    if (said.contains("Address already in use") && attempt < 5) {
                        break;
                    }
                    throw new IOException("nginx exited " + process.exitValue() + ": " + said.strip());
                }
                if (System.nanoTime() > deadline) {
                    process.destroyForcibly();
                    throw new IOException("nginx did not start in 15 s");
                }
                LockSupport.parkNanos(20_000_000);
            }
            if (process.isAlive()) {
                return new NginxH2(process, ports);
            }
        }
    }

    /** Three ports free now (nginx may still lose one to a race: then it starts again). */
    private static int[] freePorts() throws IOException {
        try (ServerSocket a = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             ServerSocket b = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             ServerSocket c = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return new int[] {a.getLocalPort(), b.getLocalPort(), c.getLocalPort()};
        }
    }

    private static boolean owns(Path pid, Process process) throws IOException {
        try {
            return Files.readString(pid).strip().equals(Long.toString(process.pid()));
        } catch (NoSuchFileException notYet) {
            return false;
        }
    }

    /** h2c by prior knowledge. */
    String url() {
        return "http://127.0.0.1:" + ports[0] + "/";
    }

    /** TLS, h2 (or http/1.1) by ALPN. */
    String h2Url() {
        return "https://127.0.0.1:" + ports[1] + "/";
    }

    /** TLS, http/1.1 only. */
    String http11Url() {
        return "https://127.0.0.1:" + ports[2] + "/";
    }

    @Override
    public void close() throws Exception {
        process.destroy(); // SIGTERM: the master stops its workers
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }
}
