package dev.gsf.algorithms;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import org.glassfish.grizzly.FileChunk;

/**
 * A byte range of a file the download keeps open, sent with transferTo (sendfile). Grizzly's own FileTransfer opens
 * the file anew for every message; one download writes many chunks of one open file, so it owns the channel instead.
 */
final class FileRegion implements FileChunk {
    private final FileChannel file;
    private long position;
    private long remaining;

    FileRegion(FileChannel file, long position, long length) {
        this.file = file;
        this.position = position;
        this.remaining = length;
    }

    /** Called by Grizzly's write queue until nothing remains; a short transfer is simply called again. */
    @Override
    public long writeTo(WritableByteChannel channel) throws IOException {
        long written = file.transferTo(position, remaining, channel);
        position += written;
        remaining -= written;
        return written;
    }

    @Override
    public boolean hasRemaining() {
        return remaining > 0;
    }

    @Override
    public int remaining() {
        return (int) Math.min(remaining, Integer.MAX_VALUE);
    }

    @Override
    public boolean release() {
        return true; // the download closes the file when it ends
    }

    @Override
    public boolean isExternal() {
        return true;
    }
}
