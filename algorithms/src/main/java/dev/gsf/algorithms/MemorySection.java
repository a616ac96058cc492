package dev.gsf.algorithms;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;

/** A section of a file held in memory: written straight from its shared read-only bytes, nothing read or copied. */
record MemorySection(ByteBuffer bytes) implements FileSection {

    @Override
    public long writeTo(WritableByteChannel channel) throws IOException {
        return channel.write(bytes);
    }

    @Override
    public int readInto(ByteBuffer target) {
        int n = Math.min(bytes.remaining(), target.remaining());
        target.put(target.position(), bytes, bytes.position(), n).position(target.position() + n);
        bytes.position(bytes.position() + n);
        return n;
    }

    @Override
    public long remaining() {
        return bytes.remaining();
    }
}
