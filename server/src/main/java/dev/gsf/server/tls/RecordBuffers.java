package dev.gsf.server.tls;

import dev.gsf.common.Budget;
import java.nio.ByteBuffer;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.SSLEngine;

/**
 * The buffers TLS body records are wrapped into, pooled, of one kind: on the heap for the JDK's engines, which
 * encrypt a heap buffer in place with the AES-GCM intrinsic, in direct memory for BoringSSL's, which writes a record
 * straight into a direct buffer where it copied it out to a heap one, and which the socket then writes as it is
 * (a heap record was copied into a temporary direct buffer by the transport). The idle pools are bounded; a buffer
 * taken beyond them is allocated and, when it comes back to a full pool, left to the GC (a direct one's memory then
 * goes with its cleaner). {@link #out} counts the buffers taken and not back: every end of a write gives its record
 * back, whichever way the write ended, so it is 0 when no record is in flight. The direct pool's records in use are
 * bounded by {@link #DIRECT_IN_USE_BYTES}: past it a record goes in a heap buffer, as when direct memory runs out.
 *
 * <p>Threads: any; lock-free queues and counters.
 */
final class RecordBuffers {
    /** A small piece's record: its bytes, the 5-byte header, the tag, the content type (and TLS 1.2's nonce). */
    static final int SMALL_RECORD = TlsWrites.SMALL_PIECE + 64;
    /** Idle whole records kept at most: each is in use from its wrap until the kernel took the record. */
    static final int IDLE_RECORDS = 256;
    /** Idle small records kept at most (a slow client's connection under the JDK's engines holds 4 KB, not 16.7). */
    static final int IDLE_SMALL_RECORDS = 1024;
    /**
     * Direct memory the records in use may hold at most: about 11,500 whole records (16.7 KB), so that 10,000 slow
     * clients' records (167 MB, one each: BoringSSL's pieces are whole whatever the client's pace) stay direct, beside
     * h2's 64 MiB of frame slabs, within the JVM's direct-memory cap (320 MB with serve.jvm-options). Past it a record
     * goes to the heap at once, rather than reaching the cap, where it would first wait in the JDK's reservation
     * retries (System.gc and back-off sleeps, under the connection's lock). With a 64 MB bound most of those records
     * went to the heap: 3.5-3.9 CPU s/GB against 2.1-2.4 with this one
     * (docs/results/2026-11-28-tls-10000-clients-whole-direct-records.md).
     */
    static final long DIRECT_IN_USE_BYTES = 192L << 20;
    static final RecordBuffers HEAP = new RecordBuffers(false, 0);
    static final RecordBuffers DIRECT = new RecordBuffers(true, DIRECT_IN_USE_BYTES);

    private final boolean direct;
    private final ArrayBlockingQueue<ByteBuffer> idle = new ArrayBlockingQueue<>(IDLE_RECORDS);
    /**
     * Small records: BoringSSL's engine seals a small piece straight into one ({@link #firstSize}); the JDK's wraps
     * only into a buffer of a whole record's size, so its small record is moved into one of these.
     */
    private final ArrayBlockingQueue<ByteBuffer> idleSmall = new ArrayBlockingQueue<>(IDLE_SMALL_RECORDS);
    private final AtomicLong out = new AtomicLong();
    /** Bytes of the direct buffers taken and not back (a heap fallback's count nothing). */
    private final Budget directInUse;

    /** A pool of direct records when {@code direct}, whose records in use hold {@code maxDirectInUse} bytes at most. */
    RecordBuffers(boolean direct, long maxDirectInUse) {
        this.direct = direct;
        this.directInUse = new Budget(maxDirectInUse);
    }

    /** The pool for records of {@code engine}: direct for BoringSSL's, heap for the JDK's. */
    static RecordBuffers of(SSLEngine engine) {
        return engine instanceof BoringEngine ? DIRECT : HEAP;
    }

    /** Buffers of both kinds taken and not given back yet. */
    static long outOfBothPools() {
        return HEAP.out.get() + DIRECT.out.get();
    }

    /** Buffers of this pool taken and not given back yet. */
    long taken() {
        return out.get();
    }

    /** Bytes of direct memory in this pool's records taken and not given back yet. */
    long directBytesInUse() {
        return directInUse.held();
    }

