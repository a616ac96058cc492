package dev.gsf.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The port nginx is given may be taken before nginx binds it: it must move to another, never report the taken one.
 * Started by root, nginx's workers run as the owner of the files, so that files only their owner may reach are served;
 * where even the owner cannot reach them, nginx is refused before it starts, naming the directory.
 */
class NginxPeerTest {
    private static final Path NGINX = Path.of("/usr/sbin/nginx");

    @Test
    @Timeout(60)
    void aPortTakenBeforeNginxBindsItIsGivenUpForTheNext(@TempDir Path dir) throws Exception {
        assumeThat(Files.isExecutable(NGINX)).as("nginx installed").isTrue();
        Path root = Files.createDirectories(dir.resolve("root"));
        Files.writeString(root.resolve("a.txt"), "served by nginx\n");
        for (Path p : List.of(dir, root)) { // readable by all: this test is about ports, not permissions
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
                    Pinning.NONE, ports::removeFirst)) {
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

    @Test
    @Timeout(60)
    void filesInADirectoryOnlyItsOwnerMayEnterAreServed(@TempDir Path dir) throws Exception {
        assumeThat(Files.isExecutable(NGINX)).as("nginx installed").isTrue();
        Path closed = Files.createDirectories(dir.resolve("closed")); // as mktemp -d makes it, or /root
        Path root = Files.createDirectories(closed.resolve("root"));
        byte[] bytes = new byte[100_000];
        new Random(34).nextBytes(bytes);
        Files.write(root.resolve("a.bin"), bytes);
        Files.setPosixFilePermissions(closed, PosixFilePermissions.fromString("rwx------"));

        try (NginxPeer nginx = NginxPeer.start(NGINX, root, dir.resolve("work"), Optional.empty())) {
            HttpResponse<byte[]> response = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()
                    .send(HttpRequest.newBuilder(URI.create(nginx.url() + "a.bin")).timeout(Duration.ofSeconds(10))
                            .build(), HttpResponse.BodyHandlers.ofByteArray());
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.headers().firstValue("server")).hasValueSatisfying(s -> assertThat(s)
                    .startsWith("nginx"));
            assertThat(response.body()).isEqualTo(bytes);
        }
    }

