package dev.gsf.loadgen.load.driver;

import java.nio.channels.SelectionKey;

/**
 * What a connection's selection key is attached to: the {@link Client} of an HTTP/1.1 connection or the
 * {@link H2Session} of an HTTP/2 one. Called by the event loop's thread when the socket is ready.
 */
interface SocketOwner {
    void onConnectable(SelectionKey k);

    void onWritable(SelectionKey k);

    void onReadable(SelectionKey k);
}
