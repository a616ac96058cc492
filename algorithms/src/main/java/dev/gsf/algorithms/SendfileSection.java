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

    @Override
    public boolean zeroCopy() {
        return true;
    }

    /**
     * As {@link #writeTo(WritableByteChannel)}, at most {@code max} bytes; a file that ended before the section is an
     * error here even when {@code transferTo} sends (it answers 0, as a full socket does): the caller has sent a frame
     * header announcing the bytes, and would otherwise wait for the socket for good.
     */
    @Override
    public long writeTo(WritableByteChannel channel, long max) throws IOException {
        long written = sendfile.send(position(), Math.min(max, remaining()), channel);
        if (written < 0 || (written == 0 && max > 0 && remaining() > 0 && file.size() <= position())) {
            throw FileReadException.truncated(); // the file ended before the section
        }
        advance(written);
        return written;
    }
}
