package dev.gsf.loadgen.load.driver;

import dev.gsf.loadgen.load.metrics.ErrorKind;
import dev.gsf.loadgen.load.workload.RangeSet;
import java.nio.ByteBuffer;
import java.security.DigestException;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.apache.commons.codec.digest.DigestUtils;

/**
 * The body of a {@code multipart/byteranges} answer (RFC 9110 section 14.6, RFC 2046 section 5.1.1) checked as it
 * streams in, never held whole: each delimiter ({@code CRLF--boundary}; the first may open the body without its CRLF),
 * each part's head (its Content-Type the file's, its Content-Range the range asked, in the order asked), each part's
 * bytes digested on the way and their MD5 compared with the local copy's, then the closing delimiter
 * ({@code --boundary--} and CRLF) ending the body exactly at its Content-Length. The first thing wrong is kept and the
 * rest of the body only counted, so the connection stays in step. Used by one client on its event loop.
 */
final class MultipartCheck {
    /** RFC 2046: a boundary has at most 70 characters. */
    static final int MAX_BOUNDARY = 70;
    /** The most bytes of one part's head: ours are under 100 bytes. */
    private static final int MAX_PART_HEAD = 1024;

    private enum State { DELIMITER, AFTER_DELIMITER, PART_HEAD, PART_BYTES, CLOSE, DONE, FAILED }

    private final byte[] boundary = new byte[MAX_BOUNDARY];
    private final byte[] delimiter = new byte[4 + MAX_BOUNDARY];
    private final byte[] partHead = new byte[MAX_PART_HEAD];
    private final MessageDigest md5 = DigestUtils.getMd5Digest();
    private final byte[] digest = new byte[16];
    private int delimiterLength;
    private Expectation expected;
    private RangeSet asked;
    /** The body's Content-Length, for messages. */
    private long length;
    private State state;
    /** Bytes matched of the literal being read (the delimiter, the two after it, the closing CRLF). */
    private int matched;
    private byte firstAfter;
    private int partHeadLength;
    private int part;
    private long partLeft;
    private Expectation.Violation violation;

    /**
     * Before the body of an answer with this head: null when its Content-Type names a boundary, else what is wrong.
     */
    Expectation.Violation expect(HeadFields head, Expectation file, RangeSet ranges) {
        int n = head.boundary(boundary);
        if (n < 1) {
            return new Expectation.Violation(ErrorKind.HEADER, file.name() + ": Content-Type '"
                    + head.text(HeadFields.CONTENT_TYPE) + "', expected multipart/byteranges with a boundary for"
                    + " Range " + ranges.header());
        }
        delimiter[0] = '\r';
        delimiter[1] = '\n';
        delimiter[2] = '-';
        delimiter[3] = '-';
        System.arraycopy(boundary, 0, delimiter, 4, n);
        delimiterLength = 4 + n;
        expected = file;
        asked = ranges;
        length = head.contentLength();
        state = State.DELIMITER;
        matched = 0;
        part = 0;
        violation = null;
        return null;
    }

    /** Checks the next {@code n} bytes of the body, in {@code buffer}. */
    void take(ByteBuffer buffer, int n) {
        int end = buffer.position() + n;
        while (buffer.position() < end) {
            if (state == State.PART_BYTES) {
                partBytes(buffer, end);
            } else if (state == State.FAILED) {
                buffer.position(end);
            } else {
                next(buffer.get());
            }
        }
    }

    /** Once the body is complete: null when every part was right and the closing delimiter ended it. */
    Expectation.Violation result() {
        if (violation != null) {
            return violation;
        }
        return state == State.DONE ? null : new Expectation.Violation(ErrorKind.LENGTH, expected.name()
                + ": Content-Length " + length + " ends the multipart body before its closing delimiter ("
                + part + " of " + asked.parts() + " parts in)");
    }

    private void next(byte b) {
        switch (state) {
            case DELIMITER -> delimiter(b);
            case AFTER_DELIMITER -> afterDelimiter(b);
            case PART_HEAD -> partHead(b);
            case CLOSE -> {
                if (b != (matched == 0 ? '\r' : '\n')) {
                    fail(ErrorKind.PART, "the closing delimiter is not followed by CRLF");
                } else if (++matched == 2) {
                    state = State.DONE;
                }
            }
            case DONE -> fail(ErrorKind.LENGTH, "bytes after the closing delimiter, within Content-Length " + length);
            default -> throw new IllegalStateException(state.name());
        }
    }

    private void delimiter(byte b) {
        if (part == 0 && matched == 0 && b == '-') {
            matched = 2; // RFC 2046: the first delimiter may open the body without its CRLF
        }
        if (b != delimiter[matched]) {
            fail(ErrorKind.PART, (part == 0 ? "the body does not open with" : "part " + part
                    + " is not followed by") + " the boundary delimiter --" + HeadFields.text(boundary, 0,
                    delimiterLength - 4));
        } else if (++matched == delimiterLength) {
            state = State.AFTER_DELIMITER;
            matched = 0;
        }
    }

