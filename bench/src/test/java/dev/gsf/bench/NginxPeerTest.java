package dev.gsf.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The port nginx is given may be taken before nginx binds it: it must move to another, never report the taken one. */
class NginxPeerTest {
    private static final Path NGINX = Path.of("/usr/sbin/nginx");

    @Test
    @Timeout(60)
    void aPortTakenBeforeNginxBindsItIsGivenUpForTheNext(@TempDir Path dir) throws Exception {
        assumeThat(Files.isExecutable(NGINX)).as("nginx installed").isTrue();
        Path root = Files.createDirectories(dir.resolve("root"));
        Files.writeString(root.resolve("a.txt"), "served by nginx\n");
        for (Path p : List.of(dir, root)) { // nginx's workers may run as nobody
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        Files.setPosixFilePermissions(root.resolve("a.txt"), PosixFilePermissions.fromString("rw-r--r--"));
        // another program took the first port and accepts on it, as in the race
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
             ServerSocket free = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            int freePort = free.getLocalPort();
            free.close();
            Deque<Integer> ports = new ArrayDeque<>(List.of(taken.getLocalPort(), freePort));

            try (NginxPeer nginx = NginxPeer.start(NGINX, root, dir.resolve("work"), Optional.empty(),
                    ports::removeFirst)) {
                assertThat(ports).isEmpty();
                assertThat(nginx.port()).isEqualTo(freePort);
                HttpResponse<String> response = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()
                        .send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + nginx.port() + "/a.txt"))
                                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
                assertThat(response.statusCode()).isEqualTo(200);
                assertThat(response.headers().firstValue("server")).hasValueSatisfying(s -> assertThat(s)
                        .startsWith("nginx"));
                assertThat(response.body()).isEqualTo("served by nginx\n");
            }
        }
    }
}
