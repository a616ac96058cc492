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
    public long remaining() {
        return bytes.remaining();
    }
}
