package dev.gsf.algorithms;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.List;

/**
 * A download's body as its parts and how far it has gone: it turns the next bytes into a section, never past the
 * end of the part being sent. Touched only by the thread of the download's write in flight (one at a time).
 */
final class BodyCursor {
    private final List<BodyPart> parts;
    /** The whole file when it is held in memory (then {@link #file} is null), else null. */
    private final ByteBuffer contents;
    private final FileChannel file;
    /** How {@link #file}'s sections are sent by sendfile; null for a file held in memory. */
    private final Sendfile sendfile;
    private final long length;
    /** Where the file's bytes the body names end: a shorter file is truncated. */
    private final long fileEnd;
    /** The part being sent and the bytes of it the kernel has taken. */
    private int part;
    private long partDone;

    BodyCursor(List<BodyPart> parts, OpenFile source) {
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("a body of no parts");
        }
        this.parts = List.copyOf(parts);
        this.contents = source.contents();
        this.file = contents == null ? source.channel() : null;
        this.sendfile = contents == null ? source.sendfile() : null;
        long total = 0;
        long end = 0;
        for (BodyPart bodyPart : this.parts) {
            total += bodyPart.length();
            if (bodyPart instanceof BodyPart.FileBytes bytes) {
                end = Math.max(end, bytes.offset() + bytes.length());
            }
        }
        this.length = total;
        this.fileEnd = end;
    }

    long length() {
        return length;
    }

    /** The channel of a file read from disk, null for one held in memory. */
    FileChannel file() {
        return file;
    }

    long fileEnd() {
        return fileEnd;
    }

    /** The length of the body's first part: a write never spans two parts. */
    long firstPartLength() {
        return parts.getFirst().length();
    }

    /** How many of the next {@code wanted} bytes one write may take: never past the end of the part being sent. */
    long next(long wanted) {
        return Math.min(wanted, parts.get(part).length() - partDone);
    }

    /** The body's first {@code gathered} bytes (all in its first part), to go out with the head. */
    ByteBuffer first(int gathered) throws FileReadException {
        switch (parts.getFirst()) {
            case BodyPart.Bytes held -> {
                return held.bytes().slice(held.bytes().position(), gathered);
            }
            case BodyPart.FileBytes range when contents != null -> {
                return contents.slice((int) range.offset(), gathered); // held in memory: no read, no copy
            }
            case BodyPart.FileBytes range -> {
                ByteBuffer first = ByteBuffer.allocate(gathered);
                DiskSection.read(file, range.offset(), gathered, first);
                return first;
            }
        }
    }

    /** The next {@code bytes} of the body as a section, produced only while the socket takes them. */
    FileSection section(long bytes, boolean copies, BufferPool buffers) {
        return switch (parts.get(part)) {
            case BodyPart.Bytes held -> new MemorySection(
                    held.bytes().slice(held.bytes().position() + (int) partDone, (int) bytes));
            case BodyPart.FileBytes range -> {
                long position = range.offset() + partDone;
                yield contents != null ? new MemorySection(contents.slice((int) position, (int) bytes))
                        : copies ? new CopySection(file, position, bytes, buffers)
                        : new SendfileSection(file, sendfile, position, bytes);
            }
        };
    }

    /** The kernel has taken the next {@code bytes}. */
    void advance(long bytes) {
        partDone += bytes;
        if (partDone == parts.get(part).length() && part < parts.size() - 1) {
            part++;
            partDone = 0;
        }
    }
}
