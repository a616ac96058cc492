package dev.gsf.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs an external load tool (wrk, h2load) for a run's duration and gives what it printed. */
final class ToolOutput {
    private ToolOutput() {
    }

    /**
     * Runs {@code command} to its end and gives its standard output and error, as UTF-8. IOException when it has not
     * ended a minute after the run's {@code duration}, or when this thread is interrupted: the tool is killed then.
     */
    static String of(List<String> command, Duration duration) throws IOException {
        Process tool = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            String output = new String(tool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!tool.waitFor(duration.toSeconds() + 60, TimeUnit.SECONDS)) {
                tool.destroyForcibly();
                throw new IOException(command.get(0) + " did not finish");
            }
            return output;
        } catch (InterruptedException e) {
            tool.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }
}
