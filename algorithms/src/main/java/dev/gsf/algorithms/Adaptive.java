package dev.gsf.algorithms;

import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * ADA: the thread that has a download writes it, without a hand-off, while the socket takes each chunk whole: first
 * the thread that read the request, for at most {@link #INLINE_CHUNKS} chunks (a fast client's small download is
 * sent before its request's thread moves on), then a worker, for at most {@link #WORKER_CHUNKS} chunks a turn. A write
 * the socket cannot take at once goes to the selector and frees the thread, as ENBA's does. When it has drained, a
 * download that waited less than {@link #FAST_DRAIN_NANOS} goes on inline on the selector's thread; one that keeps
 * blocking takes a worker's turn, which its next blocked write ends after one chunk, as ENBA's.
 */
final class Adaptive extends PooledScheduler {
    /** Chunks one inline turn writes before a worker takes over: a selector thread serves other connections too. */
    static final int INLINE_CHUNKS = 4;
    /** Chunks one worker's turn writes while the socket takes them whole, before the download queues again. */
    static final int WORKER_CHUNKS = 16;
    /** A blocked write that drained within this was a fast client's full socket buffer, not a slow client. */
    static final long FAST_DRAIN_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    /** A drain faster than this goes on inline; set once (a test changes it between writes, hence volatile). */
    volatile long fastDrainNanos;

    Adaptive(SendSettings settings, ThreadPoolExecutor workers) {
        this(settings, workers, FAST_DRAIN_NANOS);
    }

    /** With another fast-drain threshold (tests set one no clock can miss). */
    Adaptive(SendSettings settings, ThreadPoolExecutor workers, long fastDrainNanos) {
        super(Algorithm.ADA, settings, workers);
        this.fastDrainNanos = fastDrainNanos;
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
            if (!nonBlockingChunk(download, waited -> drained(download, waited))) {
                return;
            }
            if (!download.hasRemaining()) {
                download.complete();
                return;
            }
        }
        queueTurn(download);
    }

    /** On the selector's thread, a blocked chunk out: the next goes on here when it drained fast, else to a worker. */
    private void drained(Download download, long waitedNanos) {
        if (!download.hasRemaining()) {
            download.complete();
        } else if (waitedNanos < fastDrainNanos) {
            inline(download);
        } else {
            queueTurn(download);
        }
    }
}
