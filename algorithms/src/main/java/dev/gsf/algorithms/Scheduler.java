package dev.gsf.algorithms;

import java.util.Queue;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * What all algorithms share: admission against the queue limit, the optional cap on downloads in progress, the write
 * timeout sweeper, outcome counting and shutdown. A subclass says only how the first turn of a download is scheduled
 * ({@link #begin}) and what one turn does ({@link #turn}).
 */
abstract class Scheduler implements SendAlgorithm {
    /** Copy buffers bigger than this are not worth it: a section loops over the buffer anyway. */
    static final int MAX_BUFFER = 1 << 20;
    /** Idle copy buffers kept for reuse; buffers are only in use while a write is in flight. */
    static final int RETAINED_BUFFERS = 64;

    /** The longest time between two sweeps (write timeouts, clients that left while waiting). */
    static final long SWEEP_MILLIS = 1000;

    private final Algorithm kind;
    private final SendSettings settings;
    private final BufferPool buffers;
    private final AlgorithmStats stats = new AlgorithmStats();
    private final Set<Download> active = ConcurrentHashMap.newKeySet();
    /** Free places under {@link SendSettings#maxDownloads()}, null when there is no cap. */
    private final Semaphore slots;
    private final Queue<Download> waitingForSlot = new ConcurrentLinkedQueue<>();
    private final ScheduledExecutorService sweeper;
    private volatile boolean closed;

    Scheduler(Algorithm kind, SendSettings settings) {
        this.kind = kind;
        this.settings = settings;
        this.buffers = new BufferPool(Math.min(settings.chunkSize(), MAX_BUFFER), RETAINED_BUFFERS);
        this.slots = settings.maxDownloads() > 0 ? new Semaphore(settings.maxDownloads()) : null;
        this.sweeper = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon()
                .name(kind.name().toLowerCase(java.util.Locale.ROOT) + "-write-timeouts").factory());
        long period = Math.max(10, Math.min(SWEEP_MILLIS, settings.writeTimeout().toMillis() / 4));
        sweeper.scheduleWithFixedDelay(this::endOverdueWrites, period, period, TimeUnit.MILLISECONDS);
    }

    @Override
    public final Algorithm kind() {
        return kind;
    }

    /** Schedules the first turn of a download that has a place. Called on the HTTP layer's thread; must not block. */
    abstract void begin(Download download);

    /**
     * One turn of a download, on the thread the algorithm chose. Ends the download or schedules its next turn.
     * May block only in algorithms that allow blocking writes.
     */
    abstract void turn(Download download) throws Exception;

    @Override
    public final Admission admit() {
        int waiting = stats.waiting.incrementAndGet();
        if (closed || waiting > settings.queueLimit()) {
            stats.waiting.decrementAndGet();
            stats.rejected();
            return null;
        }
        stats.admitted();
        return new Admission(this);
    }

    void cancelAdmission() {
        stats.waiting.decrementAndGet();
    }

    void start(Download download) {
        if (!accept(download)) {
            return;
        }
        if (slots == null) {
            begin(download);
        } else {
            waitingForSlot.add(download);
            beginWaitingWhileSlotsFree();
        }
    }

    /** See {@link Admission#sendNow}: the whole download in one non-blocking write, started on this thread. */
    void sendNow(Download download) {
        if (accept(download)) {
            download.beginTurn();
            try {
                download.writeChunkAsync(download::complete);
            } catch (Throwable t) {
                download.fail(t);
            }
        }
    }

    /**
     * Whether the download's first write is all of it: one part of at most {@link Download#GATHERED} bytes and one
     * chunk.
     */
    final boolean isOneWrite(Download download) {
        return download.isOneWrite(oneWrite());
    }

    private long oneWrite() {
        return Math.min(Download.GATHERED, settings.chunkSize());
    }

    /** Refuses a download that one write does not cover: see {@link Admission#sendNow}. */
    void requireOneWrite(Download download) {
        if (!isOneWrite(download)) {
            // A second write, queued from the first one's callback, could follow the next response's bytes.
            throw new IllegalArgumentException("the fast path takes one write of one part, at most " + oneWrite()
                    + " bytes, not " + download.length());
        }
    }

    /** Takes the download in; false when the scheduler is closed, which has ended it. */
    private boolean accept(Download download) {
        download.attach(this, settings, buffers);
        active.add(download);
        if (closed) {
            download.end(Outcome.SERVER_ERROR, new CancellationException("server is shutting down"));
            return false;
        }
        return true;
    }

    private void beginWaitingWhileSlotsFree() {
        while (!waitingForSlot.isEmpty() && slots.tryAcquire()) {
            Download next = waitingForSlot.poll();
            if (next == null) {
                slots.release();
                return;
            }
            if (next.takeSlot()) {
                begin(next);
            } else {
                slots.release(); // it ended while it waited
            }
        }
    }

    void firstTurnBegun() {
        stats.waiting.decrementAndGet();
        stats.inProgress.incrementAndGet();
    }

    /** Runs one turn on the current thread; whatever it throws ends the download with the matching outcome. */
    final void runTurn(Download download) {
        runTurn(download, this::turn);
    }

    /** What a turn does, when a scheduler has more than one kind of turn (ADA's inline turn and its worker's). */
    interface Turn {
        void run(Download download) throws Exception;
    }

    /** {@link #runTurn(Download)} with another turn body. */
    final void runTurn(Download download, Turn turn) {
        download.beginTurn();
        if (download.isEnded()) {
            return;
        }
        try {
            turn.run(download);
        } catch (Throwable t) {
            download.fail(t);
        }
    }

    /** A chunk written by the thread that had the download (counted for the metrics). */
    void wroteInline() {
        stats.wroteInline();
    }

    /** A download's next write went to another thread (counted for the metrics). */
    void handedOff() {
        stats.handedOff();
    }

    /** The turn of SBA and VTA: the whole rest of the download, one blocking chunk write after another. */
    static void sendRest(Download download) throws Exception {
        while (download.hasRemaining()) {
            download.writeChunkBlocking(true);
        }
        download.complete();
    }

    void ended(Download download, boolean hadTurn, Outcome outcome, long bytes) {
        stats.ended(outcome, bytes); // first: whoever sees the gauge drop also sees the outcome counted
        if (hadTurn) {
            stats.inProgress.decrementAndGet();
        } else {
            stats.waiting.decrementAndGet();
        }
        waitingForSlot.remove(download);
        // Only a download that was given a place frees one (not one that ended waiting, or started after close).
        if (download.endSlot()) {
            slots.release();
            beginWaitingWhileSlotsFree();
        }
        active.remove(download); // last: close() waits for this
    }

    private void endOverdueWrites() {
        long now = System.nanoTime();
        long timeout = settings.writeTimeout().toNanos();
        for (Download download : active) {
            if (download.isWriteOverdue(now, timeout)) {
                download.timedOut();
            } else {
                download.endIfWaitingForNobody(); // a client that left gives its queue place back
            }
        }
    }

    /** The copy buffers its downloads share. For tests. */
    BufferPool buffers() {
        return buffers;
    }

    /** Free places under max-downloads, -1 when there is no cap. For tests. */
    int freeSlots() {
        return slots == null ? -1 : slots.availablePermits();
    }

    @Override
    public final AlgorithmStats.Snapshot stats() {
        return stats.snapshot();
    }

    @Override
    public void close() {
        closed = true;
        sweeper.shutdownNow();
        for (Download download : active) {
            download.end(Outcome.SERVER_ERROR, new CancellationException("server stopped"));
        }
        // A download that another thread was already ending (its connection failed as the server stopped) is counted
        // when that thread is done with it: wait for that, briefly, so that whoever closed sees every end counted.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        while (!active.isEmpty() && System.nanoTime() < deadline) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
    }
}
