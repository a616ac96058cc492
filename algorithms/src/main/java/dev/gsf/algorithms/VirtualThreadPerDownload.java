package dev.gsf.algorithms;

import java.util.concurrent.ThreadFactory;

/**
 * VTA: every download gets its own virtual thread, which writes all of it with blocking writes. The worker pool is
 * not used; {@link SendSettings#maxDownloads()} caps how many run at once.
 */
final class VirtualThreadPerDownload extends Scheduler {
    private final ThreadFactory threads = Thread.ofVirtual().name("vta-download-", 0).factory();

    VirtualThreadPerDownload(SendSettings settings) {
        super(Algorithm.VTA, settings);
    }

    @Override
    void begin(Download download) {
        handedOff();
        threads.newThread(() -> runTurn(download)).start();
    }

    @Override
    void turn(Download download) throws Exception {
        sendRest(download);
    }
}
