package dev.gsf.server.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The open file descriptors of this JVM (Linux /proc), and what the kernel holds unsent in a loopback connection. A
 * test that counts all of them must run alone in its JVM ({@code @Isolated}): the tests of other classes may run at
 * the same time and open their own.
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

    /**
     * The bytes the server's end of the loopback connection between {@code serverPort} and {@code clientPort} holds
     * that its client has not taken (tx_queue in /proc/net/tcp): above 0 while the client's window is closed, for on
     * loopback what the window lets through is taken at once. -1 when there is no such socket.
     */
    public static long unsentBytes(int serverPort, int clientPort) {
        String[] socket = socket(serverPort, clientPort);
        return socket == null ? -1 : Long.parseLong(socket[4].substring(0, socket[4].indexOf(':')), 16);
    }

    private static String inodeOf(int localPort, int remotePort) {
        String[] socket = socket(localPort, remotePort);
        return socket == null ? null : socket[9];
    }

    /** The columns of the socket with these ports that has an inode (the live one), from /proc/net/tcp or tcp6. */
    private static String[] socket(int localPort, int remotePort) {
        String local = String.format(":%04X", localPort);
        String remote = String.format(":%04X", remotePort);
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            try {
                for (String line : Files.readAllLines(Path.of(table))) {
                    String[] columns = line.trim().split("\\s+");
                    if (columns.length > 9 && columns[1].endsWith(local) && columns[2].endsWith(remote)
                            && !"0".equals(columns[9])) {
                        return columns;
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
