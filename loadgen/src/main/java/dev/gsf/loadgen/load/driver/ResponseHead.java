package dev.gsf.loadgen.load.driver;

import java.nio.charset.StandardCharsets;

/**
 * The status line and the headers of an HTTP/1.x response that the checks need, parsed straight from the bytes.
 *
 * @param status        status code
 * @param contentLength Content-Length, or -1 when absent
 * @param chunked       Transfer-Encoding: chunked was given
 * @param close         the server will close the connection after this response
 * @param contentType   Content-Type or null
 * @param etag          ETag or null
 * @param lastModified  Last-Modified or null
 * @param server        Server or null
 * @param sendAlgorithm X-Send-Algorithm (our server's) or null
 */
public record ResponseHead(int status, long contentLength, boolean chunked, boolean close, String contentType,
                           String etag, String lastModified, String server, String sendAlgorithm) {

    /** A response head that is not HTTP. */
    public static final class MalformedException extends Exception {
        MalformedException(String message) {
            super(message);
        }
    }

    /** Index just past the blank line that ends the head within a[from, to), or -1 when it has not arrived yet. */
    public static int end(byte[] a, int from, int to) {
        for (int i = Math.max(from, 3); i < to; i++) {
            if (a[i] == '\n' && a[i - 1] == '\r' && a[i - 2] == '\n' && a[i - 3] == '\r') {
                return i + 1;
            }
        }
        return -1;
    }

    /** Parses a[off, off+len), which holds the whole head including its blank line. */
    public static ResponseHead parse(byte[] a, int off, int len) throws MalformedException {
        String text = new String(a, off, len, StandardCharsets.ISO_8859_1);
        int eol = text.indexOf("\r\n");
        String statusLine = text.substring(0, eol);
        if (!statusLine.startsWith("HTTP/1.") || statusLine.length() < 12 || statusLine.charAt(8) != ' ') {
            throw new MalformedException("not an HTTP/1.x status line: '" + printable(statusLine) + "'");
        }
        int status;
        try {
            status = Integer.parseInt(statusLine.substring(9, 12));
        } catch (NumberFormatException e) {
            throw new MalformedException("no status code in '" + printable(statusLine) + "'");
        }
        boolean http10 = statusLine.charAt(7) == '0';
        long contentLength = -1;
        boolean chunked = false;
        boolean close = http10;
        String contentType = null;
        String etag = null;
        String lastModified = null;
        String server = null;
        String algorithm = null;
        int pos = eol + 2;
        while (true) {
            int next = text.indexOf("\r\n", pos);
            if (next <= pos) {
                break; // the blank line
            }
            int colon = text.indexOf(':', pos);
            if (colon < 0 || colon > next) {
                throw new MalformedException("header line without a colon: '" + printable(text.substring(pos, next))
                        + "'");
            }
            String name = text.substring(pos, colon).trim();
            String value = text.substring(colon + 1, next).trim();
            pos = next + 2;
            switch (name.length()) { // cheap dispatch before the case-insensitive compare
                case 14 -> {
                    if (name.equalsIgnoreCase("Content-Length")) {
                        try {
                            contentLength = Long.parseLong(value);
                        } catch (NumberFormatException e) {
                            throw new MalformedException("Content-Length '" + printable(value) + "' is not a number");
                        }
                    }
                }
                case 17 -> chunked |= name.equalsIgnoreCase("Transfer-Encoding")
                        && value.toLowerCase(java.util.Locale.ROOT).contains("chunked");
                case 10 -> {
                    if (name.equalsIgnoreCase("Connection")) {
                        String v = value.toLowerCase(java.util.Locale.ROOT);
                        close = v.contains("close") || (http10 && !v.contains("keep-alive"));
                    }
                }
                case 12 -> contentType = name.equalsIgnoreCase("Content-Type") ? value : contentType;
                case 4 -> etag = name.equalsIgnoreCase("ETag") ? value : etag;
                case 13 -> lastModified = name.equalsIgnoreCase("Last-Modified") ? value : lastModified;
                case 6 -> server = name.equalsIgnoreCase("Server") ? value : server;
                case 16 -> algorithm = name.equalsIgnoreCase("X-Send-Algorithm") ? value : algorithm;
                default -> {
                }
            }
        }
        return new ResponseHead(status, contentLength, chunked, close, contentType, etag, lastModified, server,
                algorithm);
    }

    /** Who answered: the send algorithm when the server reports one, else the Server header. */
    public String serverIdentity() {
        if (sendAlgorithm != null) {
            return sendAlgorithm;
        }
        return server != null ? server : "unknown";
    }

    private static String printable(String s) {
        String cut = s.length() > 80 ? s.substring(0, 80) + "..." : s;
        return cut.replaceAll("[^\\x20-\\x7e]", "?");
    }
}
