package dev.gsf.micro.echo;

import dev.gsf.micro.common.Payload;
import dev.gsf.micro.common.SocketBuffers;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.NetworkChannel;
import java.util.concurrent.CountDownLatch;

/**
 * The client side of the paper's model with the socket style left open: send once (as much as the socket takes),
 * read back exactly that many bytes, until the byte count has gone round. Runs on the client thread.
 */
abstract class EchoLoop {
    /** One write call's worth (blocking styles write the whole buffer); returns the bytes written. */
    abstract int sendOnce(ByteBuffer out) throws IOException;

    /** Reads until the buffer is full; returns false at end of stream. */
    abstract boolean readFully(ByteBuffer in) throws IOException;

    /**
     * Reads back the socket buffers in force, makes the buffers, says it is connected, waits at the gate, then
     * echoes the settings' byte count; only the transfer is timed.
     */
    final EchoTally run(NetworkChannel ch, EchoSettings settings, EchoActivity activity, CountDownLatch connected,
                        CountDownLatch gate) throws IOException, InterruptedException {
        EchoTally tally = new EchoTally();
        settings.applyNoDelay(ch);
        tally.buffers = SocketBuffers.readBack(ch);
        activity.noteClientBuffers(tally.buffers);
        ByteBuffer out = Payload.random(settings.bufferSize(), 0xEC40);
        ByteBuffer in = ByteBuffer.allocateDirect(settings.bufferSize());
        connected.countDown();
        gate.await();
        long start = System.nanoTime();
        while (tally.sent < settings.bytesPerClient()) {
            int n = (int) Math.min(settings.bufferSize(), settings.bytesPerClient() - tally.sent);
            out.clear().limit(n);
            activity.clientsWriting.incrementAndGet();
            int written;
            try {
                written = sendOnce(out);
            } finally {
                activity.clientsWriting.decrementAndGet();
            }
            tally.sent(out.duplicate().flip());
            in.clear().limit(written);
            activity.clientsReading.incrementAndGet();
            try {
                if (!readFully(in)) {
                    throw new IOException("server closed the connection after " + tally.received + " bytes");
                }
            } finally {
                activity.clientsReading.decrementAndGet();
            }
            activity.moved.addAndGet(written);
            tally.received(in.flip());
        }
        tally.nanos = System.nanoTime() - start;
        return tally;
    }
}
