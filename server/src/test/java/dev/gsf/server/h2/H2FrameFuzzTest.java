package dev.gsf.server.h2;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.gsf.algorithms.Algorithm;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.Servers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Set;
import org.eclipse.jetty.http2.ErrorCode;
import org.junit.jupiter.api.AfterAll;

/**
 * Fuzz target: a client's byte stream after the HTTP/2 connection preface, frames of every type with the fuzzer's
 * flags, stream ids, lengths and payloads (well-formed GETs among them, see {@link H2FuzzInput}), played against a
 * real server on loopback, one connection per play ({@link H2FuzzClient}): the server's HTTP/2 code cannot be driven
 * without Grizzly's connection, filter chain and write queue, and the server runs in this JVM, so the fuzzer still
 * sees its coverage. Invariants:
 * <ol>
 *   <li>the connection ends in a defined state: still usable (the harness's GET on a new stream is answered 200 with
 *       1,024 bytes, or refused REFUSED_STREAM, which only an input that opened at least
 *       {@link H2Connection#MAX_STREAMS} streams may get), or closed after a GOAWAY whose code RFC 9113 gives for a
 *       client's error (NO_ERROR only when the client sent GOAWAY itself); no stream is answered 5xx or reset
 *       INTERNAL_ERROR, and every frame the server sends parses;</li>
 *   <li>nothing is left behind: while a usable connection is still open, the server counts no more streams open
 *       than the client has not seen end (a stream ended but still counted would refuse new ones for good); once the
 *       client has closed, no HTTP/2 stream or connection is open, no download is in progress and no worker busy;</li>
 *   <li>the verdict is the same whether the input is sent in one write or cut at the fuzzer's points, unless one of
 *       them is a connection window's overflow ({@link #flowControlError}) or the client's GOAWAY came before its
 *       error ({@link #wentAwayFirst}); answered and refused count as the same verdict, usable: whether the input's
 *       streams still held the limit when the server read the probe depends on how many had ended by then, so on
 *       when the reads came.</li>
 * </ol>
 * The input's first byte picks the algorithm that sends the bodies (a server for each, started when first needed).
 */
class H2FrameFuzzTest {
    /** Codes a server gives a client's error in GOAWAY (RFC 9113 §5.4.1, §6, §7, §10.5). */
    private static final Set<Integer> CLIENT_ERRORS = Set.of(ErrorCode.PROTOCOL_ERROR.code,
            ErrorCode.FLOW_CONTROL_ERROR.code, ErrorCode.STREAM_CLOSED_ERROR.code, ErrorCode.FRAME_SIZE_ERROR.code,
            ErrorCode.COMPRESSION_ERROR.code, ErrorCode.ENHANCE_YOUR_CALM_ERROR.code);
    private static final Duration LEFT_BEHIND = Duration.ofSeconds(5);
    private static final Map<Algorithm, FileServer> SERVERS = new EnumMap<>(Algorithm.class);

    @AfterAll
    static void stop() {
        SERVERS.values().forEach(FileServer::close);
    }

    @FuzzTest(maxDuration = "10m") // a fuzzing run's cap; ./gsf fuzz --duration stops it sooner
    void definedStateNothingLeftWhateverTheCut(byte[] input) throws IOException {
        if (input.length == 0) {
            return;
        }
        Algorithm algorithm = Algorithm.values()[(input[0] & 0xff) % Algorithm.values().length];
        FileServer server = SERVERS.computeIfAbsent(algorithm, H2FrameFuzzTest::start);
        H2FuzzInput frames = H2FuzzInput.read(Arrays.copyOfRange(input, 1, input.length));
        String what = algorithm + ", " + frames.bytes.length + " bytes: " + hex(frames.bytes);
        H2FuzzClient.Verdict whole = play(server, frames, false, what);
        if (frames.cuts.length > 0) {
            H2FuzzClient.Verdict cut = play(server, frames, true, what);
            if (!cut.equals(whole) && !(cut.usable() && whole.usable())) { // see flowControlError and wentAwayFirst
                boolean timing = flowControlError(whole) || flowControlError(cut) || wentAwayFirst(frames, whole, cut);
                assertThat(timing)
                        .as("cut at %s: %s rather than %s; %s", Arrays.toString(frames.cuts), cut, whole, what).isTrue();
            }
        }
    }

    /** Plays the input once, checks the verdict is a defined state, and that the server is back to nothing open. */
    private static H2FuzzClient.Verdict play(FileServer server, H2FuzzInput frames, boolean cut, String what)
            throws IOException {
        H2FuzzClient client = new H2FuzzClient(frames);
        H2FuzzClient.Verdict verdict = client.play(server.port(), cut, server::http2StreamsOpen);
        assertThat(client.problems).as(what).isEmpty();
        if (verdict.outcome() == H2FuzzClient.Outcome.PROBE_REFUSED) {
            assertThat(frames.streamsNamed.size()).as("the probe refused, the input opened fewer streams than the "
                    + "limit: %s", what).isGreaterThanOrEqualTo(H2Connection.MAX_STREAMS);
        }
        if (verdict.outcome() == H2FuzzClient.Outcome.GOAWAY) {
            assertThat(verdict.goAwayCode()).as("GOAWAY's code: %s", what).isIn(CLIENT_ERRORS);
        }
        Await.until("nothing left behind by " + what, LEFT_BEHIND, () -> server.http2StreamsOpen() == 0
                        && server.http2ConnectionsOpen() == 0 && server.connectionsOpen() == 0
                        && server.downloadsInProgress().isEmpty() && server.busyWorkers() == 0,
                () -> "streams " + server.http2StreamsOpen() + ", h2 connections " + server.http2ConnectionsOpen()
                        + ", connections " + server.connectionsOpen() + ", downloads "
                        + server.downloadsInProgress() + ", busy workers " + server.busyWorkers());
        return verdict;
    }

    /**
     * Whether a WINDOW_UPDATE overflowed the connection's window. That depends on how much DATA the server had sent by
     * the time it read the frame, which depends on when the reads came: the one verdict the cut may change (so may
     * the verdict the input reaches once no overflow ended it first).
     */
    private static boolean flowControlError(H2FuzzClient.Verdict verdict) {
        return verdict.outcome() == H2FuzzClient.Outcome.GOAWAY
                && verdict.goAwayCode() == ErrorCode.FLOW_CONTROL_ERROR.code;
    }

    /**
     * Whether, after the client's GOAWAY, one play ended as the client's going away and the other in GOAWAY for an
     * error the client sent after it: once it has read the client's GOAWAY the server ends (NO_ERROR) as soon as its
     * last stream has, and whether that comes before it reads the error depends on when that stream's answer went out
     * and where the server's reads ended, not on the cut alone. Either is a defined state.
     */
    private static boolean wentAwayFirst(H2FuzzInput frames, H2FuzzClient.Verdict one, H2FuzzClient.Verdict other) {
        return frames.clientGoAway && (wentAwayThenError(one, other) || wentAwayThenError(other, one));
    }

    private static boolean wentAwayThenError(H2FuzzClient.Verdict wentAway, H2FuzzClient.Verdict error) {
        return wentAway.outcome() == H2FuzzClient.Outcome.CLIENT_WENT_AWAY
                && error.outcome() == H2FuzzClient.Outcome.GOAWAY;
    }

    private static FileServer start(Algorithm algorithm) {
        try {
            return Servers.start(algorithm, "workers", "2");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes, 0, Math.min(bytes.length, 512)) + (bytes.length > 512 ? "..." : "");
    }
}
