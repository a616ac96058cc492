package dev.gsf.server.h2;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import org.eclipse.jetty.http.MetaData;
import org.eclipse.jetty.http2.ErrorCode;
import org.eclipse.jetty.http2.frames.DataFrame;
import org.eclipse.jetty.http2.frames.GoAwayFrame;
import org.eclipse.jetty.http2.frames.HeadersFrame;
import org.eclipse.jetty.http2.frames.PingFrame;
import org.eclipse.jetty.http2.frames.PrefaceFrame;
import org.eclipse.jetty.http2.frames.ResetFrame;
import org.eclipse.jetty.http2.parser.Parser;
import org.eclipse.jetty.io.ByteBufferPool;

/**
 * One fuzz input played as a client over a real socket: the preface and an empty SETTINGS, the input's bytes (in one
 * write, or one write per cut: TCP_NODELAY, though the server may still read several writes at once), then the
 * harness's probe, a GET of /1KB.bin on stream 2^31-1 with a PING behind it. Nothing else is sent on its own (no
 * SETTINGS ack, no window given back), so the bytes are the input's alone; once the PING is answered, the harness
 * opens the connection's window to the most it may be and the probe stream's to 1 KB, as the input's frames left
 * them, so that the probe is not held by windows the input closed. What comes back is read by Jetty's client parser.
 * While a usable connection is still open, the server's count of open streams must come down to those the client
 * has not seen end ({@link #settle}).
 *
 * <p>Threads: the test's own; every read is bounded by the socket's timeout.
 */
final class H2FuzzClient {
    static final int PROBE = Integer.MAX_VALUE;
    static final int PROBE_LENGTH = 1024;
    private static final int TIMEOUT_MS = 5000;
    /** How long a client that sent GOAWAY waits for the server to end, once its PING is answered. */
    private static final long QUIET_MS = 100;
    /** How long one read waits while the server's stream count settles (a bound, not a pause: bytes end it). */
    private static final int SETTLE_READ_MS = 10;

    /** How the connection ended up. */
    enum Outcome { ANSWERED, PROBE_REFUSED, GOAWAY, CLIENT_WENT_AWAY }

    /** The verdict on one input: what became of the connection, and GOAWAY's code (-1 without one). */
    record Verdict(Outcome outcome, int goAwayCode) {
        /**
         * Whether the connection was left usable: the probe answered, or refused because the input's streams still
         * held the most the server allows (RFC 9113 §5.1.2): which of the two depends on how many of them had ended
         * when the server read the probe, so on when the reads came, not on the bytes.
         */
        boolean usable() {
            return outcome == Outcome.ANSWERED || outcome == Outcome.PROBE_REFUSED;
        }
    }

    /**
     * Whatever the server did that no input may cause: a 5xx, RST_STREAM INTERNAL_ERROR, a frame that parses not, a
     * count of open streams that does not come down ({@link #settle}).
     */
    final List<String> problems = new ArrayList<>();
    private final H2FuzzInput input;
    private final Parser parser = new Parser(ByteBufferPool.NON_POOLING, 64 * 1024);
    private int goAway = -1;
    private long dataReceived;
    private int probeStatus = -1;
    private long probeLength = -1;
    private long probeBody;
    private boolean probeEnded;
    private int probeReset = -1;
    private int pingsAnswered;
    private boolean eof;
    /** Streams the server has ended (END_STREAM) or reset, as read so far. */
    private final Set<Integer> streamsEnded = new HashSet<>();

    H2FuzzClient(H2FuzzInput input) {
        this.input = input;
        parser.init(new Listener());
        parser.setMaxFrameSize(1 << 24);
    }

