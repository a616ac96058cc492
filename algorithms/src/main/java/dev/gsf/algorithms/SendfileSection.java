package dev.gsf.algorithms;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;

/** A section sent with {@code FileChannel.transferTo} (sendfile): no byte passes through user space. */
final class SendfileSection extends DiskSection {

    SendfileSection(FileChannel file, long position, long length) {
        super(file, position, length);
    }

    @Override
    public long writeTo(WritableByteChannel channel) throws IOException {
        long written = file.transferTo(position(), remaining(), channel);
        advance(written);
        // A short transfer is either a full socket or the end of the file: only the file's size tells them apart.
        if (remaining() > 0 && position() >= file.size()) {
            throw FileReadException.truncated();
        }
        return written;
    }
}
