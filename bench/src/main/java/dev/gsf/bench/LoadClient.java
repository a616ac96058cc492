package dev.gsf.bench;

import java.io.IOException;
import java.time.Duration;

/** Drives one URL with a fixed number of keep-alive connections for a fixed time. Blocks for that time. */
public interface LoadClient {

    /** What one run measured. */
    record Result(long requests, long bytes, double seconds, long errors) {
        public double requestsPerSecond() {
            return requests / seconds;
        }

        public double gigabytesPerSecond() {
            return bytes / seconds / 1e9;
        }
    }

    String name();

    Result run(String url, int connections, Duration duration) throws IOException;
}
