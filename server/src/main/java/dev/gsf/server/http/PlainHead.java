package dev.gsf.server.http;

import static dev.gsf.server.http.HeadBytes.regNameEnd;
import static dev.gsf.server.http.HeadBytes.isTchar;
import static dev.gsf.server.http.HeadBytes.nameIs;
import static dev.gsf.server.http.RequestHead.MAX_FIELDS;
import static dev.gsf.server.http.RequestHead.MAX_FIELD_LINE;
import static dev.gsf.server.http.RequestHead.MAX_REQUEST_LINE;

import dev.gsf.server.http.RequestHead.Pass;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The common head in one pass over its bytes, nothing copied but the head itself: an origin-form target,
 * HTTP/1.0 or HTTP/1.1, CRLF line ends, field values of VCHAR, SP and HTAB only, at most one Host (a valid
 * reg-name and port) and no Content-Length, Transfer-Encoding or Upgrade; Grizzly gets such a head as received.
 * Anything else is {@link FullHead}'s to read: this only decides faster what it would decide. Any thread.
 */
final class PlainHead {
    private PlainHead() {
    }

    /** The head's Pass, or null when it is not a common one. */
    static Pass read(byte[] b, int length) {
        int i = 0;
        while (i < length && isTchar(b[i])) {
            i++;
        }
        int methodEnd = i;
        if (methodEnd == 0 || i + 1 >= length || b[i] != ' ' || b[i + 1] != '/') {
            return null;
        }
        i++;
        while (i < length && b[i] > ' ' && b[i] != 0x7f && b[i] != '#') { // a byte over 0x7f is negative: stops too
            i++;
        }
        int lineEnd = i + 9;
        if (lineEnd + 3 >= length || lineEnd > MAX_REQUEST_LINE || b[i] != ' ' || !httpVersion1(b, i + 1)
                || b[lineEnd] != '\r' || b[lineEnd + 1] != '\n') {
            return null;
        }
        boolean http11 = b[lineEnd - 1] == '1';
        boolean plainGet = http11 && methodEnd == 3 && b[0] == 'G' && b[1] == 'E' && b[2] == 'T';
        int hosts = 0;
        int fields = 0;
        for (i = lineEnd + 2; !(b[i] == '\r' && i + 1 < length && b[i + 1] == '\n'); ) {
            int start = i;
            while (i < length && isTchar(b[i])) {
                i++;
            }
            if (i == start || i >= length || b[i] != ':' || ++fields > MAX_FIELDS) {
                return null;
            }
            int nameLength = i - start;
            int valueStart = ++i;
            while (i < length && (b[i] >= ' ' && b[i] != 0x7f || b[i] == '\t')) {
                i++;
            }
            if (i + 2 >= length || b[i] != '\r' || b[i + 1] != '\n' || i - start > MAX_FIELD_LINE) {
                return null;
            }
            if (nameLength == 4 && nameIs(b, start, "host")) {
                if (++hosts > 1 || !plainHost(b, valueStart, i)) {
                    return null;
                }
            } else if ((nameLength == 14 && nameIs(b, start, "content-length"))
                    || (nameLength == 17 && nameIs(b, start, "transfer-encoding"))
                    || (nameLength == 7 && nameIs(b, start, "upgrade"))) {
                return null;
            } else if (plainGet && changesTheAnswer(b, start, nameLength)) {
                plainGet = false;
            }
            i += 2;
        }
        if (i + 2 != length || (hosts == 0 && http11)) {
            return null;
        }
        return new Pass(new String(b, 0, methodEnd, StandardCharsets.ISO_8859_1),
                new String(b, 0, lineEnd, StandardCharsets.ISO_8859_1), 0, false,
                length == b.length ? b : Arrays.copyOf(b, length), plainGet);
    }

    /** Range, If-Range and the other validators, Connection and Expect: fields a GET's answer depends on. */
    private static boolean changesTheAnswer(byte[] b, int name, int length) {
        return (length > 3 && nameIs(b, name, "if-")) || (length == 5 && nameIs(b, name, "range"))
                || (length == 10 && nameIs(b, name, "connection")) || (length == 6 && nameIs(b, name, "expect"));
    }

    /** "HTTP/1.0" or "HTTP/1.1" at {@code at}. */
    private static boolean httpVersion1(byte[] b, int at) {
        return b[at] == 'H' && b[at + 1] == 'T' && b[at + 2] == 'T' && b[at + 3] == 'P' && b[at + 4] == '/'
                && b[at + 5] == '1' && b[at + 6] == '.' && (b[at + 7] == '0' || b[at + 7] == '1');
    }

    /** A Host value that is a reg-name and an optional port, between optional SP and HTAB; no IP literal. */
    private static boolean plainHost(byte[] b, int from, int to) {
        while (from < to && (b[from] == ' ' || b[from] == '\t')) {
            from++;
        }
        while (to > from && (b[to - 1] == ' ' || b[to - 1] == '\t')) {
            to--;
        }
        int i = regNameEnd(b, from, to);
        if (i < 0 || (i < to && b[i] != ':')) {
            return false;
        }
        if (i < to) { // the port: at most five digits
            if (to - i - 1 > 5) {
                return false;
            }
            for (i++; i < to; i++) {
                if (b[i] < '0' || b[i] > '9') {
                    return false;
                }
            }
        }
        return true;
    }
}
