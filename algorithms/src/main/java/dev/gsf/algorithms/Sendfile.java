package dev.gsf.algorithms;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;

/**
 * How a file's bytes go to a socket without passing through user space: {@link #transferTo} by default; the owner of
 * an {@link OpenFile} may know a more direct call (the server calls sendfile(2) itself, one system call per write,
 * where {@code FileChannel.transferTo} pays a few more around it). Calls are positional: they never move a position
 * of the file, which downloads of the same file share.
 *
 * <p>Threads: any; one file's calls may run on many threads at once, one per download.
 */
@FunctionalInterface
public interface Sendfile {

    /**
     * Sends up to {@code count} bytes of the file, from {@code position}, to {@code target}: as many as it takes now.
     *
     * @return the bytes sent, 0 when {@code target} takes none now (a full non-blocking socket), -1 when the file has
     *         no byte at {@code position} (it is shorter than the download was told)
     * @throws IOException the target failed or was closed (a client that left), or the file could not be read
     */
    long send(long position, long count, WritableByteChannel target) throws IOException;

    /** {@code FileChannel.transferTo}: works for every channel and JDK. */
    static Sendfile transferTo(FileChannel file) {
        return (position, count, target) -> {
            long sent = file.transferTo(position, count, target);
            // A short transfer is either a full socket or the end of the file: only the file's size tells them apart.
            if (sent == 0 && count > 0 && position >= file.size()) {
                return -1;
            }
            return sent;
        };
    }
}
