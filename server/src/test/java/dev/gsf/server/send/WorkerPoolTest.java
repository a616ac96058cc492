package dev.gsf.server.send;

import static dev.gsf.server.testing.Await.WAIT;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.algorithms.Outcome;
import dev.gsf.common.TestFiles;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import java.io.IOException;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The pool and the queue are real limits, and a vanished client gives its worker back. */
@Execution(ExecutionMode.CONCURRENT)
class WorkerPoolTest {
    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void aFullQueueAnswers503WithRetryAfter_andTheServerStaysResponsive(Algorithm algorithm) throws IOException {
        // One download at a time, one waiting: the third is refused.
        try (FileServer server = Servers.start(algorithm, "workers", "1", "max-downloads", "1", "queue", "1");
             RawHttp holder = new RawHttp(server.port());
             RawHttp waiter = new RawHttp(server.port());
             RawHttp refused = new RawHttp(server.port())) {
            // read nothing: the download cannot finish
            assertThat(holder.startDownload("/100MB.bin").status()).isEqualTo(200);
            Await.until("the first download to be in progress", WAIT,
                    () -> server.algorithmStats().inProgress() == 1, server::algorithmStats);

            waiter.send("GET", "/1MB.bin");
            Await.until("the second download to wait", WAIT,
                    () -> server.algorithmStats().waiting() == 1, server::algorithmStats);

            RawHttp.Response busy = refused.exchange("GET", "/1KB.bin");
            assertThat(busy.status()).isEqualTo(503);
            assertThat(busy.header("Retry-After")).isEqualTo("1");
            assertThat(busy.body()).contains("queue is full");
            assertThat(server.algorithmStats().rejected()).isEqualTo(1);
            // Grizzly ends the connection after a 503, and says so.
            assertThat(busy.header("Connection")).isEqualTo("close");
            try (RawHttp another = new RawHttp(server.port())) {
                // Requests that send no body need no place in the queue.
                assertThat(another.exchange("HEAD", "/1KB.bin").status()).isEqualTo(200);
                assertThat(another.exchange("GET", "/missing").status()).isEqualTo(404);
            }

            holder.close(); // frees the place: the waiting download runs to the end
            RawHttp.Response waited = waiter.read(false);
            assertThat(waited.status()).isEqualTo(200);
            assertThat(waited.md5()).isEqualTo(TestFiles.md5Of("1MB.bin"));
        }
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void aClientThatDisconnectsMidDownloadFreesItsWorker(Algorithm algorithm) throws IOException {
        try (FileServer server = Servers.start(algorithm, "workers", "1", "max-downloads", "1")) {
            try (RawHttp quitter = new RawHttp(server.port())) {
                assertThat(quitter.startDownload("/100MB.bin").status()).isEqualTo(200);
                assertThat(quitter.readSome(new byte[8192])).isPositive();
                quitter.socket().setSoLinger(true, 0); // reset, as a crashed client would
            }
            Await.until("the abandoned download to end", WAIT,
                    () -> server.algorithmStats().ended(Outcome.CLIENT_GONE) == 1, server::algorithmStats);
            try (RawHttp next = new RawHttp(server.port())) {
                RawHttp.Response r = next.exchange("GET", "/1MB.bin");
                assertThat(r.status()).isEqualTo(200);
                assertThat(r.md5()).isEqualTo(TestFiles.md5Of("1MB.bin"));
            }
            // The client has every byte before the server has seen the last write complete: wait for that.
            Await.until("no busy worker and no download in progress", WAIT,
                    () -> server.busyWorkers() == 0 && server.algorithmStats().inProgress() == 0,
                    server::algorithmStats);
            assertThat(server.algorithmStats().ended(Outcome.COMPLETED)).isEqualTo(1);
        }
    }
}