    @Test
    @Timeout(60)
    void pinnedNginxRunsOneWorkerPerServerCpu_masterAndWorkersOnThoseCpus_andItsCpuCountsThemAll(@TempDir Path dir)
            throws Exception {
        assumeThat(Files.isExecutable(NGINX)).as("nginx installed").isTrue();
        List<Integer> allowed = Pinning.allowedCpus();
        assumeThat(allowed.size()).as("two CPUs or more").isGreaterThan(1);
        Path root = Files.createDirectories(dir.resolve("root"));
        Files.write(root.resolve("a.bin"), new byte[1 << 20]);
        for (Path p : List.of(dir, root)) { // readable by all: this test is about CPUs, not permissions
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        Files.setPosixFilePermissions(root.resolve("a.bin"), PosixFilePermissions.fromString("rw-r--r--"));
        Pinning pin = Pinning.of(allowed.getFirst().toString(), allowed);
        try (NginxPeer nginx = NginxPeer.start(NGINX, root, dir.resolve("work"), Optional.empty(), pin)) {
            assertThat(Files.readString(dir.resolve("work/nginx/nginx.conf"))).contains("worker_processes 1;");
            // its workers are the master's children: what Footprint counts with it, all on the server CPU
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos(); // the master forks it once up
            while (nginx.process().descendants().count() < 1 && System.nanoTime() < deadline) {
                java.util.concurrent.locks.LockSupport.parkNanos(10_000_000);
            }
            assertThat(nginx.process().descendants().count()).as("workers").isEqualTo(1);
            List<ProcessHandle> all = java.util.stream.Stream.concat(java.util.stream.Stream.of(nginx.process()),
                    nginx.process().descendants()).toList();
            for (ProcessHandle p : all) {
                assertThat(cpusAllowed(p)).as("pid " + p.pid()).isEqualTo(allowed.getFirst().toString());
            }
            double before = Footprint.cpuSeconds(nginx.process());
            HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            for (int i = 0; i < 200; i++) { // 200 MB sent: some CPU, in the worker, not the master
                assertThat(client.send(HttpRequest.newBuilder(URI.create(nginx.url() + "a.bin"))
                        .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.discarding())
                        .statusCode()).isEqualTo(200);
            }
            long workerTicks = all.stream().skip(1).mapToLong(p -> Footprint.cpuTicks(p.pid())).sum();
            assertThat(workerTicks).as("the worker's own CPU").isPositive();
            assertThat(Footprint.cpuSeconds(nginx.process()) - before).isPositive();
        }
    }

    private static String cpusAllowed(ProcessHandle p) throws java.io.IOException {
        return Files.readAllLines(Path.of("/proc", Long.toString(p.pid()), "status")).stream()
                .filter(l -> l.startsWith("Cpus_allowed_list:")).map(l -> l.substring(l.indexOf(':') + 1).strip())
                .findFirst().orElseThrow();
    }

    @Test
    void aDirectoryClosedToTheFilesOwnerIsNamed(@TempDir Path dir) throws Exception {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x")); // JUnit's is owner-only
        Path closed = Files.createDirectories(dir.resolve("closed"));
        Path root = Files.createDirectories(closed.resolve("root"));
        Files.setPosixFilePermissions(closed, PosixFilePermissions.fromString("rwx------"));
        int stranger = 54_321; // neither the owner nor in the group of any directory here
        assertThat(NginxWorkers.firstClosed(root, stranger, stranger)).isEqualTo(closed);
        Files.setPosixFilePermissions(closed, PosixFilePermissions.fromString("rwx-----x"));
        assertThat(NginxWorkers.firstClosed(root, stranger, stranger)).isNull();
    }

    @Test
    void startedByRootNginxIsRefusedFilesTheirOwnerCannotReach(@TempDir Path dir) throws Exception {
        Path root = ownedByNobodyInADirectoryOnlyRootMayEnter(dir);

        assertThatThrownBy(() -> NginxPeer.start(NGINX, root, dir.resolve("work"), Optional.empty()))
                .isInstanceOf(NginxWorkers.UnreadableRoot.class)
                .hasMessage("nginx cannot serve " + root + ": its workers would run as nobody, the owner of the files,"
                        + " who cannot read " + root.getParent().toRealPath());
        assertThat(dir.resolve("work")).as("refused before anything was started or written").doesNotExist();
    }

    @Test
    void compareRefusesSuchFilesInOneLineBeforeAnyServerStarts(@TempDir Path dir) throws Exception {
        assumeThat(Files.isExecutable(NGINX)).as("nginx installed").isTrue();
        Path root = ownedByNobodyInADirectoryOnlyRootMayEnter(dir);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream stderr = System.err;
        int code;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            code = new CommandLine(new CompareCommand()).execute("--passes", "wrk", "--algorithms", "ENBA", "--files",
                    "1KB.bin", "--no-install", "--root", root.toString(), "--out", dir.resolve("out").toString());
        } finally {
            System.setErr(stderr);
        }
        assertThat(code).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("gsf compare: nginx cannot serve " + root
                + ": its workers would run as nobody, the owner of the files, who cannot read "
                + root.getParent().toRealPath() + System.lineSeparator());
        try (var written = Files.list(dir.resolve("out"))) {
            assertThat(written.toList()).as("no server started, so no log").isEmpty();
        }
    }

    /** dir/closed/root, root owned by nobody, closed (0700) by root; skips the test unless it runs as root. */
    private static Path ownedByNobodyInADirectoryOnlyRootMayEnter(Path dir) throws Exception {
        assumeThat(System.getProperty("user.name")).as("running as root").isEqualTo("root");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x")); // JUnit's is owner-only
        Path closed = Files.createDirectories(dir.resolve("closed"));
        Path root = Files.createDirectories(closed.resolve("root"));
        Files.setPosixFilePermissions(closed, PosixFilePermissions.fromString("rwx------"));
        UserPrincipalLookupService users = root.getFileSystem().getUserPrincipalLookupService();
        Files.setOwner(root, users.lookupPrincipalByName("nobody"));
        return root;
    }
}
