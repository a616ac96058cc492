package dev.gsf.loadgen.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * gsf load --http2 against nginx's h2c (where nginx is installed): several clients share a connection as streams,
 * every download is verified, and nginx's GOAWAY after a few streams per connection costs no download.
 */
class Http2LoadTest {

    @Test
    @Timeout(60)
    void streamsShareConnectionsAndSurviveGoAwayAgainstNginx(@TempDir Path dir) throws Exception {
        assumeThat(NginxH2.installed()).as("nginx installed").isTrue();
        Path root = Files.createDirectories(dir.resolve("root"));
        Path manifest = LoadFixture.files(root, LoadFixture.SMALL);
        for (Path p : java.util.List.of(dir, root)) {
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        try (NginxH2 nginx = NginxH2.start(root, dir.resolve("work"), 7)) {
            LoadFixture.Outcome o = LoadFixture.load(dir.resolve("out"), "--url", nginx.url(), "--manifest",
                    manifest.toString(), "--http2", "--streams", "3", "--clients", "6", "--threads", "1",
                    "--ramp-up", "0s", "--steady", "2s", "--ramp-down", "0s");
            assertThat(o.exitCode()).as(o.log()).isZero();
            JsonNode summary = o.summary();
            System.out.println(o.out());
            assertThat(summary.required("completed").longValue()).as(o.out()).isGreaterThan(20);
            assertThat(summary.required("errors").longValue()).as(o.out() + o.log()).isZero();
        }
    }

    /**
     * A server that resets a stream mid-body, ends one short of its Content-Length and stalls a third: each is its
     * own error kind, and the good stream on the same connection completes all the while.
     */
    @Test
    @Timeout(60)
    void resetShortAndStalledStreamsAreReportedWhileTheOthersComplete(@TempDir Path dir) throws Exception {
        try (HostileH2Server server = new HostileH2Server(dir)) {
            LoadFixture.Outcome o = hostile(dir, server, "ok.bin,rst.bin,short.bin,stall.bin", 4, "2s");
            assertThat(o.errors("stream")).as(o.out()).isPositive();
            assertThat(o.errors("length")).as(o.out()).isPositive();
            assertThat(o.errors("timeout")).as(o.out()).isPositive();
            assertThat(o.errors("goaway")).as(o.out()).isZero();
            assertThat(o.log()).contains("RST_STREAM INTERNAL_ERROR").contains("END_STREAM");
            // the good streams went on beside the stalled ones on the one connection
            assertThat(o.out()).contains("peak 1 connections");
            assertThat(o.summary().required("completed").longValue()).as(o.out()).isPositive();
        }
    }

    @Test
    @Timeout(60)
    void aGoAwayWithAnErrorFailsItsStreamsAsGoaway(@TempDir Path dir) throws Exception {
        try (HostileH2Server server = new HostileH2Server(dir)) {
            LoadFixture.Outcome o = hostile(dir, server, "goaway.bin", 2, "1s");
            assertThat(o.exitCode()).isNotZero();
            assertThat(o.errors("goaway")).as(o.out()).isPositive();
            assertThat(o.summary().required("completed").longValue()).isZero();
            assertThat(o.log()).contains("GOAWAY ENHANCE_YOUR_CALM_ERROR");
        }
    }

    /** `gsf load --http2` of {@code mix} against the hostile server, {@code clients} streams on one connection. */
    private static LoadFixture.Outcome hostile(Path dir, HostileH2Server server, String mix, int clients,
                                               String steady) throws Exception {
        Path manifest = LoadFixture.files(dir, HOSTILE);
        String n = Integer.toString(clients);
        return LoadFixture.load(dir.resolve("out"), "--url", server.url(), "--manifest", manifest.toString(), "--mix",
                mix, "--http2", "--streams", n, "--clients", n, "--threads", "1", "--timeout", "1s", "--ramp-up",
                "0s", "--steady", steady, "--ramp-down", "0s");
    }

    private static final java.util.List<dev.gsf.common.FileSet.Spec> HOSTILE = java.util.List.of(
            new dev.gsf.common.FileSet.Spec("ok.bin", 64L << 10), new dev.gsf.common.FileSet.Spec("rst.bin", 64L << 10),
            new dev.gsf.common.FileSet.Spec("short.bin", 64L << 10),
            new dev.gsf.common.FileSet.Spec("stall.bin", 64L << 10),
            new dev.gsf.common.FileSet.Spec("goaway.bin", 64L << 10));
}