    /** Plays the input; {@code serverStreamsOpen} is the server's count of HTTP/2 streams open (this play's only). */
    Verdict play(int port, boolean cut, LongSupplier serverStreamsOpen) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setTcpNoDelay(true);
            socket.setSoTimeout(TIMEOUT_MS);
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            boolean sent = send(out, PrefaceFrame.PREFACE_BYTES, 0, PrefaceFrame.PREFACE_BYTES.length)
                    && send(out, H2FuzzInput.frame(4, 0, 0, new byte[0]));
            int from = 0;
            for (int c : cut ? input.cuts : new int[0]) {
                sent = sent && send(out, input.bytes, from, c - from);
                from = c;
            }
            sent = sent && send(out, input.bytes, from, input.bytes.length - from);
            if (!input.framed) { // a frame cut short: enough zeros to end it, then DATA on stream 0 (an error)
                sent = sent && send(out, new byte[H2FuzzInput.MAX_FRAME + 18]);
            }
            sent = sent && send(out, H2FuzzInput.frame(1, 5, PROBE, H2FuzzInput.getBlock("/1KB.bin"))) && ping(out, 1);
            readUntil(in, () -> pingsAnswered >= 1);
            if (!eof && goAway < 0 && sent && input.framed) {
                openWindows(out);
                ping(out, 2);
                readUntil(in, () -> pingsAnswered >= 2 && (probeEnded || probeReset >= 0 || input.clientGoAway));
            }
            if (input.clientGoAway && goAway < 0 && !eof && !(probeEnded || probeReset >= 0)) {
                long until = System.nanoTime() + QUIET_MS * 1_000_000;
                socket.setSoTimeout((int) QUIET_MS);
                readUntil(in, () -> System.nanoTime() > until);
                return new Verdict(Outcome.CLIENT_WENT_AWAY, -1);
            }
            Verdict verdict = verdict(in);
            if (verdict.usable()) {
                settle(socket, in, serverStreamsOpen);
            }
            return verdict;
        }
    }

    /**
     * Before the client closes (a close ends every stream, a leak with them): waits, reading on, until the server
     * counts no more streams open than the client has not seen end; one ended but still counted would hold the
     * connection at its limit for good, every new stream refused. The server's count may lag what the client has
     * read (a stream is forgotten once the write carrying its end has completed), never the other way.
     */
    private void settle(Socket socket, InputStream in, LongSupplier serverStreamsOpen) throws IOException {
        long deadline = System.nanoTime() + TIMEOUT_MS * 1_000_000L;
        socket.setSoTimeout(SETTLE_READ_MS);
        byte[] buffer = new byte[64 * 1024];
        while (!eof && serverStreamsOpen.getAsLong() > streamsOpenSeen()) {
            if (System.nanoTime() > deadline) {
                problems.add("the server counts " + serverStreamsOpen.getAsLong() + " streams open, the client sees "
                        + streamsOpenSeen() + " not ended, " + TIMEOUT_MS + " ms on");
                return;
            }
            readOnce(in, buffer);
        }
    }

    /** The streams the input named (and the probe) that the client has not seen end nor reset itself. */
    long streamsOpenSeen() {
        Set<Integer> open = new HashSet<>(input.streamsNamed);
        open.add(PROBE);
        open.removeAll(input.streamsReset);
        open.removeAll(streamsEnded);
        return open.size();
    }

    private Verdict verdict(InputStream in) throws IOException {
        if (goAway >= 0) {
            readUntil(in, () -> false); // the close after GOAWAY
            return goAway == 0 && input.clientGoAway ? new Verdict(Outcome.CLIENT_WENT_AWAY, -1)
                    : new Verdict(Outcome.GOAWAY, goAway);
        }
        if (probeReset == ErrorCode.REFUSED_STREAM_ERROR.code) {
            return new Verdict(Outcome.PROBE_REFUSED, -1);
        }
        if (probeStatus != 200 || probeLength != PROBE_LENGTH || probeBody != PROBE_LENGTH || !probeEnded) {
            problems.add("the probe GET: status " + probeStatus + ", Content-Length " + probeLength + ", " + probeBody
                    + " bytes, ended " + probeEnded + ", reset " + probeReset + ", connection closed " + eof);
        }
        return new Verdict(Outcome.ANSWERED, -1);
    }

    /** The windows the probe needs, as the input's frames and the DATA read so far left them; no more than 2^31-1. */
    private void openWindows(OutputStream out) {
        long connection = input.connectionWindow - dataReceived;
        if (connection < Integer.MAX_VALUE) {
            send(out, H2FuzzInput.frame(8, 0, 0, ByteBuffer.allocate(4).putInt(
                    (int) (Integer.MAX_VALUE - Math.max(connection, 0))).array()));
        }
        if (input.initialWindow < PROBE_LENGTH) {
            send(out, H2FuzzInput.frame(8, 0, PROBE, ByteBuffer.allocate(4).putInt(
                    (int) (PROBE_LENGTH - input.initialWindow)).array()));
        }
    }

    private boolean ping(OutputStream out, int n) {
        return send(out, H2FuzzInput.frame(6, 0, 0, ByteBuffer.allocate(8).putLong(0x67736670726f6265L + n).array()));
    }

    /** Parses what the server sends until {@code done}, its end of stream (or a reset), or the socket's timeout. */
    private void readUntil(InputStream in, BooleanSupplier done) throws IOException {
        byte[] buffer = new byte[64 * 1024];
        while (!eof && !done.getAsBoolean()) {
            if (!readOnce(in, buffer)) {
                if (done.getAsBoolean() || input.clientGoAway) {
                    return;
                }
                throw new IOException("no answer in " + TIMEOUT_MS + " ms: " + state());
            }
        }
    }

    /** Reads and parses what came, or sees the end; false when the socket's timeout passed first. */
    private boolean readOnce(InputStream in, byte[] buffer) {
        int n;
        try {
            n = in.read(buffer);
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            n = -1; // reset: the server closed with bytes of ours unread
        }
        if (n < 0) {
            eof = true;
        } else {
            parser.parse(ByteBuffer.wrap(buffer, 0, n));
        }
        return true;
    }

    String state() {
        return "GOAWAY " + goAway + ", probe status " + probeStatus + " body " + probeBody + " ended " + probeEnded
                + " reset " + probeReset + ", PINGs answered " + pingsAnswered + ", closed " + eof;
    }

    private static boolean send(OutputStream out, byte[] bytes) {
        return send(out, bytes, 0, bytes.length);
    }

    /** Writes; false when the server has closed already (it may, and then what is left is not sent). */
    private static boolean send(OutputStream out, byte[] bytes, int from, int length) {
        try {
            out.write(bytes, from, length);
            out.flush();
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private final class Listener implements Parser.Listener {
        @Override
        public void onHeaders(HeadersFrame frame) {
            if (frame.getMetaData() instanceof MetaData.Response head) {
                if (head.getStatus() >= 500) {
                    problems.add("stream " + frame.getStreamId() + " answered " + head.getStatus());
                }
                if (frame.getStreamId() == PROBE) {
                    probeStatus = head.getStatus();
                    probeLength = head.getHttpFields().getLongField("Content-Length");
                }
            }
            probeEnded |= frame.getStreamId() == PROBE && frame.isEndStream();
            if (frame.isEndStream()) {
                streamsEnded.add(frame.getStreamId());
            }
        }

        @Override
        public void onData(DataFrame frame) {
            dataReceived += frame.remaining();
            if (frame.getStreamId() == PROBE) {
                probeBody += frame.remaining();
                probeEnded |= frame.isEndStream();
            }
            if (frame.isEndStream()) {
                streamsEnded.add(frame.getStreamId());
            }
        }

        @Override
        public void onReset(ResetFrame frame) {
            if (frame.getError() == ErrorCode.INTERNAL_ERROR.code) {
                problems.add("stream " + frame.getStreamId() + " reset INTERNAL_ERROR");
            }
            if (frame.getStreamId() == PROBE) {
                probeReset = frame.getError();
            }
            streamsEnded.add(frame.getStreamId());
        }

        @Override
        public void onPing(PingFrame frame) {
            if (frame.isReply() && (frame.getPayloadAsLong() & ~0xffL) == 0x67736670726f6200L) {
                pingsAnswered++;
            }
        }

        @Override
        public void onGoAway(GoAwayFrame frame) {
            if (goAway < 0) {
                goAway = frame.getError();
            }
        }

        @Override
        public void onConnectionFailure(int error, String reason) {
            problems.add("the server sent what Jetty's client parser refuses: " + error + " " + reason);
            eof = true;
        }
    }
}
