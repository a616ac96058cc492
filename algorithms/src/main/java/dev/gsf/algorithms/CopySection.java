package dev.gsf.algorithms;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;

/**
 * A section copied through a pooled buffer that is held only during {@link #writeTo}: each call reads what it offers
 * the socket and gives the buffer back before it returns. Bytes the socket did not take are read again next time
 * (from the page cache), which costs a copy but keeps a stalled client from pinning a buffer.
 */
final class CopySection implements FileSection {
    private final FileChannel file;
    private final BufferPool buffers;
    private long position;
    private volatile long remaining; // read by the write-timeout sweeper

    CopySection(FileChannel file, long position, long length, BufferPool buffers) {
        this.file = file;
        this.position = position;
        this.remaining = length;
        this.buffers = buffers;
    }

    @Override
    public long writeTo(WritableByteChannel channel) throws IOException {
        ByteBuffer buffer = buffers.take();
        try {
            long total = 0;
            while (remaining > 0) {
                int offered = read(file, position, remaining, buffer);
                int written = channel.write(buffer);
                position += written;
                remaining -= written;
                total += written;
                if (written < offered) {
                    break; // the socket is full; the selector calls again when it is writable
                }
            }
            return total;
        } finally {
            buffers.give(buffer);
        }
    }

    @Override
    public int readInto(ByteBuffer target) throws IOException {
        int read = readAt(file, position, remaining, target);
        position += read;
        remaining -= read;
        return read;
    }

    @Override
    public long remaining() {
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
