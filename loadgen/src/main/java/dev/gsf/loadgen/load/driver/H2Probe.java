package dev.gsf.loadgen.load.driver;

import dev.gsf.loadgen.load.h2.H2Codec;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The probe's HEAD over HTTP/2, on a connected (and, for https, ALPN h2) blocking socket: the preface, one request on
 * stream 1, frames read until its response head. Runs on the probe's thread, bounded by the socket's timeout.
 */
final class H2Probe implements H2Codec.Events {
    private String head;
    private String failure;

    private H2Probe() {
    }

    /** The response head to {@code HEAD path}, parsed as {@link Probe} parses HTTP/1.1's. */
    static ResponseHead head(Socket socket, Target target, String name)
            throws IOException, ResponseHead.MalformedException {
        H2Probe probe = new H2Probe();
        H2Codec codec = new H2Codec(probe);
        codec.preface(H2Codec.DEFAULT_WINDOW, H2Codec.DEFAULT_WINDOW);
        String authority = (target.host().contains(":") ? "[" + target.host() + "]" : target.host()) + ":"
                + target.port();
        codec.request(1, H2Codec.request("HEAD", target.tls() ? "https" : "http", authority,
                target.basePath() + Target.encodePath(name), null));
        OutputStream out = socket.getOutputStream();
        InputStream in = socket.getInputStream();
        byte[] buffer = new byte[16 * 1024];
        boolean first = true;
        while (probe.head == null && probe.failure == null) {
            write(codec, out);
            int n = in.read(buffer);
            if (n < 0) {
                throw new IOException("the server closed the HTTP/2 connection before a response head"
                        + (target.tls() ? "" : " (does it speak h2c, HTTP/2 without TLS by prior knowledge?)"));
            }
            ByteBuffer read = ByteBuffer.wrap(buffer, 0, n);
            if (first && H2Codec.http1Answer(read)) {
                throw new IOException(H2Codec.NOT_H2C);
            }
            first = false;
            codec.parse(read);
        }
        if (probe.failure != null) {
            throw new IOException(probe.failure);
        }
        codec.goAway(0, 0);
        write(codec, out);
        byte[] bytes = probe.head.getBytes(StandardCharsets.ISO_8859_1);
        return ResponseHead.parse(bytes, 0, bytes.length);
    }

    private static void write(H2Codec codec, OutputStream out) throws IOException {
        while (codec.hasOutput()) {
            ByteBuffer b = codec.output();
            out.write(b.array(), b.arrayOffset() + b.position(), b.remaining());
            b.position(b.limit());
        }
        out.flush();
    }

    @Override
    public void headers(int stream, int status, String text, boolean endStream) {
        if (stream == 1) {
            head = text;
        }
    }

    @Override
    public void data(int stream, ByteBuffer payload, int flow, boolean endStream) {
    }

    @Override
    public void reset(int stream, int code) {
        failure = "the server reset the HEAD stream (RST_STREAM " + H2Codec.errorName(code) + ")";
    }

    @Override
    public void goAway(int lastStream, int code, String reason) {
        if (lastStream < 1 || code != 0) {
            failure = "the server sent GOAWAY " + H2Codec.errorName(code) + (reason == null ? "" : " '" + reason + "'");
        }
    }

    @Override
    public void maxStreams(int streams) {
    }

    @Override
    public void connectionFailure(int code, String reason) {
        failure = "HTTP/2 protocol error " + H2Codec.errorName(code) + ": " + reason;
    }

    @Override
    public void streamFailure(int stream, int code, String reason) {
        failure = "HTTP/2 stream error " + H2Codec.errorName(code) + ": " + reason;
    }
}
