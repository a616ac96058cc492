package dev.gsf.loadgen.load.driver;

import dev.gsf.loadgen.load.metrics.ErrorKind;
import dev.gsf.loadgen.load.workload.RangeSet;
import java.nio.ByteBuffer;

/**
 * The response to one request, checked as it streams in: its head gathered ({@link HeadAssembler}) and checked
 * against the file's {@link Expectation}, then its body counted against the Content-Length and digested
 * ({@link BodyCheck}), its MD5 checked once the last byte is in. With {@code --ranges} the answer to a request of
 * several ranges is checked part by part instead ({@link MultipartCheck}), and that of one range against its MD5.
 * What is wrong comes back as an {@link Expectation.Violation}; what follows (failing the download, closing the
 * connection) is the client's. Used by one client on its event loop.
 */
final class ResponseCheck {
    private final HeadAssembler head = new HeadAssembler();
    private final HeadFields fields = new HeadFields();
    private final BodyCheck body = new BodyCheck();
    private final MultipartCheck parts = new MultipartCheck();
    private boolean headChecked;
    private boolean closeAfter;
    /** The ranges asked, null for the whole file. */
    private RangeSet asked;
    /** The body is multipart/byteranges: {@link #parts} checks it. */
    private boolean multipart;

    /** Before a new request; {@code ranges} are the ranges it asks for, null for the whole file. */
    void reset(RangeSet ranges) {
        head.reset();
        body.reset();
        headChecked = false;
        closeAfter = false;
        asked = ranges;
        multipart = false;
    }

    /**
     * Takes head bytes: what is wrong with the head, or null, after which {@link #headChecked} says whether it is
     * complete, checked, and the body may follow.
     */
    Expectation.Violation takeHead(ByteBuffer buffer, Expectation expected) {
        boolean parsed;
        try {
            parsed = head.take(buffer, fields);
        } catch (ResponseHead.MalformedException e) {
            return new Expectation.Violation(ErrorKind.HEADER, expected.name() + ": malformed response: "
                    + e.getMessage());
        }
        if (!parsed) {
            return head.tooLong() ? new Expectation.Violation(ErrorKind.HEADER, expected.name()
                    + ": response head longer than " + HeadAssembler.MAX_HEAD + " bytes") : null;
        }
        Expectation.Violation violation = asked == null ? expected.check(fields) : expected.check(fields, asked);
        if (violation == null && asked != null && asked.parts() > 1) {
            multipart = true;
            violation = parts.expect(fields, expected, asked);
        }
        if (violation != null) {
            return violation;
        }
        body.expect(fields.contentLength());
        closeAfter = fields.close();
        headChecked = true;
        return null;
    }

    boolean headChecked() {
        return headChecked;
    }

    /** The server asked to close the connection after this response. */
    boolean closeAfter() {
        return closeAfter;
    }

    /** Takes the bytes of {@code buffer} that belong to the body; true when they are its first. */
    boolean takeBody(ByteBuffer buffer) {
        boolean first = body.received() == 0;
        int n = multipart ? body.count(buffer) : body.take(buffer);
        if (multipart) {
            parts.take(buffer, n);
        }
        return n > 0 && first;
    }

    boolean bodyComplete() {
        return body.complete();
    }

    /**
     * Once the body is complete: null when it is right, else bytes past its Content-Length still in {@code buffer}, or
     * an MD5 that is not the manifest's (or the range's), or a part that is not what was asked.
     */
    Expectation.Violation checkBody(ByteBuffer buffer, Expectation expected, byte[] md5) {
        if (buffer.hasRemaining()) {
            return new Expectation.Violation(ErrorKind.LENGTH, expected.name() + ": more bytes than Content-Length "
                    + body.length());
        }
        if (multipart) {
            return parts.result();
        }
        byte[] want = asked == null ? md5 : asked.md5s()[0];
        String wrong = body.md5Mismatch(want);
        return wrong == null ? null : new Expectation.Violation(ErrorKind.MD5, expected.name() + ": MD5 " + wrong
                + ", expected " + java.util.HexFormat.of().formatHex(want)
                + (asked == null ? "" : " for Range " + asked.header()));
    }

    /** No byte of a response head has come. */
    boolean nothingReceived() {
        return head.nothingReceived();
    }

    /** The Content-Length, once the head is checked; -1 before. */
    long length() {
        return body.length();
    }

    long received() {
        return body.received();
    }

    /** Body bytes still to come. */
    long remaining() {
        return body.remaining();
    }
}