    /** CRLF: a part follows; "--": the body closes. */
    private void afterDelimiter(byte b) {
        if (matched == 0) {
            firstAfter = b;
            matched = 1;
            return;
        }
        matched = 0;
        if (firstAfter == '\r' && b == '\n') {
            if (part == asked.parts()) {
                fail(ErrorKind.PART, "more parts than the " + asked.parts() + " ranges asked (" + asked.header()
                        + ")");
            } else {
                state = State.PART_HEAD;
                partHeadLength = 0;
            }
        } else if (firstAfter == '-' && b == '-') {
            if (part < asked.parts()) {
                fail(ErrorKind.PART, "the body closes after " + part + " of " + asked.parts() + " parts ("
                        + asked.header() + ")");
            } else {
                state = State.CLOSE;
            }
        } else {
            fail(ErrorKind.PART, "a boundary delimiter followed by neither CRLF nor --");
        }
    }

    private void partHead(byte b) {
        if (partHeadLength == partHead.length) {
            fail(ErrorKind.PART, "part " + (part + 1) + "'s head is longer than " + MAX_PART_HEAD + " bytes");
            return;
        }
        partHead[partHeadLength++] = b;
        int n = partHeadLength;
        boolean ended = n >= 2 && partHead[n - 2] == '\r' && b == '\n'
                && (n == 2 || (n >= 4 && partHead[n - 4] == '\r' && partHead[n - 3] == '\n'));
        if (ended) {
            String wrong = partHeadProblem(n - 2);
            if (wrong != null) {
                fail(ErrorKind.PART, "part " + (part + 1) + " (" + asked.contentRanges()[part] + "): " + wrong);
            } else {
                state = State.PART_BYTES;
                partLeft = asked.lengths()[part];
                md5.reset();
            }
        }
    }

    /** What is wrong with the part head's fields in partHead[0, end), or null: each line is "Name: value" CRLF. */
    private String partHeadProblem(int end) {
        boolean typeSeen = false;
        boolean rangeSeen = false;
        for (int pos = 0; pos < end; ) {
            int eol = pos;
            while (partHead[eol] != '\r' || partHead[eol + 1] != '\n') {
                eol++;
            }
            int colon = pos;
            while (colon < eol && partHead[colon] != ':') {
                colon++;
            }
            if (colon == eol) {
                return "a head line without a colon: '" + HeadFields.printable(partHead, pos, eol) + "'";
            }
            int nameLength = HeadFields.nameEnd(partHead, pos, colon) - pos;
            int vs = HeadFields.valueStart(partHead, colon + 1, eol);
            int ve = HeadFields.valueEnd(partHead, vs, eol);
            if (nameLength == 12 && HeadFields.nameIs(partHead, pos, "content-type")) {
                typeSeen = true;
                if (expected.contentType() != null && !HeadFields.equal(partHead, vs, ve, expected.contentType())) {
                    return "Content-Type '" + HeadFields.printable(partHead, vs, ve) + "', expected '"
                            + expected.contentType() + "'";
                }
            } else if (nameLength == 13 && HeadFields.nameIs(partHead, pos, "content-range")) {
                rangeSeen = true;
                if (!HeadFields.equal(partHead, vs, ve, asked.contentRanges()[part])) {
                    return "Content-Range '" + HeadFields.printable(partHead, vs, ve) + "', expected '"
                            + asked.contentRanges()[part] + "'";
                }
            }
            pos = eol + 2;
        }
        return !rangeSeen ? "no Content-Range"
                : !typeSeen && expected.contentType() != null ? "no Content-Type" : null;
    }

    /** Digests the part's bytes in {@code buffer} up to {@code end}; checks the MD5 at the part's end. */
    private void partBytes(ByteBuffer buffer, int end) {
        int n = (int) Math.min(end - buffer.position(), partLeft);
        int limit = buffer.limit();
        buffer.limit(buffer.position() + n);
        md5.update(buffer);
        buffer.limit(limit);
        partLeft -= n;
        if (partLeft > 0) {
            return;
        }
        try {
            md5.digest(digest, 0, digest.length);
        } catch (DigestException e) {
            throw new IllegalStateException("MD5 digests are 16 bytes", e);
        }
        if (!MessageDigest.isEqual(digest, asked.md5s()[part])) {
            fail(ErrorKind.MD5, "part " + (part + 1) + " (" + asked.contentRanges()[part] + "): MD5 "
                    + HexFormat.of().formatHex(digest) + ", expected " + HexFormat.of().formatHex(asked.md5s()[part]));
            return;
        }
        part++;
        state = State.DELIMITER;
        matched = 0;
    }

    private void fail(ErrorKind kind, String message) {
        violation = new Expectation.Violation(kind, expected.name() + ": " + message);
        state = State.FAILED;
    }
}
