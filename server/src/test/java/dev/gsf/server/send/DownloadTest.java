package dev.gsf.server.send;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.common.Manifest;
import dev.gsf.common.TestFiles;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Await;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Servers;
import dev.gsf.server.testing.Transport;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@Order(1) // started first (junit-platform.properties): among the longest classes whose tests run one by one
class DownloadTest {
    private static final Manifest MANIFEST = TestFiles.committedManifest();
    private static final String LARGEST = "100MB.bin";

    @ParameterizedTest(name = "{0} zero-copy={1} {2}")
    @MethodSource("dev.gsf.server.testing.Variants#algorithmsZeroCopyAndTransport")
    void everyFileOfTheSetArrivesWhole_viaHttpClientAndRawSocket(Algorithm algorithm, boolean zeroCopy,
                                                                 Transport transport) throws Exception {
        try (FileServer server = Servers.start(algorithm, transport.keys("zero-copy", Boolean.toString(zeroCopy)));
             HttpClient client = transport.client();
             RawHttp raw = transport.connect(server)) {
            for (Manifest.Entry entry : MANIFEST.entries()) {
                boolean largest = entry.name().equals(LARGEST);
                boolean sendfile = !transport.isTls() && zeroCopy;
                // 100MB.bin once per variant: by the raw socket where the server sends it by sendfile, else by the
                // HttpClient. 20MB.bin already crosses every chunk and record boundary of the path many times over
                // (chunks of 64 KB or 1 MB): the other 1.7 GB that this class read and hashed proved nothing more.
                if (!(largest && sendfile)) {
                    HttpResponse<InputStream> response = client.send(
                            HttpRequest.newBuilder(transport.uri(server, "/" + entry.name())).build(),
                            HttpResponse.BodyHandlers.ofInputStream());
                    assertThat(response.statusCode()).isEqualTo(200);
                    assertThat(response.headers().firstValue("X-Send-Algorithm")).hasValue(algorithm.name());
                    assertThat(RawHttp.md5Hex(response.body())).as(entry.name() + " via HttpClient")
                            .isEqualTo(entry.md5());
                }
                if (largest && !sendfile) {
                    continue; // the set's last file: no keep-alive case follows it
                }
                // The raw socket reuses one connection for the whole set: keep-alive across downloads.
                RawHttp.Response viaSocket = raw.exchange("GET", "/" + entry.name());
                assertThat(viaSocket.status()).isEqualTo(200);
                assertThat(viaSocket.md5()).as(entry.name() + " via raw socket").isEqualTo(entry.md5());
            }
            // The client has the last byte before the server has seen that write complete: wait for the count.
            Await.until("every download counted complete", java.time.Duration.ofSeconds(10),
                    () -> server.algorithmStats().ended(dev.gsf.algorithms.Outcome.COMPLETED)
                            == 2L * MANIFEST.entries().size() - 1,
                    server::algorithmStats);
        }
    }

    @org.junit.jupiter.api.Test
    void aCappedSendBufferStillDeliversEveryFileWhole() throws Exception {
        try (FileServer server = Servers.start(Algorithm.ENBA, "send-buffer", "64K");
             RawHttp raw = new RawHttp(server.port())) {
            for (Manifest.Entry entry : MANIFEST.entries()) {
                if (!entry.name().equals(LARGEST)) { // 20MB.bin: over 300 sends of a capped 64 KB buffer already
                    assertThat(raw.exchange("GET", "/" + entry.name()).md5()).as(entry.name()).isEqualTo(entry.md5());
                }
            }
        }
    }
}
