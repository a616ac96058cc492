package dev.gsf.server;

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
import org.glassfish.grizzly.http.server.Request;

/**
 * One Common Log Format line per request: {@code host - - [time] "request line" status bytes}. The bytes are the
 * body bytes actually sent, so an aborted download shows how far it got. Lines are buffered and flushed every second.
 *
 * <p>A log may be {@linkplain #share() shared} (generations of a reloaded server that write to the same file share one
 * writer, so their lines never interleave mid-line); each user closes it once and the last close really closes it.
 */
abstract sealed class AccessLog implements Closeable permits AccessLog.Off, AccessLog.ToFile {
    private final AtomicInteger users = new AtomicInteger(1);

    /** The part of a line known when the request arrives; the request object may be recycled before the end. */
    interface Line {
        void end(int status, long bytes);
    }

    static AccessLog off() {
        return new Off();
    }

    static AccessLog to(Path file) throws IOException {
        return new ToFile(file);
    }

    /** The log the {@code access-log} key asks for: none, or the file, opened for appending. */
    static AccessLog of(Optional<Path> file) throws IOException {
        return file.isPresent() ? to(file.get()) : off();
    }

    /** This log for one more user, who closes it once like the first. */
    final AccessLog share() {
        users.incrementAndGet();
        return this;
    }

    abstract Line begin(Request request);

    final void log(Request request, int status, long bytes) {
        begin(request).end(status, bytes);
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
        @Override
        Line begin(Request request) {
            return (status, bytes) -> {
            };
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
        Line begin(Request request) {
            String query = request.getQueryString();
            String prefix = request.getRemoteAddr() + " - - [" + CLF_TIME.format(ZonedDateTime.now()) + "] \""
                    + request.getMethod().getMethodString() + " " + request.getRequestURI()
                    + (query == null ? "" : "?" + query) + " " + request.getProtocol().getProtocolString() + "\" ";
            return (status, bytes) -> write(prefix + status + " " + (bytes == 0 ? "-" : Long.toString(bytes)));
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
