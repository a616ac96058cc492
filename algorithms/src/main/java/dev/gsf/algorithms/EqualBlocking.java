package dev.gsf.algorithms;

import java.util.concurrent.ExecutorService;

/** EBA: a worker writes one chunk with a blocking write, then puts the download back at the end of the queue. */
final class EqualBlocking extends Scheduler {
    private final ExecutorService workers;

    EqualBlocking(SendSettings settings, ExecutorService workers) {
        super(settings);
        this.workers = workers;
    }

    @Override
    public Algorithm kind() {
        return Algorithm.EBA;
    }

    @Override
    void begin(Download download) {
        runOn(workers, download);
    }

    @Override
    void turn(Download download) throws Exception {
        download.writeChunkBlocking();
        if (download.hasRemaining()) {
            runOn(workers, download);
        } else {
            download.complete();
        }
    }
}
