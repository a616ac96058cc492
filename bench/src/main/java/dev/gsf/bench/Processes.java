package dev.gsf.bench;

import java.util.concurrent.TimeUnit;

/** How a benchmark stops the servers it started as child processes. */
final class Processes {
    private Processes() {
    }

    /**
     * SIGTERM, so that the server stops its own children (nginx its workers); after 10 s SIGKILL, waiting up to 10 s
     * more. An interrupt kills at once and stays set. Blocks the calling thread.
     */
    static void stop(Process process) {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
