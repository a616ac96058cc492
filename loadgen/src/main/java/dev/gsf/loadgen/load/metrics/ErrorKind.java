package dev.gsf.loadgen.load.metrics;

/** Why a download failed; every failure is counted under exactly one kind. */
public enum ErrorKind {
    /** The connection could not be opened (refused, unreachable, connect timeout). */
    CONNECT,
    /** The status code was not 200 (206 for --ranges). */
    STATUS,
    /** The response head was malformed, or a header broke a promise (Content-Type, ETag, Last-Modified). */
    HEADER,
    /** Content-Length differed from the file's length, or the body ended early or ran long. */
    LENGTH,
    /** The body's MD5 differed from the manifest's. */
    MD5,
    /** No progress for the idle timeout. */
    TIMEOUT,
    /** The connection failed while the response was in flight (reset, broken pipe). */
    RESET,
    /** The TLS handshake failed over the server's certificate: not trusted, expired, or not naming the host. */
    CERTIFICATE,
    /** The TLS handshake failed otherwise: no common protocol or suite, an alert, the connection closed in it. */
    HANDSHAKE,
    /**
     * --ranges: a part of a multipart/byteranges answer was not what was asked: a boundary delimiter missing or out
     * of place, a part's Content-Type or Content-Range, too many parts or too few (a part's bytes are an MD5 error).
     */
    PART,
    /**
     * HTTP/2: the server reset the stream (RST_STREAM; the message names its error code), or the stream broke the
     * protocol (a malformed head, DATA before the head).
     */
    STREAM,
    /**
     * HTTP/2: the server ended the connection (GOAWAY with an error code, named in the message, or closed it after
     * a GOAWAY) with the stream unanswered, or the connection broke the protocol (a frame the parser refused).
     */
    GOAWAY;

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
