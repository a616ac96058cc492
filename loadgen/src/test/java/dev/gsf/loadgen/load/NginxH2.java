package dev.gsf.loadgen.load;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Test helper: nginx speaking h2c (HTTP/2 by prior knowledge, nginx 1.22's plain {@code listen ... http2}) on a free
 * loopback port, serving a directory; closing stops it. Tests use it only where nginx is installed.
 */
final class NginxH2 implements AutoCloseable {
    static final Path NGINX = Path.of("/usr/sbin/nginx");

    private final Process process;
    private final int port;

    private NginxH2(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    static boolean installed() {
        return Files.isExecutable(NGINX);
    }

    /** nginx on {@code root}, closing each connection by GOAWAY after {@code requests} streams. */
    static NginxH2 start(Path root, Path work, int requests) throws IOException {
        Path prefix = Files.createDirectories(work.resolve("nginx"));
        Files.createDirectories(prefix.resolve("logs"));
        for (int attempt = 1; ; attempt++) {
            int port;
            try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                port = probe.getLocalPort();
            }
            Path pid = prefix.resolve("nginx.pid");
            Files.deleteIfExists(pid);
            Path conf = prefix.resolve("nginx.conf");
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
                        keepalive_requests %5$d;
                        default_type application/octet-stream;
                        client_body_temp_path %2$s;
                        server {
                            listen 127.0.0.1:%3$d http2;
                            root %4$s;
                        }
                    }
                    """.formatted(pid.toAbsolutePath(), prefix.toAbsolutePath(), port, root.toAbsolutePath(),
                    requests));
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
                return new NginxH2(process, port);
            }
        }
    }

    private static boolean owns(Path pid, Process process) throws IOException {
        try {
            return Files.readString(pid).strip().equals(Long.toString(process.pid()));
        } catch (NoSuchFileException notYet) {
            return false;
        }
    }

    String url() {
        return "http://127.0.0.1:" + port + "/";
    }

    @Override
    public void close() throws Exception {
        process.destroy(); // SIGTERM: the master stops its workers
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }
}
