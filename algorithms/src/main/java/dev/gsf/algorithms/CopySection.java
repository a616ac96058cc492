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
final class CopySection extends DiskSection {
    private final BufferPool buffers;

    CopySection(FileChannel file, long position, long length, BufferPool buffers) {
        super(file, position, length);
        this.buffers = buffers;
    }

    @Override
    public long writeTo(WritableByteChannel channel) throws IOException {
        ByteBuffer buffer = buffers.take();
        try {
            long total = 0;
            while (remaining() > 0) {
                int offered = read(file, position(), remaining(), buffer);
                int written = channel.write(buffer);
                advance(written);
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
}
