package dev.gsf.algorithms;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;

/** A section sent by sendfile ({@link Sendfile}, the file's own): no byte passes through user space. */
final class SendfileSection extends DiskSection {
    private final Sendfile sendfile;

    SendfileSection(FileChannel file, Sendfile sendfile, long position, long length) {
        super(file, position, length);
        this.sendfile = sendfile;
    }

    @Override
    public long writeTo(WritableByteChannel channel) throws IOException {
        long written = sendfile.send(position(), remaining(), channel);
        if (written < 0) {
            throw FileReadException.truncated(); // the file ended before the section
        }
        advance(written);
        return written;
    }
}
