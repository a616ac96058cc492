package dev.gsf.algorithms;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;

/**
 * Bytes of a file that are read (or sent by sendfile) only at the moment the socket can take them, so that nothing
 * is held in memory between two writes. {@link WriteSink#write(FileSection, WriteSink.Written)} calls
 * {@link #writeTo} until {@link #remaining()} is 0, never from two threads at once.
 */
public sealed interface FileSection permits DiskSection, MemorySection {

    /**
     * Writes as many bytes as the channel takes now and returns how many (0 when it takes none).
     *
     * @throws IOException the channel failed, or the file ended before the section did (truncated on disk)
     */
    long writeTo(WritableByteChannel channel) throws IOException;

    /**
     * Whether {@link #writeTo} sends by sendfile, no byte passing through user space: a plain connection may then
     * send the bytes in pieces between bytes of its own (HTTP/2 DATA payloads between their frame headers).
     */
    default boolean zeroCopy() {
        return false;
    }

    /**
     * As {@link #writeTo}, at most {@code max} bytes; only for a {@link #zeroCopy} section.
     *
     * @throws UnsupportedOperationException the section is not zero-copy
     */
    default long writeTo(WritableByteChannel channel, long max) throws IOException {
        throw new UnsupportedOperationException("only a zero-copy section is written in pieces");
    }

    /**
     * Copies the section's next bytes into {@code target}, as many as it has room for, and moves past them: for a
     * connection that must change the bytes before they go out (TLS encrypts them), which sendfile cannot carry.
     * Reads at the section's own position (pread), never the file's shared one, so that downloads of one file do not
     * wait on each other's reads.
     *
     * @return the bytes copied (0 only when {@code target} has no room or nothing remains)
     * @throws IOException the file could not be read, or ended before the section did
     */
    int readInto(ByteBuffer target) throws IOException;

    /** Bytes still to write. */
    long remaining();
}
