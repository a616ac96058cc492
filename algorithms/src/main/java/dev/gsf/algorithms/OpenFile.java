package dev.gsf.algorithms;

import java.io.IOException;
import java.nio.channels.FileChannel;

/**
 * A file open for reading that a download sends from. Several downloads may share one: they read it only with
 * positional reads and {@code transferTo}, never through the channel's own position.
 *
 * <p>A download calls {@link #release()} exactly once, when it ends, on whichever thread ended it; the owner of the
 * file decides whether that closes the channel.
 */
public interface OpenFile {

    /** The channel to read from; valid until {@link #release()}. */
    FileChannel channel();

    /** The download no longer needs the file. Must not block. */
    void release();

    /** A file owned by a single download: releasing it closes the channel. */
    static OpenFile owned(FileChannel channel) {
        return new OpenFile() {
            @Override
            public FileChannel channel() {
                return channel;
            }

            @Override
            public void release() {
                try {
                    channel.close();
                } catch (IOException ignored) {
                    // nothing was written through this channel; a failed close loses nothing
                }
            }
        };
    }
}
