package dev.gsf.loadgen.load.driver;

import dev.gsf.loadgen.load.metrics.ErrorKind;
import dev.gsf.loadgen.load.workload.RangeSet;

/**
 * What every download of one file must match: the manifest's MD5 and the length and validators the server gave
 * when probed. A header the server did not send when probed is not checked.
 *
 * @param name         file name
 * @param md5          expected MD5, lowercase hex
 * @param length       expected Content-Length, or -1 when unknown
 * @param contentType  expected Content-Type or null
 * @param etag         expected ETag or null
 * @param lastModified expected Last-Modified or null
 */
public record Expectation(String name, String md5, long length, String contentType, String etag,
                          String lastModified) {

    /** A failed check: its kind and what was wrong. */
    public record Violation(ErrorKind kind, String message) {
    }

    /** Checks a response head in place, making strings only for the message of a violation; null when it is fine. */
    Violation check(HeadFields head) {
        if (head.status() != 200) {
            return new Violation(ErrorKind.STATUS, name + ": status " + head.status() + ", expected 200");
        }
        if (head.chunked() || head.contentLength() < 0) {
            return noLength(head);
        }
        if (length >= 0 && head.contentLength() != length) {
            return new Violation(ErrorKind.LENGTH, name + ": Content-Length " + head.contentLength() + ", expected "
                    + length);
        }
        return validators(head, differs("Content-Type", contentType, head, HeadFields.CONTENT_TYPE));
    }

    /**
     * Checks the head of the answer to a Range request ({@code --ranges}): 206; for one range its Content-Range and
     * length, and the file's Content-Type; for several a multipart/byteranges Content-Type (its parts are checked by
     * {@link MultipartCheck}); the validators as for the whole file. Null when it is fine.
     */
    Violation check(HeadFields head, RangeSet asked) {
        if (head.status() != 206) {
            return new Violation(ErrorKind.STATUS, name + ": status " + head.status() + ", expected 206 for Range "
                    + asked.header());
        }
        if (head.chunked() || head.contentLength() < 0) {
            return noLength(head);
        }
        String wrong = null; // several parts: ResponseCheck takes the boundary from the Content-Type
        if (asked.parts() == 1) {
            if (head.contentLength() != asked.lengths()[0]) {
                return new Violation(ErrorKind.LENGTH, name + ": Content-Length " + head.contentLength()
                        + ", expected " + asked.lengths()[0] + " for Range " + asked.header());
            }
            wrong = differs("Content-Range", asked.contentRanges()[0], head, HeadFields.CONTENT_RANGE);
            wrong = wrong != null ? wrong : differs("Content-Type", contentType, head, HeadFields.CONTENT_TYPE);
        }
        return validators(head, wrong);
    }

    private Violation noLength(HeadFields head) {
        return new Violation(ErrorKind.HEADER, name + ": no Content-Length"
                + (head.chunked() ? " (chunked body)" : ""));
    }

    /** {@code wrong} (what a check before found wrong), else what is wrong with ETag or Last-Modified, as a HEADER. */
    private Violation validators(HeadFields head, String wrong) {
        wrong = wrong != null ? wrong : differs("ETag", etag, head, HeadFields.ETAG);
        wrong = wrong != null ? wrong : differs("Last-Modified", lastModified, head, HeadFields.LAST_MODIFIED);
        return wrong == null ? null : new Violation(ErrorKind.HEADER, name + ": " + wrong);
    }

    /** A header the probe did not see is not checked. */
    private static String differs(String header, String expected, HeadFields head, int field) {
        if (expected == null || head.is(field, expected)) {
            return null;
        }
        String actual = head.text(field);
        return header + " " + (actual == null ? "missing" : "'" + actual + "'") + ", expected '" + expected + "'";
    }
}
