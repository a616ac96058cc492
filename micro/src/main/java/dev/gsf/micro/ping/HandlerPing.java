package dev.gsf.micro.ping;

import dev.gsf.micro.common.Closer;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousChannelGroup;
import java.nio.channels.CompletionHandler;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Ping with NIO.2 completion handlers: a chain of steps where each completion starts the next I/O.
 * Single mode: both channels in one group with one thread, so one thread runs client and server steps.
 * Threaded mode: the server echoes in its own one-thread group, the client chain runs in another.
 * Handlers run on the group threads and never block.
 */
final class HandlerPing implements CompletionHandler<Integer, HandlerPing.Step> {
    enum Step { CLIENT_WRITE, SERVER_READ, SERVER_WRITE, CLIENT_READ }

    private final AsyncPair pair;
    private final boolean threaded;
    private final PingRecorder recorder;
    private final ByteBuffer msg;
    private final ByteBuffer reply;
    private final ByteBuffer serverBuffer;
    private final CompletableFuture<Void> done = new CompletableFuture<>();
    private long i;
    private long start;

    HandlerPing(PingMode mode, PingSpec spec, PingRecorder recorder, Closer closer) throws IOException {
        this.threaded = mode == PingMode.THREADED;
        this.recorder = recorder;
        AsynchronousChannelGroup clientGroup = group(closer, "ping-handler-client");
        AsynchronousChannelGroup serverGroup = threaded ? group(closer, "ping-handler-server") : clientGroup;
        this.pair = closer.track(AsyncPair.open(clientGroup, serverGroup));
        this.msg = ByteBuffer.allocateDirect(spec.size());
        this.reply = ByteBuffer.allocateDirect(spec.size());
        this.serverBuffer = ByteBuffer.allocateDirect(spec.size());
    }

    private static AsynchronousChannelGroup group(Closer closer, String name) throws IOException {
        AsynchronousChannelGroup g = AsynchronousChannelGroup.withFixedThreadPool(1,
                Thread.ofPlatform().daemon().name(name).factory());
        closer.track(() -> {
            g.shutdownNow();
            g.awaitTermination(5, TimeUnit.SECONDS);
        });
        return g;
    }

    /** Starts the chain and waits (bounded) until it has done every round trip or failed. */
    void run(PingSpec spec) throws Exception {
        if (threaded) {
            serverRead();
        }
        nextRound();
        done.get(spec.limit().plus(spec.stall()).toMillis() + 5000, TimeUnit.MILLISECONDS);
    }

    private void nextRound() {
        if (!recorder.more(i)) {
            done.complete(null);
            return;
        }
        msg.clear();
        msg.putLong(0, i);
        reply.clear();
        start = recorder.start(i);
        pair.client().write(msg, Step.CLIENT_WRITE, this);
    }

    private void serverRead() {
        serverBuffer.clear();
        pair.server().read(serverBuffer, Step.SERVER_READ, this);
    }

    @Override
    public void completed(Integer n, Step step) {
        if (n < 0) {
            failed(new EOFException("peer closed"), step);
            return;
        }
        switch (step) {
            case CLIENT_WRITE -> {
                if (msg.hasRemaining()) {
                    pair.client().write(msg, step, this);
                } else if (threaded) {
                    pair.client().read(reply, Step.CLIENT_READ, this);
                } else {
                    serverRead();
                }
            }
            case SERVER_READ -> {
                if (serverBuffer.hasRemaining()) {
                    pair.server().read(serverBuffer, step, this);
                } else {
                    pair.server().write(serverBuffer.flip(), Step.SERVER_WRITE, this);
                }
            }
            case SERVER_WRITE -> {
                if (serverBuffer.hasRemaining()) {
                    pair.server().write(serverBuffer, step, this);
                } else if (threaded) {
                    serverRead();
                } else {
                    pair.client().read(reply, Step.CLIENT_READ, this);
                }
            }
            case CLIENT_READ -> {
                if (reply.hasRemaining()) {
                    pair.client().read(reply, step, this);
                } else {
                    recorder.record(i, start, reply.getLong(0));
                    i++;
                    nextRound();
                }
            }
        }
    }

    @Override
    public void failed(Throwable exc, Step step) {
        done.completeExceptionally(exc);
    }
}
