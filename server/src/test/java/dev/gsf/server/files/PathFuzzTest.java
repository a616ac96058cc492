package dev.gsf.server.files;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fuzz target: request paths resolved against a tree with files, a hidden file, a directory, and symbolic links that
 * stay inside the root or lead out of it (to a file and to a directory). Invariants: with links outside refused, a
 * found file is a regular file, and a found directory a directory, inside the real root, never reached by a hidden
 * segment; with them allowed, the answers differ only where the refusing resolver said 403 (a path that leads
 * outside); a refusal is 400, 403 or 404; no exception.
 */
class PathFuzzTest {
    @TempDir
    static Path top;
    private static Path root;
    private static Path outside;
    private static PathResolver refusing;
    private static PathResolver following;

    @BeforeAll
    static void tree() throws IOException {
        root = Files.createDirectories(top.toRealPath().resolve("root"));
        outside = Files.createDirectories(top.toRealPath().resolve("outside"));
        Files.writeString(outside.resolve("secret.txt"), "secret");
        Files.writeString(root.resolve("a.txt"), "a");
        Files.writeString(root.resolve("a b%.txt"), "ab");
        Files.writeString(root.resolve(".hidden"), "h");
        Files.createDirectories(root.resolve("sub"));
        Files.writeString(root.resolve("sub/b.bin"), "b");
        Files.createSymbolicLink(root.resolve("in.txt"), root.resolve("sub/b.bin"));
        Files.createSymbolicLink(root.resolve("out.txt"), Path.of("../outside/secret.txt"));
        Files.createSymbolicLink(root.resolve("outdir"), outside);
        Files.createSymbolicLink(root.resolve("sub/up"), Path.of(".."));
        refusing = new PathResolver(root, false);
        following = new PathResolver(root, true);
    }

    @FuzzTest(maxDuration = "15m") // a run's cap, seeds' replay included; ./gsf fuzz --duration stops it
    void neverLeavesTheRootNorNamesARefusedLink(byte[] input) {
        String rawPath = new String(input, StandardCharsets.ISO_8859_1);
        PathResolver.Resolution refused = refusing.resolve(rawPath);
        switch (refused) {
            case PathResolver.Found found -> {
                assertThat(found.file()).as(rawPath).startsWith(root);
                assertThat(found.attributes().isRegularFile()).isTrue();
                assertThat(Files.isRegularFile(found.file())).isTrue();
                assertThat(rawPath).doesNotContain("/.");
            }
            case PathResolver.Directory directory -> {
                assertThat(directory.directory()).as(rawPath).startsWith(root);
                assertThat(Files.isDirectory(directory.directory())).as(rawPath).isTrue();
                assertThat(rawPath).doesNotContain("/.");
            }
            case PathResolver.Refused r -> assertThat(r.status()).as(rawPath).isIn(400, 403, 404);
        }
        PathResolver.Resolution followed = following.resolve(rawPath);
        Path place = placeOf(followed);
        if (place != null && !place.startsWith(root)) {
            assertThat(place).as(rawPath).startsWith(outside); // the one place the links lead
            assertThat(refused).as(rawPath).isInstanceOfSatisfying(PathResolver.Refused.class,
                    r -> assertThat(r.status()).isEqualTo(403));
        } else if (place != null) {
            assertThat(refused.getClass()).as(rawPath).isEqualTo(followed.getClass());
            assertThat(placeOf(refused)).as(rawPath).isEqualTo(place);
        } else if (!(refused instanceof PathResolver.Refused r && r.status() == 403)) { // outside, said before all else
            assertThat(refused).as(rawPath).isEqualTo(followed);
        }
    }

    /** The file or directory a resolution leads to; null for a refusal. */
    private static Path placeOf(PathResolver.Resolution resolution) {
        return switch (resolution) {
            case PathResolver.Found found -> found.file();
            case PathResolver.Directory directory -> directory.directory();
            case PathResolver.Refused refused -> null;
        };
    }
}
