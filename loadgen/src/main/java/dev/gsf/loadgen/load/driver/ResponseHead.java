package dev.gsf.loadgen.load.driver;

/**
 * The status line and the headers of an HTTP/1.x response that the checks need, as strings: what the probe keeps.
 * A download's head is checked in place instead, through {@link HeadFields}, without making any.
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

    /** Parses a[off, off+len), which holds the whole head including its blank line (see {@link HeadFields}). */
    public static ResponseHead parse(byte[] a, int off, int len) throws MalformedException {
        HeadFields fields = new HeadFields();
        fields.parse(a, off, len);
        return fields.toHead();
    }
}
