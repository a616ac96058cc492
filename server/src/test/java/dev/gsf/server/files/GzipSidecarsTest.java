package dev.gsf.server.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** GzipSidecars ({@code gsf files --precompressed}): a .gz sidecar beside a file, made again once the file is newer. */
class GzipSidecarsTest {
    @TempDir
    Path dir;

    @Test
    void aGzipSidecarIsWrittenOnceAndAgainWhenTheFileIsNewer() throws IOException {
        byte[] content = new byte[300_000];
        new java.util.Random(3).nextBytes(content);
        Path file = Files.write(dir.resolve("f.bin"), content);
        Files.setLastModifiedTime(file, FileTime.from(Instant.parse("2026-11-01T00:00:00Z")));
        assertThat(GzipSidecars.write(file)).isTrue();
        Path sidecar = dir.resolve("f.bin.gz");
        try (InputStream in = new GZIPInputStream(Files.newInputStream(sidecar))) {
            assertThat(in.readAllBytes()).isEqualTo(content);
        }
        assertThat(GzipSidecars.write(file)).as("up to date").isFalse();
        Files.setLastModifiedTime(file, FileTime.from(Instant.now().plusSeconds(60)));
        assertThat(GzipSidecars.write(file)).as("the file is newer").isTrue();
        try (var names = Files.list(dir)) {
            assertThat(names.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("f.bin", "f.bin.gz");
        }
    }
}
