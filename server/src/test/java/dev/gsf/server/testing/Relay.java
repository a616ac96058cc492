package dev.gsf.server.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Relays one TCP connection to a server on loopback, as a network path a test shapes: it may hold the client's
 * first bytes back for a while (a slow path: the handshake takes longer), stop reading from the server once, after
 * its first 32 KB, for a while (a client that stops reading: the server's writes wait), and it reads the TLS record
 * headers of what the server sends. Each direction is a platform thread; a direction that ends half-closes the
 * other side, as the peer's FIN would.
 */
public final class Relay implements AutoCloseable {
    private static final int PAUSE_AFTER = 32 << 10;
    private final ServerSocket listening;
    private final int serverPort;
    private final long holdMillis;
    private final long pauseMillis;
    private final int serverReceiveBuffer;
    private final List<Integer> records = new ArrayList<>();
    private final List<Socket> sockets = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();

    private Relay(int serverPort, long holdMillis, long pauseMillis, int serverReceiveBuffer) throws IOException {
        this.serverPort = serverPort;
        this.holdMillis = holdMillis;
        this.pauseMillis = pauseMillis;
        this.serverReceiveBuffer = serverReceiveBuffer;
        listening = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        start(this::accept, "relay");
    }

    /** A path that holds the client's first bytes (its ClientHello) back for {@code holdMillis}. */
    public static Relay holdingTheClientFor(int serverPort, long holdMillis) throws IOException {
        return new Relay(serverPort, holdMillis, 0, 0);
    }

    /**
     * A path that reads the server's records through a 16 KB receive buffer and, with {@code pauseMillis} above 0,
     * stops reading from the server once for that long after the first 32 KB.
     */
    public static Relay readingRecords(int serverPort, long pauseMillis) throws IOException {
        return new Relay(serverPort, 0, pauseMillis, 16 << 10);
    }

    public int port() {
        return listening.getLocalPort();
    }

    /** The sizes of the TLS records the server sent so far (header excluded), in order. */
    public synchronized List<Integer> records() {
        return new ArrayList<>(records);
    }

    private void accept() {
        try {
            Socket client = listening.accept();
            Socket server = new Socket();
            if (serverReceiveBuffer > 0) {
                server.setReceiveBufferSize(serverReceiveBuffer);
            }
            server.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), serverPort), 5000);
            synchronized (this) {
                sockets.add(client);
                sockets.add(server);
            }
            start(() -> copy(server, client, true), "relay-down");
            Thread.sleep(holdMillis); // the path's delay itself, not a wait for an event
            copy(client, server, false);
        } catch (IOException | InterruptedException closed) {
            // the test is over
        }
    }

    private void copy(Socket from, Socket to, boolean fromServer) {
        byte[] buffer = new byte[8192];
        byte[] header = new byte[5];
        int headerRead = 0;
        long recordLeft = 0;
        long forwarded = 0;
        boolean paused = pauseMillis == 0 || !fromServer;
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            for (int n; (n = in.read(buffer)) > 0; ) {
                for (int i = 0; fromServer && i < n; ) { // the record boundaries in these bytes
                    if (recordLeft > 0) {
                        int skip = (int) Math.min(recordLeft, n - i);
                        recordLeft -= skip;
                        i += skip;
                        continue;
                    }
                    header[headerRead++] = buffer[i++];
                    if (headerRead == header.length) {
                        recordLeft = ((header[3] & 0xff) << 8) | (header[4] & 0xff);
                        headerRead = 0;
                        synchronized (this) {
                            records.add((int) recordLeft);
                        }
                    }
                }
                out.write(buffer, 0, n);
                forwarded += n;
                if (!paused && forwarded > PAUSE_AFTER) {
                    paused = true;
                    Thread.sleep(pauseMillis); // a client that stops reading: the server's writes wait
                }
            }
            to.shutdownOutput();
        } catch (IOException | InterruptedException closed) {
            // one side closed
        }
    }

    private synchronized void start(Runnable task, String name) {
        Thread thread = Thread.ofPlatform().name(name).daemon().unstarted(task);
        threads.add(thread);
        thread.start();
    }

    @Override
    public void close() throws Exception {
        listening.close();
        List<Thread> started;
        synchronized (this) {
            for (Socket socket : sockets) {
                socket.close();
            }
            started = new ArrayList<>(threads);
        }
        for (Thread thread : started) {
            thread.interrupt(); // one still holding or pausing
            thread.join(TimeUnit.SECONDS.toMillis(10));
        }
    }
}
