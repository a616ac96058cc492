package dev.gsf.algorithms;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * A file open for reading that a download sends from. Several downloads may share one: they read it only with
 * positional reads and {@code transferTo}, never through the channel's own position.
 *
 * <p>A download calls {@link #release()} exactly once, when it ends, on whichever thread ended it; the owner of the
 * file decides whether that closes the channel. A small file may be held in memory instead ({@link #contents()}),
 * read once and shared read-only by its downloads, which then never touch a channel.
 */
public interface OpenFile {

    /** The channel to read from; valid until {@link #release()}. Not called when {@link #contents()} is not null. */
    FileChannel channel();

    /**
     * How sections of {@link #channel()} are sent by sendfile: {@code FileChannel.transferTo} unless the owner knows a
     * more direct call. Valid until {@link #release()}.
     */
    default Sendfile sendfile() {
        return Sendfile.transferTo(channel());
    }

    /**
     * The download no longer needs the file. Must not block on a client or the disk; it may wait for the one send of
     * the download still in flight on another thread (the server's sendfile session closes its descriptor after that
     * call returns), which does not block either: a non-blocking socket's call returns at once.
     */
    void release();

    /** The whole file, read-only, when its owner holds it in memory; null when it is read from {@link #channel()}. */
    default ByteBuffer contents() {
        return null;
    }

    /** A file held in memory: {@code contents} is the whole file; no channel, nothing to release. */
    static OpenFile inMemory(ByteBuffer contents) {
        // The cache hands out read-only bytes already: no new view per request.
        ByteBuffer shared = contents.isReadOnly() ? contents : contents.asReadOnlyBuffer();
        return new OpenFile() {
            @Override
            public FileChannel channel() {
                throw new IllegalStateException("a file held in memory has no channel");
            }

            @Override
            public void release() {
            }

            @Override
            public ByteBuffer contents() {
                return shared;
            }
        };
    }

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
