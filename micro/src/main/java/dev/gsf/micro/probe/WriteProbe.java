package dev.gsf.micro.probe;

import dev.gsf.micro.common.Closer;
import dev.gsf.micro.common.Loopback;
import dev.gsf.micro.common.Payload;
import dev.gsf.micro.common.ProgressWatchdog;
import dev.gsf.micro.common.SocketBuffers;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;

/**
 * The seed's loop on a non-blocking SocketChannel with OP_WRITE: select(), then one write() of the buffer's
 * remaining bytes (a fresh X-byte buffer once the last was taken whole), logging the time in each call and the
 * bytes each write took. Runs on the calling thread, bounded by a write count and a time limit.
 */
public final class WriteProbe {
    private WriteProbe() {
    }

    public static ProbeResult run(InetSocketAddress sink, ProbeCell cell, long writes, Duration limit,
                                  Duration stall) throws IOException {
        Histogram selectNanos = new Histogram(TimeUnit.SECONDS.toNanos(10), 3);
        Histogram writeNanos = new Histogram(TimeUnit.SECONDS.toNanos(10), 3);
        ByteCounts bytes = new ByteCounts();
        AtomicLong done = new AtomicLong();
        long partial = 0;
        long total = 0;
        long start = System.nanoTime();
        try (Closer closer = new Closer();
             ProgressWatchdog watchdog = new ProgressWatchdog("probe", stall, limit.plus(stall), done::get,
                     () -> done.get() + " writes done", closer::close)) {
            SocketChannel ch = closer.track(Loopback.connect(sink, cell.sndbuf()));
            ch.setOption(StandardSocketOptions.TCP_NODELAY, cell.noDelay());
            int inForce = SocketBuffers.readBack(ch).send();
            ch.configureBlocking(false);
            Selector selector = closer.track(Selector.open());
            ch.register(selector, SelectionKey.OP_WRITE);
            ByteBuffer buffer = Payload.random(cell.writeSize(), cell.writeSize());
            long deadline = start + limit.toNanos();
            String status = "OK";
            String reason = "";
            try {
                for (long i = 0; i < writes && System.nanoTime() < deadline; i++) {
                    long t0 = System.nanoTime();
                    selector.select();
                    long t1 = System.nanoTime();
                    selector.selectedKeys().clear();
                    if (!buffer.hasRemaining()) {
                        buffer.clear();
                    }
                    int offered = buffer.remaining();
                    int n = ch.write(buffer);
                    long t2 = System.nanoTime();
                    selectNanos.recordValue(t1 - t0);
                    writeNanos.recordValue(t2 - t1);
                    bytes.add(n);
                    partial += n < offered ? 1 : 0;
                    total += n;
                    done.set(i + 1);
                }
            } catch (IOException | ClosedSelectorException e) {
                ProgressWatchdog.Verdict v = watchdog.verdict();
                status = v == null ? "ERR" : v.code();
                reason = v == null ? e.toString() : v.reason();
            }
            return new ProbeResult(cell, inForce, selectNanos, writeNanos, bytes, partial, total,
                    System.nanoTime() - start, status, reason);
        }
    }
}
