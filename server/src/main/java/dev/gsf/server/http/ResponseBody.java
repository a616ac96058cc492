package dev.gsf.server.http;

import dev.gsf.algorithms.BodyPart;
import dev.gsf.server.results.ByteRange;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * What an answer's body is, decided before any header is set: its status (200 or 206), Content-Type, Content-Range
 * (a single range's, else null), length, and the parts the algorithm sends. A multi-range answer (RFC 9110 section
 * 14.6) is {@code multipart/byteranges}: each range is a file section after a small part of bytes held in memory (its
 * boundary, Content-Type and Content-Range), and the closing boundary ends it; its length is known up front.
 *
 * @param contentEncoding the coding of a sidecar's bytes, null for the file's own
 * @param span the bytes of the file it sends, from the first range's first to the last range's last byte (what the
 *             status page and the results log show)
 */
record ResponseBody(int status, String contentType, String contentRange, long length, List<BodyPart> parts,
                    ByteRange span, String contentEncoding) {

    /** This body as the bytes of a precompressed sidecar: Content-Encoding names the coding. */
    ResponseBody encoded(String coding) {
        return new ResponseBody(status, contentType, contentRange, length, parts, span, coding);
    }

    /** The whole file, with 200 (no parts for an empty file). */
    static ResponseBody whole(long fileLength, String contentType) {
        ByteRange whole = ByteRange.whole(fileLength);
        return new ResponseBody(200, contentType, null, fileLength, fileParts(whole), whole, null);
    }

    /** One range, a plain 206. */
    static ResponseBody range(ByteRange range, String contentType) {
        return new ResponseBody(206, contentType, range.contentRange(), range.length(), fileParts(range), range,
                null);
    }

    /** Several ranges as {@code multipart/byteranges}, in the order asked, under a boundary of its own. */
    static ResponseBody multipart(List<ByteRange> ranges, String contentType) {
        String boundary = boundary();
        List<BodyPart> parts = new ArrayList<>(2 * ranges.size() + 1);
        long length = 0;
        long first = Long.MAX_VALUE;
        long last = -1;
        for (ByteRange range : ranges) {
            // As nginx: every part, the first too, begins with CRLF, which the first one's preamble absorbs.
            BodyPart head = text("\r\n--" + boundary + "\r\nContent-Type: " + contentType + "\r\nContent-Range: "
                    + range.contentRange() + "\r\n\r\n");
            parts.add(head);
            parts.add(new BodyPart.FileBytes(range.first(), range.length()));
            length += head.length() + range.length();
            first = Math.min(first, range.first());
            last = Math.max(last, range.last());
        }
        BodyPart end = text("\r\n--" + boundary + "--\r\n");
        parts.add(end);
        length += end.length();
        return new ResponseBody(206, "multipart/byteranges; boundary=" + boundary, null, length, List.copyOf(parts),
                new ByteRange(first, last, ranges.getFirst().fileLength()), null);
    }

    private static List<BodyPart> fileParts(ByteRange range) {
        return range.length() == 0 ? List.of() : List.of(new BodyPart.FileBytes(range.first(), range.length()));
    }

    /** 20 random digits, as long as nginx's: new per answer, so that no file holds it but by chance (RFC 2046). */
    private static String boundary() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return String.format("%010d%010d", random.nextLong(10_000_000_000L), random.nextLong(10_000_000_000L));
    }

    private static BodyPart text(String text) {
        return new BodyPart.Bytes(ByteBuffer.wrap(text.getBytes(StandardCharsets.ISO_8859_1)));
    }
}
