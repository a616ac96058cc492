package dev.gsf.algorithms;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * A section read from its file only when it is written: where it is in the file, what remains, and
 * {@link #readInto} for a connection that changes the bytes (TLS), written once. The two kinds differ only in
 * {@link #writeTo}: {@link CopySection} copies through a pooled buffer, {@link SendfileSection} leaves the copy to
 * the kernel. The file is read at the section's own position (pread), never at the channel's shared one.
 */
abstract sealed class DiskSection implements FileSection permits CopySection, SendfileSection {
    final FileChannel file;
    private long position;
    private volatile long remaining; // read by the write-timeout sweeper

    DiskSection(FileChannel file, long position, long length) {
        this.file = file;
        this.position = position;
        this.remaining = length;
    }

    /** Where the section's next byte is in the file. */
    final long position() {
        return position;
    }

    /** Moves past {@code bytes} that went out (or were read). */
    final void advance(long bytes) {
        position += bytes;
        remaining -= bytes;
    }

    @Override
    public final int readInto(ByteBuffer target) throws IOException {
        int read = readAt(file, position, remaining, target);
        advance(read);
        return read;
    }

    @Override
    public final long remaining() {
        return remaining;
    }

    /** Fills {@code buffer} (cleared first) with up to {@code wanted} bytes at {@code position}; flipped, returns them. */
    static int read(FileChannel file, long position, long wanted, ByteBuffer buffer) throws FileReadException {
        readAt(file, position, wanted, buffer.clear());
        return buffer.flip().remaining();
    }

    /**
     * Reads up to {@code wanted} bytes at {@code position} into {@code target}'s room, after what it holds; returns
     * how many.
     */
    static int readAt(FileChannel file, long position, long wanted, ByteBuffer target) throws FileReadException {
        int limit = target.limit();
        target.limit((int) Math.min(limit, target.position() + wanted));
        int start = target.position();
        try {
            while (target.hasRemaining()) {
                if (file.read(target, position + target.position() - start) < 0) {
                    throw FileReadException.truncated();
                }
            }
        } catch (FileReadException e) {
            throw e;
        } catch (IOException e) {
            throw FileReadException.unreadable(e);
        } finally {
            target.limit(limit);
        }
        return target.position() - start;
    }
}
