package dev.gsf.micro.echo;

import java.io.IOException;

/** The four socket styles, each usable as server and as client. */
public enum EchoKind {
    /** Blocking SocketChannel, a platform thread per connection (server) or per client. */
    B("blocking"),
    /** Non-blocking SocketChannel: one Selector thread (server); a selector per client thread (client). */
    NB("non-blocking"),
    /** NIO.2 AsynchronousSocketChannel: completion handlers (server), futures (client). */
    A("NIO.2"),
    /** The blocking code on virtual threads, one per connection or client. */
    VT("virtual threads");

    public final String description;

    EchoKind(String description) {
        this.description = description;
    }

    public EchoServer startServer(EchoSettings settings, EchoActivity activity) throws IOException {
        return switch (this) {
            case B -> new BlockingEchoServer(settings, activity,
                    Thread.ofPlatform().daemon().name("echo-serve-", 0).factory());
            case VT -> new BlockingEchoServer(settings, activity, Thread.ofVirtual().name("echo-serve-", 0).factory());
            case NB -> new SelectorEchoServer(settings, activity);
            case A -> new AsyncEchoServer(settings, activity);
        };
    }

    public EchoClient client() {
        return switch (this) {
            case B, VT -> new BlockingEchoClient();
            case NB -> new SelectorEchoClient();
            case A -> new AsyncEchoClient();
        };
    }

    /** Client threads: virtual for VT, platform for the others. */
    public Thread.Builder clientThreads() {
        return this == VT ? Thread.ofVirtual().name("echo-client-", 0)
                : Thread.ofPlatform().daemon().name("echo-client-", 0);
    }
}
