package dev.gsf.algorithms;

import java.io.IOException;
import java.nio.channels.WritableByteChannel;

/**
 * Bytes of a file that are read (or sent by sendfile) only at the moment the socket can take them, so that nothing
 * is held in memory between two writes. {@link WriteSink#write(FileSection, WriteSink.Written)} calls
 * {@link #writeTo} until {@link #remaining()} is 0, never from two threads at once.
 */
public sealed interface FileSection permits SendfileSection, CopySection, MemorySection {

    /**
     * Writes as many bytes as the channel takes now and returns how many (0 when it takes none).
     *
     * @throws IOException the channel failed, or the file ended before the section did (truncated on disk)
     */
    long writeTo(WritableByteChannel channel) throws IOException;

    /** Bytes still to write. */
    long remaining();
}
