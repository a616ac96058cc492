package dev.gsf.algorithms;

import java.util.concurrent.ThreadPoolExecutor;

/** SBA: a worker takes a download and writes all of it with blocking writes before it takes the next one. */
final class SimpleBlocking extends PooledScheduler {

    SimpleBlocking(SendSettings settings, ThreadPoolExecutor workers) {
        super(Algorithm.SBA, settings, workers);
    }

    @Override
    void turn(Download download) throws Exception {
        sendRest(download);
    }
}
