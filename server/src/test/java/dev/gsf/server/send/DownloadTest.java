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
    /**
     * Over HTTP once per variant (sendfile's and the copy path's longest runs); not over TLS, where the body goes as
     * records of at most 16 KB whatever the file: 20MB.bin crosses each record and chunk boundary there over a
     * thousand times, and the 600 MB that 100MB.bin added in the six TLS variants (encrypted, decrypted and hashed)
     * proved nothing more.
     */
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
                // each body compared byte for byte with the file served: hashing 1.7 GB was most of this class's CPU
                java.nio.file.Path file = TestFiles.fileSet().resolve(entry.name());
                if (largest && transport.isTls()) {
                    continue; // see LARGEST
                }
                boolean sendfile = !transport.isTls() && zeroCopy;
                // 100MB.bin once per variant over HTTP: by the raw socket where the server sends it by sendfile, else
                // by the HttpClient. 20MB.bin already crosses every chunk and record boundary of the path many times
                // over (chunks of 64 KB or 1 MB): the other 1.7 GB that this class read and hashed proved nothing more.
                if (!(largest && sendfile)) {
                    HttpResponse<InputStream> response = client.send(
                            HttpRequest.newBuilder(transport.uri(server, "/" + entry.name())).build(),
                            HttpResponse.BodyHandlers.ofInputStream());
                    assertThat(response.statusCode()).isEqualTo(200);
                    assertThat(response.headers().firstValue("X-Send-Algorithm")).hasValue(algorithm.name());
                    assertThat(RawHttp.firstDifference(response.body(), file)).as(entry.name() + " via HttpClient")
                            .isEqualTo(-1);
                }
                if (largest && !sendfile) {
                    continue; // the set's last file: no keep-alive case follows it
                }
                // The raw socket reuses one connection for the whole set: keep-alive across downloads.
                raw.send("GET", "/" + entry.name());
                RawHttp.Response viaSocket = raw.readHead();
                assertThat(viaSocket.status()).isEqualTo(200);
                assertThat(RawHttp.firstDifference(raw.body(viaSocket), file)).as(entry.name() + " via raw socket")
                        .isEqualTo(-1);
            }
            // The client has the last byte before the server has seen that write complete: wait for the count.
            Await.until("every download counted complete", java.time.Duration.ofSeconds(10),
                    () -> server.algorithmStats().ended(dev.gsf.algorithms.Outcome.COMPLETED)
                            == 2L * MANIFEST.entries().size() - (transport.isTls() ? 2 : 1),
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
