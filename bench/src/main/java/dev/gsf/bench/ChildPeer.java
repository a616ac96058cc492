package dev.gsf.bench;

import java.util.concurrent.TimeUnit;

/** A {@link Peer} that is a child process of this JVM: its name, its process and how a benchmark stops it. */
abstract class ChildPeer implements Peer {
    private final String name;
    private final Process process;

    ChildPeer(String name, Process process) {
        this.name = name;
        this.process = process;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final ProcessHandle process() {
        return process.toHandle();
    }

    /**
     * SIGTERM, so that the server stops its own children (nginx its workers); after 10 s SIGKILL, waiting up to 10 s
     * more. An interrupt kills at once and stays set. Blocks the calling thread.
     */
    @Override
    public final void close() {
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
