package dev.gsf.loadgen.load.driver;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.apache.commons.codec.digest.DigestUtils;

/**
 * The body of one download as it streams in: counted against its Content-Length and digested on the way (no second
 * pass), then checked against the manifest's MD5. Used by one client on its event loop.
 */
final class BodyCheck {
    private final MessageDigest md5 = DigestUtils.getMd5Digest();
    /** The digest of the last body: reused, no array per download. */
    private final byte[] digest = new byte[16];
    private long length = -1;
    private long received;

    /** Before a new request. */
    void reset() {
        md5.reset();
        length = -1;
        received = 0;
    }

    /** The head announced this Content-Length. */
    void expect(long contentLength) {
        length = contentLength;
    }

    long length() {
        return length;
    }

    long received() {
        return received;
    }

    long remaining() {
        return length - received;
    }

    boolean complete() {
        return received == length;
    }

    /** Digests the bytes of {@code buffer} that belong to the body; returns how many. */
    int take(ByteBuffer buffer) {
        int n = count(buffer);
        if (n > 0) {
            int limit = buffer.limit();
            buffer.limit(buffer.position() + n);
            md5.update(buffer);
            buffer.limit(limit);
        }
        return n;
    }

    /**
     * Counts the bytes of {@code buffer} that belong to the body without digesting them or moving its position (a
     * multipart body is digested part by part instead); returns how many.
     */
    int count(ByteBuffer buffer) {
        int n = (int) Math.min(buffer.remaining(), remaining());
        received += n;
        return n;
    }

    /** Null when the body's MD5 is {@code expected}, else the MD5 it has, in hex. */
    String md5Mismatch(byte[] expected) {
        try {
            md5.digest(digest, 0, digest.length);
        } catch (java.security.DigestException e) {
            throw new IllegalStateException("MD5 digests are 16 bytes", e);
        }
        return MessageDigest.isEqual(digest, expected) ? null : HexFormat.of().formatHex(digest);
    }
}
