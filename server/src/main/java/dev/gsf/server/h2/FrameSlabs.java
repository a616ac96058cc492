package dev.gsf.server.h2;

import dev.gsf.common.Budget;
import java.nio.ByteBuffer;
import java.util.concurrent.ArrayBlockingQueue;

/**
 * The direct memory HTTP/2 batches are built in, shared by every connection of a server: a batch takes slabs while it
 * is built and gives them back once Grizzly has written it. Direct, so that a DATA payload is read from its file
 * straight into its frame (pread into the slab) and the socket written straight from it (writev): frames in heap
 * buffers cost two more copies each (the JDK's through a temporary direct buffer on the file read, Grizzly's into its
 * own direct buffer on the socket write, a fresh one on every new virtual thread) and their zeroing and collection.
 * Slabs in use are bounded by the batches in flight (one per connection at a time) and by {@link #IN_USE_BYTES}: past
 * it, or when direct memory runs out, {@link #take} says so and the batch falls back to heap buffers, as before (so
 * that thousands of connections whose sockets are full never hold more direct memory than that, and no batch waits in
 * the JDK's reservation retries). At most {@link #RETAINED} idle slabs are kept; an empty pool allocates.
 *
 * <p>Threads: any thread takes (a batch's builder, under its writer's lock) and gives (whoever hears the batch end).
 */
final class FrameSlabs {
    /** Idle slabs kept: what 16 connections' batches of 256 KiB hold with 16 KiB frames. */
    static final int RETAINED = 64;
    /** Room beside the longest DATA frame's payload: its header and a few small frames (HEADERS, WINDOW_UPDATE). */
    private static final int HEADROOM = 512;
    /**
     * The longest slab: a frame longer than this goes in a heap buffer of its own (only with h2-max-frame and
     * h2-in-flight both raised past 256 KiB), so that a batch of small frames never holds more.
     */
    static final int LONGEST_SLAB = (256 << 10) + HEADROOM;

    /** Direct memory the slabs in use may hold at most (with 16 KiB frames, about 200 connections' full batches). */
    static final long IN_USE_BYTES = 64L << 20;

    private final int size;
    private final ArrayBlockingQueue<ByteBuffer> idle = new ArrayBlockingQueue<>(RETAINED);
    /** Slabs taken and not given back, at most {@link #IN_USE_BYTES} of them. */
    private final Budget inUse;

    /** Slabs that hold one DATA frame of {@code maxFrame} bytes (h2-max-frame) and its header at least. */
    FrameSlabs(int maxFrame) {
        this.size = Math.min(maxFrame + HEADROOM, LONGEST_SLAB);
        this.inUse = new Budget(IN_USE_BYTES / size);
    }

    /** How many bytes a slab holds. */
    int size() {
        return size;
    }

    /** Slabs taken and not given back yet. */
    int inUse() {
        return (int) inUse.held();
    }

    /**
     * Whether fewer slabs are in use than {@link #RETAINED}, so that more taken now come back to the pool for reuse:
     * then an h2c batch may copy in runs what sendfile could carry ({@link H2Batch#SENDFILE_FRAME_MIN}). Past it (many
     * connections' batches at once, e.g. stuck in full sockets) payloads go by sendfile and those batches hold only
     * frame headers, where a run holds a whole slab for its payload and slabs past the pool's are fresh allocations
     * freed by the collector (docs/results/2026-11-28-h2c-runs-for-small-frames.md).
     */
    boolean fewInUse() {
        return inUse() < RETAINED;
    }

    /** An empty slab; null when {@link #IN_USE_BYTES} are in use, or no direct memory is left. */
    ByteBuffer take() {
        if (!inUse.take(1)) {
            return null;
        }
        ByteBuffer slab = idle.poll();
        try {
            return slab != null ? slab : ByteBuffer.allocateDirect(size);
        } catch (OutOfMemoryError e) {
            inUse.giveBack(1);
            return null; // -XX:MaxDirectMemorySize reached: the batch copies into heap buffers, as Grizzly then does
        }
    }

    /** Gives {@code slab} back once nothing reads it any more; or, not {@code reuse}, leaves it to the collector. */
    void give(ByteBuffer slab, boolean reuse) {
        inUse.giveBack(1);
        if (reuse) {
            idle.offer(slab.clear());
        }
    }
}
