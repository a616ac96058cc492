package dev.gsf.micro.probe;

import java.net.InetSocketAddress;

/** Where the probe streams to: something on loopback that reads and discards. close() ends it within seconds. */
public interface Sink extends AutoCloseable {
    InetSocketAddress address();

    String describe();

    @Override
    void close();
}
