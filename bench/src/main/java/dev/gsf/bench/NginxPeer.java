package dev.gsf.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntSupplier;

/**
 * nginx (Debian nginx-light) serving the same directory with sendfile on, one worker per core (pinned: per server
 * CPU, all under the master's taskset), keep-alive without a
 * request limit and no access log: the reference a user would compare with. Over TLS ({@code --tls}) it listens with
 * {@code ssl} on the run's certificate, TLS 1.3 only (OpenSSL then encrypts in user space: sendfile needs kTLS).
 * Started by root, its workers run as the owner of the served files ({@link NginxWorkers}).
 */
final class NginxPeer extends ChildPeer {
    private static final int BIND_ATTEMPTS = 5;
    private final int port;
    private final boolean tls;

    private NginxPeer(Process process, int port, boolean tls) {
        super("nginx", process); // SIGTERM on close: nginx's master stops its workers
        this.port = port;
        this.tls = tls;
    }

    /**
     * nginx on a free port, serving HTTPS only on {@code certificate} when given.
     *
     * @throws NginxWorkers.UnreadableRoot the user its workers would run as cannot reach {@code root}
     */
    static NginxPeer start(Path nginx, Path root, Path workDir, Optional<LoopbackCertificate> certificate)
            throws IOException {
        return start(nginx, root, workDir, certificate, Pinning.NONE, NginxPeer::freePort);
    }

    /** As above, on the server CPUs of {@code pin} with one worker per CPU (else one per core). */
    static NginxPeer start(Path nginx, Path root, Path workDir, Optional<LoopbackCertificate> certificate,
                           Pinning pin) throws IOException {
        return start(nginx, root, workDir, certificate, pin, NginxPeer::freePort);
    }

    /** As above, with {@code listen ... http2} when {@code http2} (see the ports variant). */
    static NginxPeer start(Path nginx, Path root, Path workDir, Optional<LoopbackCertificate> certificate,
                           Pinning pin, boolean http2) throws IOException {
        return start(nginx, root, workDir, certificate, pin, NginxPeer::freePort, http2);
    }

    /**
     * Starts nginx on a port from {@code ports}. A port found free may be taken before nginx binds it; nginx then
     * exits with "Address already in use" and the next port is tried. nginx writes its pid file only once it has
     * bound its port, so the pid file naming our process proves the port is nginx's and not someone else's.
     */
    static NginxPeer start(Path nginx, Path root, Path workDir, Optional<LoopbackCertificate> certificate,
                           Pinning pin, IntSupplier ports) throws IOException {
        return start(nginx, root, workDir, certificate, pin, ports, false);
    }

    /**
     * As above, with {@code listen ... http2} when {@code http2}: h2 by ALPN beside http/1.1 over TLS, and without
     * TLS h2c by prior knowledge only (nginx 1.22 then refuses HTTP/1.1 on that port).
     */
    static NginxPeer start(Path nginx, Path root, Path workDir, Optional<LoopbackCertificate> certificate,
                           Pinning pin, IntSupplier ports, boolean http2) throws IOException {
        String user = NginxWorkers.userDirective(root);
        Path prefix = Files.createDirectories(workDir.resolve("nginx"));
        Files.createDirectories(prefix.resolve("logs"));
        Files.createDirectories(prefix.resolve("tmp"));
        for (int attempt = 1; ; attempt++) {
            int port = ports.getAsInt();
            Optional<NginxPeer> peer = tryStart(nginx, root, prefix, port, certificate, user, pin, http2);
            if (peer.isPresent()) {
                return peer.get();
            }
            if (attempt == BIND_ATTEMPTS) {
                throw new IOException("nginx could not bind a free port in " + BIND_ATTEMPTS + " attempts; see "
                        + prefix.resolve("logs"));
            }
        }
    }

    /**
     * nginx listening on {@code port}, its workers run as {@code user} (the directive, or ""); empty when the port was
     * taken; an exception when nginx failed otherwise.
     */
    private static Optional<NginxPeer> tryStart(Path nginx, Path root, Path prefix, int port,
                                                Optional<LoopbackCertificate> certificate, String user, Pinning pin,
                                                boolean http2) throws IOException {
        Path conf = prefix.resolve("nginx.conf");
        Path pid = prefix.resolve("nginx.pid");
        Path output = prefix.resolve("logs/stdout.log");
        Files.deleteIfExists(pid);
        Files.writeString(conf, """
                %7$sdaemon off;
                master_process on;
                worker_processes %8$s;
                pid %1$s;
                error_log %2$s/logs/error.log warn;
                events { worker_connections 16384; }
                http {
                    access_log off;
                    sendfile on;
                    tcp_nopush on;
                    keepalive_requests 1000000;
                    keepalive_timeout 75s;
                    default_type application/octet-stream;
                    client_body_temp_path %2$s/tmp;
                    server {
                        listen 127.0.0.1:%3$d%5$s;
                        root %4$s;%6$s
                    }
                }
                """.formatted(pid.toAbsolutePath(), prefix.toAbsolutePath(), port, root.toAbsolutePath(),
                (certificate.isPresent() ? " ssl" : "") + (http2 ? " http2" : ""), certificate.map(NginxPeer::tlsDirectives).orElse(""), user,
                pin.on() ? Integer.toString(pin.serverCores()) : "auto"));
        Process process = new ProcessBuilder(pin.server(List.of(nginx.toString(), "-p",
                prefix.toAbsolutePath().toString(), "-c", conf.toAbsolutePath().toString())))
                .redirectErrorStream(true).redirectOutput(output.toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (!ownsPidFile(pid, process)) { // nginx prints nothing when it is ready
            if (!process.isAlive()) {
                String said = Files.readString(output);
                if (said.contains("Address already in use")) {
                    return Optional.empty();
                }
                throw new IOException("nginx exited " + process.exitValue() + " on port " + port + ": " + said.strip()
                        + "; see " + prefix.resolve("logs"));
            }
            if (System.nanoTime() > deadline) {
                process.destroyForcibly();
                throw new IOException("nginx did not start in 15 s; see " + prefix.resolve("logs"));
            }
            LockSupport.parkNanos(50_000_000);
        }
        return Optional.of(new NginxPeer(process, port, certificate.isPresent()));
    }

    /** The server block's TLS lines: the run's certificate, TLS 1.3 as the comparison asks. */
    private static String tlsDirectives(LoopbackCertificate certificate) {
        return "\n        ssl_certificate " + certificate.chain().toAbsolutePath() + ";"
                + "\n        ssl_certificate_key " + certificate.key().toAbsolutePath() + ";"
                + "\n        ssl_protocols TLSv1.3;";
    }

    private static boolean ownsPidFile(Path pid, Process process) throws IOException {
        try {
            return Files.readString(pid).strip().equals(Long.toString(process.pid()));
        } catch (NoSuchFileException notYet) {
            return false;
        }
    }

    private static int freePort() {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public String url() {
        return (tls ? "https" : "http") + "://127.0.0.1:" + port + "/";
    }
}
