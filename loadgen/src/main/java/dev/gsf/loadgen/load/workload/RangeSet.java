package dev.gsf.loadgen.load.workload;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.List;
import org.apache.commons.codec.digest.DigestUtils;

/**
 * The ranges of one request and what each part of the answer must hold: its Content-Range and the MD5 of its bytes,
 * read from a local copy of the file. Immutable (its arrays are never written after {@link #read}); any thread.
 *
 * @param header        the Range header's value, e.g. {@code bytes=0-99,200-299}
 * @param contentRanges per part, in the order asked: {@code bytes 0-99/1024}
 * @param lengths       per part, its bytes
 * @param md5s          per part, the MD5 of its bytes
 */
public record RangeSet(String header, String[] contentRanges, long[] lengths, byte[][] md5s) {

    /** The parts, one per range, of a file of {@code fileLength} bytes whose local copy is {@code file}. */
    static RangeSet read(Path file, long fileLength, List<long[]> ranges) throws IOException {
        int n = ranges.size();
        StringBuilder header = new StringBuilder("bytes=");
        String[] contentRanges = new String[n];
        long[] lengths = new long[n];
        byte[][] md5s = new byte[n][];
        try (FileChannel channel = FileChannel.open(file)) {
            for (int i = 0; i < n; i++) {
                long first = ranges.get(i)[0];
                long last = ranges.get(i)[1];
                header.append(i == 0 ? "" : ",").append(first).append('-').append(last);
                contentRanges[i] = "bytes " + first + "-" + last + "/" + fileLength;
                lengths[i] = last - first + 1;
                md5s[i] = md5(channel, first, lengths[i]);
            }
        }
        return new RangeSet(header.toString(), contentRanges, lengths, md5s);
    }

    private static byte[] md5(FileChannel channel, long from, long length) throws IOException {
        MessageDigest md5 = DigestUtils.getMd5Digest();
        ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(length, 1 << 16));
        long at = from;
        long end = from + length;
        while (at < end) {
            buffer.clear().limit((int) Math.min(buffer.capacity(), end - at));
            int n = channel.read(buffer, at);
            if (n < 0) {
                throw new IOException("ends before byte " + at);
            }
            at += n;
            md5.update(buffer.flip());
        }
        return md5.digest();
    }

    /** Parts in the answer: one is a plain 206, more a multipart/byteranges. */
    public int parts() {
        return lengths.length;
    }
}
