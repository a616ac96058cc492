package dev.gsf.server.results;

import dev.gsf.report.Json;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The results log: one {@link DownloadResult} per line as JSON (JSON Lines), appended to a file. Buffered; written
 * out whenever the results queue runs empty, so a quiet server's log is complete.
 */
final class JsonLinesSink implements DownloadResultSink {
    private final BufferedWriter out;

    JsonLinesSink(Path file) throws ResultSinkException {
        try {
            out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new ResultSinkException("results-log: cannot open " + file + " for appending: " + e.getMessage(), e);
        }
    }

    @Override
    public synchronized void accept(DownloadResult result) throws IOException {
        out.write(Json.line(result));
        out.newLine();
    }

    @Override
    public synchronized void flush() throws IOException {
        out.flush();
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }
}
