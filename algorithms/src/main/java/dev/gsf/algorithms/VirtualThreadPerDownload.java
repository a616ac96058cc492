package dev.gsf.algorithms;

import java.util.concurrent.ThreadFactory;

/**
 * VTA: every download that may block gets its own virtual thread, which writes all of it with blocking writes. The
 * worker pool is not used; {@link SendSettings#maxDownloads()} caps how many run at once.
 *
 * <p>A download whose whole body is its first write (one part of at most {@link Download#GATHERED} bytes and one
 * chunk) never blocks a thread: it is written with one non-blocking write on the thread that started it, as ADA's
 * first write and the fast path's, and ends there when the socket takes it (Grizzly's selector finishes what it
 * cannot take at once, as it finishes a virtual thread's first write; the thread's later writes wait for the socket
 * themselves, parked). Starting a virtual thread for it cost a carrier's wake-up and, when the download ended there, a
 * selector task and wake-up to read the connection's next request: most of a small download's cost.
 */
final class VirtualThreadPerDownload extends Scheduler {
    private final ThreadFactory threads = Thread.ofVirtual().name("vta-download-", 0).factory();

    /** Whether this thread is writing a one-write download already. */
    private static final ThreadLocal<boolean[]> IN_ONE_WRITE = ThreadLocal.withInitial(() -> new boolean[1]);

    VirtualThreadPerDownload(SendSettings settings) {
        super(Algorithm.VTA, settings);
    }

    /**
     * A one-write download is written here, unless this thread is writing one already: one that ended here let the
     * next one waiting under max-downloads begin, and thousands of those nested would overflow the stack; that one,
     * and every longer download, gets its virtual thread.
     */
    @Override
    void begin(Download download) {
        boolean[] inOneWrite = IN_ONE_WRITE.get();
        if (isOneWrite(download) && !inOneWrite[0]) {
            inOneWrite[0] = true;
            try {
                runTurn(download, d -> d.writeChunkAsync(d::complete));
            } finally {
                inOneWrite[0] = false;
            }
            return;
        }
        handedOff();
        threads.newThread(() -> runTurn(download)).start();
    }

    @Override
    void turn(Download download) throws Exception {
        sendRest(download);
    }
}
