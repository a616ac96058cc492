package dev.gsf.bench;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * nginx (Debian nginx-light) serving the same directory with sendfile on, one worker per core, keep-alive without a
 * request limit and no access log: the reference a user would compare with.
 */
final class NginxPeer implements Peer {
    private final Process process;
    private final int port;

    private NginxPeer(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    static NginxPeer start(Path nginx, Path root, Path workDir) throws IOException {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        Path prefix = Files.createDirectories(workDir.resolve("nginx"));
        Files.createDirectories(prefix.resolve("logs"));
        Path conf = prefix.resolve("nginx.conf");
        Files.writeString(conf, """
                daemon off;
                master_process on;
                worker_processes auto;
                pid %1$s/nginx.pid;
                error_log %1$s/logs/error.log warn;
                events { worker_connections 16384; }
                http {
                    access_log off;
                    sendfile on;
                    tcp_nopush on;
                    keepalive_requests 1000000;
                    keepalive_timeout 75s;
                    default_type application/octet-stream;
                    client_body_temp_path %1$s/tmp;
                    server {
                        listen 127.0.0.1:%2$d;
                        root %3$s;
                    }
                }
                """.formatted(prefix.toAbsolutePath(), port, root.toAbsolutePath()));
        Files.createDirectories(prefix.resolve("tmp"));
        Process process = new ProcessBuilder(List.of(nginx.toString(), "-p", prefix.toAbsolutePath().toString(),
                "-c", conf.toAbsolutePath().toString())).redirectErrorStream(true)
                .redirectOutput(prefix.resolve("logs/stdout.log").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (true) { // nginx prints nothing when it is ready: wait until it accepts
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return new NginxPeer(process, port);
            } catch (IOException notYet) {
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    process.destroyForcibly();
                    throw new IOException("nginx did not start; see " + prefix.resolve("logs"));
                }
                java.util.concurrent.locks.LockSupport.parkNanos(50_000_000);
            }
        }
    }

    @Override
    public String name() {
        return "nginx";
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public ProcessHandle process() {
        return process.toHandle();
    }

    @Override
    public void close() {
        process.destroy(); // SIGTERM: nginx's master stops its workers
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
