package dev.gsf.server.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The open file descriptors of this JVM (Linux /proc). A test that counts all of them must run alone in its JVM
 * ({@code @Isolated}): the tests of other classes may run at the same time and open their own.
 */
public final class Descriptors {
    private Descriptors() {
    }

    /**
     * What each open descriptor of this process leads to, but jars: the class loader keeps a jar open once a class
     * came from it, which is no leak of the server's.
     */
    public static List<String> targets() {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.map(fd -> {
                try {
                    return Files.readSymbolicLink(fd).toString();
                } catch (IOException e) {
                    return "gone";
                }
            }).filter(target -> !target.endsWith(".jar")).toList();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
