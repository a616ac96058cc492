package dev.gsf.server.ops;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.glassfish.grizzly.http.server.Request;

/**
 * One Combined Log Format line per request, as nginx writes it:
 * {@code host - - [time] "request line" status bytes "referer" "user agent"}. The bytes are the body bytes actually
 * sent, so an aborted download shows how far it got. Quotes, backslashes, control bytes and bytes above 0x7E in the
 * quoted fields are written as {@code \xHH}, so a hostile request is always exactly one line. Lines are buffered
 * and flushed every second.
 *
 * <p>A log may be {@linkplain #share() shared} (generations of a reloaded server that write to the same file share one
 * writer, so their lines never interleave mid-line); each user closes it once and the last close really closes it.
 */
public abstract sealed class AccessLog implements Closeable permits AccessLog.Off, AccessLog.ToFile {
    private final AtomicInteger users = new AtomicInteger(1);

    /** The part of a line known when the request arrives; the request object may be recycled before the end. */
    public interface Line {
        void end(int status, long bytes);
    }

    static AccessLog off() {
        return new Off();
    }

    static AccessLog to(Path file) throws IOException {
        return new ToFile(file);
    }

    /** The log the {@code access-log} key asks for: none, or the file, opened for appending. */
    public static AccessLog of(Optional<Path> file) throws IOException {
        return file.isPresent() ? to(file.get()) : off();
    }

    /** This log for one more user, who closes it once like the first. */
    public final AccessLog share() {
        users.incrementAndGet();
        return this;
    }

    /** The line of a request Grizzly parsed. */
    public final Line begin(Request request) {
        String query = request.getQueryString();
        return begin(request.getRemoteAddr(), request.getMethod().getMethodString() + " " + request.getRequestURI()
                        + (query == null ? "" : "?" + query) + " " + request.getProtocol().getProtocolString(),
                request::getHeader);
    }

    /**
     * The line of a request: the raw request line (null when none could be read) and its header fields, looked up by
     * lower-case name (null when absent) only when lines are written.
     */
    public abstract Line begin(String remoteAddress, String requestLine, UnaryOperator<String> field);

    public final void log(Request request, int status, long bytes) {
        begin(request).end(status, bytes);
    }

    /** A request answered before Grizzly parsed it: only its address and request line are known. */
    public final void logRaw(String remoteAddress, String requestLine, int status, long bytes) {
        begin(remoteAddress, requestLine, name -> null).end(status, bytes);
    }

    /**
     * The value of a quoted field: {@code "}, {@code \}, bytes below 0x20 and from 0x7F up as {@code \xHH} (nginx's
     * escaping), each char taken as one byte (Grizzly decodes request bytes as ISO-8859-1); null as {@code -}.
     */
    static String escape(String value) {
        if (value == null) {
            return "-";
        }
        StringBuilder out = new StringBuilder(value.length());
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\') {
                if (c > 0xff) { // not a byte: its UTF-8 bytes
                    for (byte b : String.valueOf(c).getBytes(StandardCharsets.UTF_8)) {
                        out.append(String.format(Locale.ROOT, "\\x%02X", b & 0xff));
                    }
                } else {
                    out.append(String.format(Locale.ROOT, "\\x%02X", (int) c));
                }
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** Ends this user's share; the last one closes the file. */
    @Override
    public final void close() throws IOException {
        if (users.decrementAndGet() == 0) {
            closeFile();
        }
    }

    void closeFile() throws IOException {
    }

    static final class Off extends AccessLog {
        static final Line NO_LINE = (status, bytes) -> {
        };

        @Override
        public Line begin(String remoteAddress, String requestLine, UnaryOperator<String> field) {
            return NO_LINE;
        }
    }

    static final class ToFile extends AccessLog {
        private static final DateTimeFormatter CLF_TIME =
                DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ROOT);
        private final BufferedWriter out;
        private final ScheduledExecutorService flusher = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().daemon().name("access-log-flush").factory());

        ToFile(Path file) throws IOException {
            out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
            flusher.scheduleWithFixedDelay(this::flush, 1, 1, TimeUnit.SECONDS);
        }

        @Override
        public Line begin(String remoteAddress, String requestLine, UnaryOperator<String> field) {
            String prefix = escape(remoteAddress) + " - - [" + CLF_TIME.format(ZonedDateTime.now()) + "] \""
                    + escape(requestLine) + "\" ";
            String suffix = " \"" + escape(field.apply("referer")) + "\" \"" + escape(field.apply("user-agent"))
                    + "\"";
            return (status, bytes) -> write(prefix + status + " " + (bytes == 0 ? "-" : Long.toString(bytes)) + suffix);
        }

        private synchronized void write(String line) {
            try {
                out.write(line);
                out.newLine();
            } catch (IOException e) {
                // A full disk must not fail downloads; the log says so once per failed line on stderr.
                System.err.println("access log: " + e.getMessage());
            }
        }

        private synchronized void flush() {
            try {
                out.flush();
            } catch (IOException e) {
                System.err.println("access log: " + e.getMessage());
            }
        }

        @Override
        synchronized void closeFile() throws IOException {
            flusher.shutdownNow();
            out.close();
        }
    }
}
