package dev.gsf.server.h2;

import static dev.gsf.server.testing.Await.WAIT;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.common.TestFiles;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.H2Client;
import dev.gsf.server.testing.H2Response;
import dev.gsf.server.testing.Servers;
import java.io.IOException;
import java.net.Socket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http2.ErrorCode;
import org.eclipse.jetty.http2.frames.GoAwayFrame;
import org.eclipse.jetty.http2.frames.PingFrame;
import org.eclipse.jetty.http2.frames.WindowUpdateFrame;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A server that drains (SIGTERM) tells its HTTP/2 connections GOAWAY (naming the last stream it answers) and refuses
 * their new streams (REFUSED_STREAM) while the streams it answers already finish, under every algorithm; then each
 * connection closes in order (a lingering close), even while its client still sends WINDOW_UPDATEs.
 */
@Execution(ExecutionMode.CONCURRENT)
class H2DrainTest {
    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void newStreamsAreRefused_theRunningOneFinishes(Algorithm algorithm) throws Exception {
        try (FileServer server = Servers.start(algorithm, "workers", "2");
             H2Client client = H2Client.connect(server.port())) {
            client.giveWindowBack(false); // the download stalls on its window until the drain has begun
            client.endWithServer(false);
            int running = client.request("GET", "/200KB.bin");
            Await.until("the download running", WAIT, () -> server.downloadsInProgress().size() == 1,
                    server::downloadsInProgress);
            CompletableFuture<FileServer.Drained> drained = CompletableFuture.supplyAsync(() -> {
                try {
                    return server.drain(WAIT, new CountDownLatch(1));
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            Await.until("the port closed", WAIT, () -> !accepts(server.port()));
            H2Response refused = client.response(client.request("GET", "/1KB.bin"));
            assertThat(refused.reset).isEqualTo(ErrorCode.REFUSED_STREAM_ERROR.code);
            GoAwayFrame goAway = client.await(GoAwayFrame.class);
            assertThat(goAway.getError()).isEqualTo(ErrorCode.NO_ERROR.code);
            assertThat(goAway.getLastStreamId()).isEqualTo(running);

            // Window given back frame by frame, as clients do: WINDOW_UPDATEs still come after the last DATA, which
            // the server's lingering close reads, so no unread byte makes its kernel reset the connection.
            client.giveWindowBack(true);
            client.send(new WindowUpdateFrame(0, 65_535));
            client.send(new WindowUpdateFrame(running, 65_535));
            H2Response finished = client.response(running);
            assertThat(finished.status).isEqualTo(200);
            assertThat(H2AnswersTest.md5(finished.body.toByteArray())).isEqualTo(TestFiles.md5Of("200KB.bin"));
            client.awaitClosed(); // the server's end of stream, after all it sent
            // A frame after it, as a late WINDOW_UPDATE: the server still reads (and drops) it, and waits for ours.
            client.send(new PingFrame(false));
            assertThat(server.http2ConnectionsOpen()).as("lingering, reading").isOne();
            assertThat(drained).as("the drain waits for the connection's end").isNotDone();
            client.end();
            FileServer.Drained result = drained.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            assertThat(client.endedByReset()).as("closed in order, not reset").isFalse();
            assertThat(result.completed()).isEqualTo(1);
            assertThat(result.cut()).isZero();
            assertThat(result.took()).as("over once the connection closed, before the grace").isLessThan(WAIT);
        }
    }

    private static boolean accepts(int port) {
        try (Socket ignored = new Socket("127.0.0.1", port)) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
