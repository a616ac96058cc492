package dev.gsf.server.http;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** A multipart/byteranges body read back as a client reads it: by its boundary (RFC 9110 section 14.6). */
final class Multipart {
    private Multipart() {
    }

    /** One part: its header fields (names in lower case) and its bytes. */
    record Part(Map<String, String> headers, byte[] bytes) {
    }

    /** The boundary named in a Content-Type of multipart/byteranges. */
    static String boundary(String contentType) {
        String prefix = "multipart/byteranges; boundary=";
        if (contentType == null || !contentType.startsWith(prefix)) {
            throw new AssertionError("not multipart/byteranges: " + contentType);
        }
        return contentType.substring(prefix.length());
    }

    /** The parts of {@code body}; fails on anything but CRLF--boundary parts and a closing boundary at the end. */
    static List<Part> parts(byte[] body, String boundary) {
        byte[] delimiter = ("\r\n--" + boundary).getBytes(StandardCharsets.ISO_8859_1);
        List<Part> parts = new ArrayList<>();
        int at = indexOf(body, delimiter, 0);
        if (at != 0) {
            throw new AssertionError("the body does not begin with its boundary");
        }
        while (true) {
            int afterDelimiter = at + delimiter.length;
            if (body[afterDelimiter] == '-' && body[afterDelimiter + 1] == '-') {
                String tail = new String(body, afterDelimiter + 2, body.length - afterDelimiter - 2,
                        StandardCharsets.ISO_8859_1);
                if (!tail.equals("\r\n")) {
                    throw new AssertionError("bytes after the closing boundary: " + tail.length());
                }
                return parts;
            }
            int headEnd = indexOf(body, "\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1), afterDelimiter);
            Map<String, String> headers = new LinkedHashMap<>();
            String head = new String(body, afterDelimiter + 2, headEnd - afterDelimiter - 2,
                    StandardCharsets.ISO_8859_1);
            for (String line : head.split("\r\n")) {
                int colon = line.indexOf(':');
                headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
            }
            int next = indexOf(body, delimiter, headEnd + 4);
            if (next < 0) {
                throw new AssertionError("a part without the boundary after it");
            }
            parts.add(new Part(headers, Arrays.copyOfRange(body, headEnd + 4, next)));
            at = next;
        }
    }

    private static int indexOf(byte[] body, byte[] wanted, int from) {
        outer:
        for (int i = from; i <= body.length - wanted.length; i++) {
            for (int j = 0; j < wanted.length; j++) {
                if (body[i + j] != wanted[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
