package dev.gsf.server.tls;

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
 * Forwards one connection to the server, reading the TLS record headers of what the server sends. With a
 * {@code pauseMillis}, it stops reading from the server once for that long, after the first 32 KB. (The record
 * sizes of TlsRecordSizeTest, the records per response of ResponseRecordsTest.)
 */
final class RecordProxy implements AutoCloseable {
    private static final int PAUSE_AFTER = 32 << 10;
    private final ServerSocket listening;
    private final int serverPort;
    private final long pauseMillis;
    private final List<Integer> records = new ArrayList<>();
    private final List<Socket> sockets = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();

    RecordProxy(int serverPort, long pauseMillis) throws IOException {
        this.serverPort = serverPort;
        this.pauseMillis = pauseMillis;
        listening = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        Thread accept = new Thread(this::accept, "record-proxy");
        threads.add(accept);
        accept.start();
    }

    int port() {
        return listening.getLocalPort();
    }

    /** The sizes of the records the server sent so far (header excluded), in order. */
    synchronized List<Integer> records() {
        return new ArrayList<>(records);
    }

    private void accept() {
        try {
            Socket client = listening.accept();
            Socket server = new Socket();
            server.setReceiveBufferSize(16 << 10);
            server.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), serverPort), 5000);
            synchronized (this) {
                sockets.add(client);
                sockets.add(server);
            }
            Thread up = new Thread(() -> copy(client, server, false), "record-proxy-up");
            threads.add(up);
            up.start();
            copy(server, client, true);
        } catch (IOException closed) {
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
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
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
        } catch (IOException | InterruptedException closed) {
            // one side closed
        }
    }

    @Override
    public void close() throws Exception {
        listening.close();
        synchronized (this) {
            for (Socket socket : sockets) {
                socket.close();
            }
        }
        for (Thread thread : threads) {
            thread.join(TimeUnit.SECONDS.toMillis(10));
        }
    }
}
