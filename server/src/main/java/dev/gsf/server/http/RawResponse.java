package dev.gsf.server.http;

import dev.gsf.server.generation.Generation;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.glassfish.grizzly.http.util.FastHttpDateFormat;

/**
 * A whole response written as bytes, for the answers made before Grizzly's parser (a plain GET's 200 and 500, the
 * strict filter's refusals): the status line, {@code Server} and {@code Date}, then the headers added, in order.
 * The texts every answer shares, Grizzly's or ours, are here too. Any thread; one builder per response.
 */
final class RawResponse {
    /** The header naming the algorithm that sent a body. */
    static final String ALGORITHM_HEADER = "X-Send-Algorithm";
    /** The methods served; every other one gets 405 with this Allow. */
    static final String ALLOWED_METHODS = "GET, HEAD";
    /** The body of the 503 of a full download queue. */
    static final String QUEUE_FULL = "server busy: the download queue is full, retry later";

    private final StringBuilder head = new StringBuilder(256);

    /** Starts a response of {@code generation}: its Server header, and X-Send-Algorithm when {@code sent} is true. */
    RawResponse(int status, String reason, Generation generation, boolean sent) {
        head.append("HTTP/1.1 ").append(status).append(' ').append(reason)
                .append("\r\nServer: ").append(generation.serverHeader)
                .append("\r\nDate: ").append(FastHttpDateFormat.getCurrentDate());
        if (sent) {
            header(ALGORITHM_HEADER, generation.algorithm.kind().name());
        }
    }

    RawResponse header(String name, String value) {
        head.append("\r\n").append(name).append(": ").append(value);
        return this;
    }

    RawResponse header(String name, long value) {
        head.append("\r\n").append(name).append(": ").append(value);
        return this;
    }

    /** The head alone (ASCII), ended by its empty line. */
    byte[] bytes() {
        return head.append("\r\n\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The head followed by {@code body}. */
    byte[] bytes(byte[] body) {
        byte[] text = bytes();
        byte[] all = Arrays.copyOf(text, text.length + body.length);
        System.arraycopy(body, 0, all, text.length, body.length);
        return all;
    }
}
