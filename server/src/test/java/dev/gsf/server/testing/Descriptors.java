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
     * How many descriptors of this JVM lead to the server's end of the loopback TCP connection between
     * {@code serverPort} and {@code clientPort} (0 when it is closed): its socket found in /proc/net/tcp, tcp6 by
     * its ports. Exact, whatever other tests open meanwhile; no {@code @Isolated} needed.
     */
    public static long ofConnection(int serverPort, int clientPort) {
        String inode = inodeOf(serverPort, clientPort);
        return inode == null ? 0 : targets().stream().filter(("socket:[" + inode + "]")::equals).count();
    }

    private static String inodeOf(int localPort, int remotePort) {
        String local = String.format(":%04X", localPort);
        String remote = String.format(":%04X", remotePort);
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            try {
                for (String line : Files.readAllLines(Path.of(table))) {
                    String[] columns = line.trim().split("\\s+");
                    if (columns.length > 9 && columns[1].endsWith(local) && columns[2].endsWith(remote)
                            && !"0".equals(columns[9])) {
                        return columns[9];
                    }
                }
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
        return null;
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