    /**
     * The size of the first buffer to wrap {@code plainBytes} into, under an engine whose records need
     * {@code packet}: a small record's when BoringSSL's engine (this pool's) seals so few bytes, since it asks only
     * for their room and its overhead, so that a small piece's record is sealed where it waits, not sealed into a
     * whole record's buffer and copied (at 10,000 slow clients most records were small: a copy of 4 KiB and two
     * pool round trips each); the JDK's engine asks for a whole packet's room whatever it seals. Should the engine
     * want more room (a TLS 1.2 suite's larger overhead), the caller's next try is a whole one.
     */
    int firstSize(long plainBytes, int packet) {
        return direct && plainBytes <= TlsWrites.SMALL_PIECE ? SMALL_RECORD : packet;
    }

    /**
     * An empty buffer of at least {@code size} bytes, a small record's when that is enough; give it back with
     * {@link #giveBack}.
     */
    ByteBuffer take(int size) {
        ByteBuffer record = size <= SMALL_RECORD ? obtain(idleSmall, SMALL_RECORD) : obtain(idle, size);
        out.incrementAndGet(); // once it is taken: an allocation that throws takes nothing
        return record;
    }

    /**
     * {@code record} (flipped) itself when it is larger than a small one or is a small one, else a small buffer
     * holding its bytes, {@code record} given back; either way the one returned is taken.
     */
    ByteBuffer fitted(ByteBuffer record) {
        if (record.remaining() > SMALL_RECORD || record.capacity() == SMALL_RECORD) {
            return record;
        }
        long room = directBytes(record);
        directInUse.giveBack(room); // first: the small record may take its room
        ByteBuffer small;
        try {
            small = obtain(idleSmall, SMALL_RECORD);
        } catch (OutOfMemoryError e) { // no small buffer to be had: the sealed record goes out as it is
            directInUse.adjust(room);
            return record;
        }
        small.put(record).flip();
        keep(idle, record);
        return small;
    }

    /** {@code record} back in its pool (or left to the GC when the pool is full). */
    void giveBack(ByteBuffer record) {
        out.decrementAndGet();
        directInUse.giveBack(directBytes(record));
        keep(record.capacity() == SMALL_RECORD ? idleSmall : idle, record);
    }

    /**
     * An idle buffer of {@code pool} or a new one, of at least {@code size} bytes, counted in use; a heap one when this
     * is the direct pool and its records in use would hold more than its bound's bytes with it. The room is
     * reserved before the buffer is found (so that racing takes cannot all pass the check), then set to its capacity.
     */
    private ByteBuffer obtain(ArrayBlockingQueue<ByteBuffer> pool, int size) {
        if (!direct) {
            return fromPool(pool, size);
        }
        if (!directInUse.take(size)) {
            return ByteBuffer.allocate(size); // past the cap: on the heap, as the JDK's records are
        }
        ByteBuffer record = null;
        try {
            record = fromPool(pool, size);
            return record;
        } finally {
            directInUse.adjust(directBytes(record) - size); // null (thrown) or a heap fallback: nothing in use
        }
    }

    private ByteBuffer fromPool(ArrayBlockingQueue<ByteBuffer> pool, int size) {
        ByteBuffer record = pool.poll();
        return record == null || record.capacity() < size ? allocate(size) : record.clear();
    }

    /** What {@code record} counts in {@link #directInUse}: its capacity if it is one of this pool's direct buffers. */
    private long directBytes(ByteBuffer record) {
        return direct && record != null && record.isDirect() ? record.capacity() : 0;
    }

    /** Keeps {@code record} idle if it is of this pool's kind (not a heap record the direct pool fell back to). */
    private void keep(ArrayBlockingQueue<ByteBuffer> pool, ByteBuffer record) {
        if (record.isDirect() == direct) {
            pool.offer(record);
        }
    }

    /**
     * A new buffer; a heap one when direct memory is out (-XX:MaxDirectMemorySize, which defaults to -Xmx): the engine
     * wraps into either, and the transport copies a heap record as it did before, so the write goes on.
     */
    private ByteBuffer allocate(int size) {
        if (direct) {
            try {
                return ByteBuffer.allocateDirect(size);
            } catch (OutOfMemoryError e) {
                // no direct memory left: the record goes on the heap
            }
        }
        return ByteBuffer.allocate(size);
    }
}
