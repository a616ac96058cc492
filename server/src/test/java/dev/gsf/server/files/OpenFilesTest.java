package dev.gsf.server.files;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.OpenFile;
import dev.gsf.server.testing.Await;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/** The cache's leases and bounds on real files, without a server: what is shared, when it closes, how much stays. */
@Isolated("lists every descriptor of the JVM")
class OpenFilesTest {
    @TempDir
    Path root;

    @Test
    void leasesOfOneFileShareOneChannel_whichClosesWithTheLastLeaseAfterTheCacheLetsItGo() throws IOException {
        write("a.txt", "abc");
        OpenFiles files = new OpenFiles(new PathResolver(root, false), Duration.ofMinutes(60));
        OpenFile first = files.open(found(files, "/a.txt"));
        OpenFile second = files.open(found(files, "/a.txt"));
        assertThat(second.channel()).isSameAs(first.channel());
        assertThat(openUnder(root)).isEqualTo(1);

        first.release();
        first.release(); // a second release of one lease must not take the other's away
        assertThat(second.channel().isOpen()).isTrue();
        files.close(); // the server stops while a download still holds the file
        ByteBuffer read = ByteBuffer.allocate(3);
        assertThat(second.channel().read(read, 0)).isEqualTo(3);
        second.release();
        assertThat(second.channel().isOpen()).isFalse();
        assertThat(openUnder(root)).isZero();
    }

    @Test
    void atMostMaxEntriesFilesStayOpen_andAFileBeyondThemWhileAllAreInUseGetsAChannelOfItsOwn() throws IOException {
        int files = OpenFiles.MAX_ENTRIES + 10;
        for (int i = 0; i < files; i++) {
            write(i + ".txt", Integer.toString(i));
        }
        OpenFiles cache = new OpenFiles(new PathResolver(root, false), Duration.ofMinutes(60));
        List<OpenFile> leases = new ArrayList<>();
        for (int i = 0; i < files; i++) {
            leases.add(cache.open(found(cache, "/" + i + ".txt")));
        }
        assertThat(openUnder(root)).as("one descriptor per download in use").isEqualTo(files);
        leases.forEach(OpenFile::release);
        assertThat(openUnder(root)).as("the cached ones stay open, the others close").isEqualTo(OpenFiles.MAX_ENTRIES);

        // All cached files are unused now: a new file pushes one out instead of going uncached.
        write("new.txt", "new");
        OpenFile fresh = cache.open(found(cache, "/new.txt"));
        fresh.release();
        assertThat(fresh.channel().isOpen()).as("cached").isTrue();
        assertThat(openUnder(root)).isEqualTo(OpenFiles.MAX_ENTRIES);
        cache.close();
        assertThat(openUnder(root)).isZero();
    }

    @Test
    void aFileUnusedForTheValidityIsClosed() throws IOException {
        write("a.txt", "abc");
        try (OpenFiles files = new OpenFiles(new PathResolver(root, false), Duration.ofMillis(100))) {
            files.open(found(files, "/a.txt")).release();
            assertThat(openUnder(root)).isEqualTo(1);
            Await.until("the unused file to be closed", Duration.ofSeconds(10), () -> openUnder(root) == 0);
        }
    }

    @Test
    void aSmallFileIsHeldInMemory_andItsDownloadsHoldNoDescriptor() throws IOException {
        Files.writeString(root.resolve("small.txt"), "small");
        try (OpenFiles files = new OpenFiles(new PathResolver(root, false), Duration.ofMinutes(60))) {
            OpenFile small = files.open(found(files, "/small.txt"));
            assertThat(small.contents()).isEqualTo(ByteBuffer.wrap("small".getBytes()));
            assertThat(small.contents().isReadOnly()).isTrue();
            assertThat(openUnder(root)).isZero();
            small.release();
        }
        try (OpenFiles uncached = new OpenFiles(new PathResolver(root, false), Duration.ZERO)) {
            OpenFile read = uncached.open(found(uncached, "/small.txt"));
            assertThat(read.contents()).as("validity zero: read from the file per download").isNull();
            read.release();
        }
    }

    /** A file one byte too big to be held in memory, so that its downloads lease its channel. */
    private void write(String name, String start) throws IOException {
        Files.write(root.resolve(name), java.util.Arrays.copyOf(start.getBytes(), OpenFiles.IN_MEMORY_MAX + 1));
    }

    private static PathResolver.Found found(OpenFiles files, String path) {
        return (PathResolver.Found) files.resolve(path);
    }

    /** Descriptors of this process open on files under {@code dir}. */
    private static long openUnder(Path dir) {
        String prefix;
        try {
            prefix = dir.toRealPath().toString();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.filter(fd -> {
                try {
                    return Files.readSymbolicLink(fd).toString().startsWith(prefix + "/");
                } catch (IOException gone) {
                    return false;
                }
            }).count();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
