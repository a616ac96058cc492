package dev.gsf.algorithms;

import java.nio.ByteBuffer;

/**
 * One piece of a download's body: bytes of its file, or a few bytes held in memory that go between them (what the
 * HTTP layer puts between the sections of a multi-part answer). An algorithm never looks inside: the download turns
 * the parts into sections, one part at a time, and no write spans two parts.
 */
public sealed interface BodyPart {

    /** Bytes this part adds to the body, at least 1. */
    long length();

    /** The file's bytes [offset, offset + length). */
    record FileBytes(long offset, long length) implements BodyPart {
        public FileBytes {
            if (offset < 0 || length < 1) {
                throw new IllegalArgumentException("bad range: offset " + offset + ", length " + length);
            }
        }
    }

    /** Bytes held in memory, read-only and shared by the download; sent from their position to their limit. */
    record Bytes(ByteBuffer bytes) implements BodyPart {
        public Bytes {
            if (!bytes.hasRemaining()) {
                throw new IllegalArgumentException("an empty part");
            }
            bytes = bytes.asReadOnlyBuffer();
        }

        @Override
        public long length() {
            return bytes.remaining();
        }
    }
}
