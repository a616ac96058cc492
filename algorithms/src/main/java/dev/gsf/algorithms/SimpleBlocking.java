package dev.gsf.algorithms;

import java.util.concurrent.ExecutorService;

/** SBA: a worker takes a download and writes all of it with blocking writes before it takes the next one. */
final class SimpleBlocking extends Scheduler {
    private final ExecutorService workers;

    SimpleBlocking(SendSettings settings, ExecutorService workers) {
        super(settings);
        this.workers = workers;
    }

    @Override
    public Algorithm kind() {
        return Algorithm.SBA;
    }

    @Override
    void begin(Download download) {
        runOn(workers, download);
    }

    @Override
    void turn(Download download) throws Exception {
        sendRest(download);
    }
}
