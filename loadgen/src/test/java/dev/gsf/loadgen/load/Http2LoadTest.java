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
}
