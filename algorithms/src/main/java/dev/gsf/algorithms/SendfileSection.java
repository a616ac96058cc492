package dev.gsf.algorithms;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;

/** A section sent with {@code FileChannel.transferTo} (sendfile): no byte passes through user space. */
final class SendfileSection implements FileSection {
    private final FileChannel file;
    private long position;
    private volatile long remaining; // read by the write-timeout sweeper

    SendfileSection(FileChannel file, long position, long length) {
        this.file = file;
        this.position = position;
        this.remaining = length;
    }

    @Override
    public long writeTo(WritableByteChannel channel) throws IOException {
        long written = file.transferTo(position, remaining, channel);
        position += written;
        remaining -= written;
        // A short transfer is either a full socket or the end of the file: only the file's size tells them apart.
        if (remaining > 0 && position >= file.size()) {
            throw FileReadException.truncated();
        }
        return written;
    }

    @Override
    public int readInto(ByteBuffer target) throws IOException {
        int read = CopySection.readAt(file, position, remaining, target);
        position += read;
        remaining -= read;
        return read;
    }

    @Override
    public long remaining() {
        return remaining;
    }
}
