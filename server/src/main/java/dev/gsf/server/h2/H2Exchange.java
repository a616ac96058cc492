package dev.gsf.server.h2;

import dev.gsf.server.generation.Generation;
import dev.gsf.server.http.Exchange;
import dev.gsf.server.ops.AccessLog;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpURI;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.http.MetaData;

/**
 * A request that came on an HTTP/2 stream, as the {@link dev.gsf.server.http.FileHandler} answers it: the answer's
 * head becomes the stream's HEADERS frame, its body DATA frames.
 *
 * <p>Threads: as {@link Exchange}'s.
 */
final class H2Exchange implements Exchange {
    private static final byte[] SERVER_ERROR = "500 cannot read the file\n".getBytes(StandardCharsets.US_ASCII);

    private final MetaData.Request request;
    private final H2Stream stream;
    private final String remote;
    private final HttpFields.Mutable answer = HttpFields.build();
    private int status = 200;
    /** The body's length as {@link #content} set it (-1: unset): the head's, so END_STREAM goes on its last DATA. */
    private long contentLength = -1;

    H2Exchange(MetaData.Request request, H2Stream stream, String remote) {
        this.request = request;
        this.stream = stream;
        this.remote = remote;
    }

    /**
     * What RFC 9113 §8.3.1 asks of a request that Jetty's HPACK decoder leaves to the server (it refuses unknown,
     * repeated and misplaced pseudo-header fields, connection-specific fields and upper-case names itself): a
     * {@code :path} that is an origin-form target (or {@code *}), and a {@code :scheme} matching the connection. Null
     * when well-formed, else why not.
     */
    static String malformed(MetaData.Request request) {
        if ("CONNECT".equals(request.getMethod())) {
            return null; // :authority only; answered 405
        }
        HttpURI uri = request.getHttpURI();
        String path = uri == null ? null : uri.getPath();
        if (path == null || path.isEmpty()) {
            return "no :path";
        }
        if (!path.startsWith("/") && !("*".equals(path) && "OPTIONS".equals(request.getMethod()))) {
            return ":path is not absolute: " + path;
        }
        if (uri.getScheme() == null) {
            return "no :scheme";
        }
        return null;
    }

    @Override
    public String method() {
        return request.getMethod();
    }

    @Override
    public String rawPath() {
        return request.getHttpURI().getPath();
    }

    @Override
    public String query() {
        return request.getHttpURI().getQuery();
    }

    @Override
    public String header(String name) {
        return request.getHttpFields().get(name);
    }

    @Override
    public String remoteAddress() {
        return remote;
    }

    @Override
    public AccessLog.Line logLine(AccessLog log) {
        String query = query();
        return log.begin(remote, method() + " " + rawPath() + (query == null ? "" : "?" + query) + " HTTP/2.0",
                request.getHttpFields()::get);
    }

    @Override
    public void status(int status) {
        this.status = status;
    }

    @Override
    public int status() {
        return status;
    }

    @Override
    public void header(String name, String value) {
        answer.put(name, value);
    }

    @Override
    public void content(String type, long length) {
        answer.put("Content-Type", type);
        answer.put("Content-Length", Long.toString(length));
        contentLength = length;
    }

    @Override
    public void answer(byte[] body) {
        stream.sendWhole(head(), "HEAD".equals(method()) || body.length == 0 ? null : ByteBuffer.wrap(body));
    }

    @Override
    public void answerHead() {
        stream.sendWhole(head(), null);
    }

    @Override
    public Sink sink(Generation generation, boolean now) {
        stream.answer(head(), () -> {
            HttpFields.Mutable fields = HttpFields.build();
            fields.put("Server", answer.get("Server"));
            fields.put("Date", answer.get("Date"));
            fields.put("Content-Type", "text/plain; charset=utf-8");
            fields.put("Content-Length", Integer.toString(SERVER_ERROR.length));
            stream.sendWhole(new MetaData.Response(500, null, HttpVersion.HTTP_2, fields),
                    ByteBuffer.wrap(SERVER_ERROR));
        });
        return new Sink(stream, stream::answeredServerError);
    }

    /**
     * A small body (one write, held in memory by the open-file cache) is handed to the connection's writer at once on
     * the thread that read its HEADERS: no hop to the algorithm's thread. The writer only queues it there; its frames
     * go out in the batch written once the frames read have been parsed, within the windows as any DATA.
     */
    @Override
    public boolean fastPath() {
        return true;
    }

    /** The answer's head; Jetty's MetaData takes the length as given, it does not read it from the fields. */
    private MetaData.Response head() {
        return new MetaData.Response(status, null, HttpVersion.HTTP_2, answer.asImmutable(), contentLength);
    }
}
