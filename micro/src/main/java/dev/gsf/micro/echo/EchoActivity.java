package dev.gsf.micro.echo;

import dev.gsf.micro.common.Closer;
import dev.gsf.micro.common.SocketBuffers;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What a running echo cell is doing, shared by its clients, its server and its watchdog: bytes moved (the
 * progress the watchdog watches), how many ends sit in a write or a read right now (the DL reason), and the
 * channels to close when the cell is torn down. Every method is thread-safe and none blocks.
 */
public final class EchoActivity {
    final AtomicLong moved = new AtomicLong();
    final AtomicInteger clientsWriting = new AtomicInteger();
    final AtomicInteger clientsReading = new AtomicInteger();
    final AtomicInteger serverWriting = new AtomicInteger();
    final AtomicInteger serverReading = new AtomicInteger();
    private final Closer clientChannels = new Closer();
    private volatile SocketBuffers.Actual clientBuffers;

    public long moved() {
        return moved.get();
    }

    /** Remembers a client channel or selector that teardown must close. */
    public <T extends AutoCloseable> T track(T c) {
        return clientChannels.track(c);
    }

    /** The first client's buffers as read back after connect: part of the DL reason. */
    void noteClientBuffers(SocketBuffers.Actual actual) {
        if (clientBuffers == null) {
            clientBuffers = actual;
        }
    }

    SocketBuffers.Actual clientBuffers() {
        return clientBuffers;
    }

    /** Teardown of the client side: every client thread blocked on a tracked channel wakes with an exception. */
    public void closeClients() {
        clientChannels.close();
    }

    /** The DL reason: where both ends are stuck. */
    public String describe(int clients) {
        return clientsWriting.get() + "/" + clients + " clients in write, " + clientsReading.get()
                + " in read; server: " + serverWriting.get() + " connections with an unfinished write, "
                + serverReading.get() + " waiting in read";
    }
}
