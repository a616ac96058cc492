package dev.gsf.algorithms;

import java.util.concurrent.ThreadPoolExecutor;

/**
 * ADA: the thread that has a download writes it, without a hand-off, while the socket takes each chunk whole: first
 * the thread that read the request, for at most {@link #INLINE_CHUNKS} chunks (a fast client's small download is
 * sent before its request's thread moves on), then a worker, for at most {@link #WORKER_CHUNKS} chunks a turn. A write
 * the socket cannot take at once goes to the selector and frees the thread, as ENBA's does; when it has drained, the
 * selector's thread goes on inline, as nginx's event loop does: a slow client's next chunk blocks at once and costs no
 * thread switch, a fast client's drained buffer is refilled without waking a worker, and one that keeps taking whole
 * chunks past {@link #INLINE_CHUNKS} gets a worker's turn, so a selector thread never writes more than that at a time.
 */
final class Adaptive extends PooledScheduler {
    /** Chunks one inline turn writes before a worker takes over: a selector thread serves other connections too. */
    static final int INLINE_CHUNKS = 4;
    /** Chunks one worker's turn writes while the socket takes them whole, before the download queues again. */
    static final int WORKER_CHUNKS = 16;

    Adaptive(SendSettings settings, ThreadPoolExecutor workers) {
        super(Algorithm.ADA, settings, workers);
    }

    /** Whether this thread is inside an inline turn. */
    private static final ThreadLocal<boolean[]> IN_INLINE_TURN = ThreadLocal.withInitial(() -> new boolean[1]);

    /** The first turn runs on the calling thread: its writes never block. */
    @Override
    void begin(Download download) {
        inline(download);
    }

    /**
     * An inline turn on this thread, unless it is inside one already: a download that ended there let the next one
     * waiting under max-downloads begin, and thousands of those nested would overflow the stack; that one goes to a
     * worker instead.
     */
    private void inline(Download download) {
        boolean[] inTurn = IN_INLINE_TURN.get();
        if (inTurn[0]) {
            queueTurn(download);
            return;
        }
        inTurn[0] = true;
        try {
            runTurn(download, this::inlineTurn);
        } finally {
            inTurn[0] = false;
        }
    }

    /**
     * A worker's turn: chunks while the socket takes them whole, at most {@link #WORKER_CHUNKS}, then the next turn
     * queued. Unlike EBA's and ENBA's turn it does not yield to waiting turns after each chunk: a chunk the socket
     * takes at once costs the worker no wait, and slow downloads' turns are one chunk each, so a fast download keeps
     * its pace beside thousands of slow ones.
     */
    @Override
    void turn(Download download) throws Exception {
        chunks(download, WORKER_CHUNKS);
    }

    /** A turn on a thread outside the pool: at most INLINE_CHUNKS chunks, then a worker's turn. */
    private void inlineTurn(Download download) throws Exception {
        chunks(download, INLINE_CHUNKS);
    }

    /** Up to {@code most} chunks while the socket takes them whole; then the next turn queued for a worker. */
    private void chunks(Download download, int most) throws Exception {
        for (int i = 0; i < most; i++) {
            if (!nonBlockingChunk(download, () -> drained(download))) {
                return;
            }
            if (!download.hasRemaining()) {
                download.complete();
                return;
            }
        }
        queueTurn(download);
    }

    /** On the selector's thread, a blocked chunk out: the next ones go on here. */
    private void drained(Download download) {
        if (download.hasRemaining()) {
            inline(download);
        } else {
            download.complete();
        }
    }
}
