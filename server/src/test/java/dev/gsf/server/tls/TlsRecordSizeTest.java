package dev.gsf.server.tls;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.common.TestFiles;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.RawHttp;
import dev.gsf.server.testing.Relay;
import dev.gsf.server.testing.Servers;
import dev.gsf.server.testing.TestCerts;
import dev.gsf.server.testing.Transport;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The TLS records a download is sent in, as seen on the wire by a proxy between a JDK client and the server: whole
 * records (16 KB; under BoringSSL 2^14 bytes of body each, so that a 64 KiB chunk is four) to a client that reads as
 * fast as it can, and under BoringSSL to one that has made the server wait too, as nginx's; under the JDK's engines,
 * whose records are on the heap, a client that has made the server wait gets small ones (4 KB) behind the whole ones
 * that fit the room its socket showed before its last wait, for the rest of that download and the connection's next
 * ones, since the server holds the record that waits until the kernel takes it (10,000 slow clients held 167 MB of
 * whole records). All get every byte.
 */
@ParameterizedClass(name = "{0} tls-provider={1}")
@MethodSource("algorithmsAndProviders")
class TlsRecordSizeTest {
    /** A small piece's record: 4 KB of body, its tag, content type and what the JDK adds (4,129 bytes). */
    private static final int SMALL_RECORD = RecordBuffers.SMALL_RECORD;
    @TempDir
    Path dir;
    @Parameter(0)
    Algorithm algorithm;
    @Parameter(1)
    String provider;

    /** Every algorithm under BoringSSL (the default provider), and ENBA's queued writes under the JDK's TLS. */
    static Stream<Arguments> algorithmsAndProviders() {
        return Stream.concat(Arrays.stream(Algorithm.values()).map(a -> Arguments.of(a, Transport.HTTPS.provider)),
                Stream.of(Arguments.of(Algorithm.ENBA, Transport.HTTPS_JDK.provider)));
    }

    @Test
    void aFastClientGetsWholeRecords() throws Exception {
        try (FileServer server = start(); Relay proxy = Relay.readingRecords(server.tlsPort().getAsInt(), 0);
             RawHttp client = RawHttp.overTls(proxy.port(), TestCerts.clientContext())) {
            assertThat(client.exchange("GET", "/1MB.bin").md5()).isEqualTo(TestFiles.md5Of("1MB.bin"));
            List<Integer> records = proxy.records();
            assertThat(records).as("record sizes").anySatisfy(size -> assertThat(size).isGreaterThan(16_000));
            if (provider.equals(Transport.HTTPS.provider)) {
                // From the head's record (the head and 12 KiB of body) on: 16 KiB a record, so a 64 KiB chunk is four
                // (with pieces of 16,367 bytes it was five, the fifth of 68 bytes: 80 records for 1 MB, not 65).
                List<Integer> body = records.subList(firstAtLeast(records, 12 << 10), records.size());
                assertThat(body).as("records from the head's on").hasSizeLessThanOrEqualTo((1 << 20) / (16 << 10) + 1);
            }
        }
    }

    private static int firstAtLeast(List<Integer> sizes, int least) {
        for (int i = 0; i < sizes.size(); i++) {
            if (sizes.get(i) >= least) {
                return i;
            }
        }
        throw new AssertionError("no record of " + least + " bytes or more in " + sizes);
    }

    @Test
    void aClientThatMadeTheServerWait_getsWholeRecordsUnderBoringSsl_smallOnesUnderTheJdk() throws Exception {
        try (FileServer server = start();
             Relay proxy = Relay.readingRecords(server.tlsPort().getAsInt(), 1000); // far over the server's 250 ms
             RawHttp client = RawHttp.overTls(proxy.port(), TestCerts.clientContext())) {
            assertThat(client.exchange("GET", "/1MB.bin").md5()).isEqualTo(TestFiles.md5Of("1MB.bin"));
            List<Integer> first = proxy.records();
            assertThat(first).as("whole records before the pause").anySatisfy(size -> assertThat(size)
                    .isGreaterThan(16_000));
            assertThat(client.exchange("GET", "/500KB.bin").md5()).isEqualTo(TestFiles.md5Of("500KB.bin"));
            List<Integer> next = proxy.records();
            // (its first record is the head's, with the first bytes of the body, through Grizzly's SSL filter)
            List<Integer> nextBody = next.subList(first.size() + 1, next.size());
            if (provider.equals(Transport.HTTPS.provider)) {
                // Short records only where a section ends: the 64 KiB chunk after the head's 12 KiB, the file's end.
                assertThat(first.subList(firstAtLeast(first, 12 << 10), first.size()).stream()
                        .filter(size -> size < 16_000)).as("short records of the download").hasSizeLessThanOrEqualTo(2);
                assertThat(nextBody.stream().filter(size -> size < 16_000)).as("short records of the next download")
                        .hasSizeLessThanOrEqualTo(2);
                return;
            }
            // (after the pause the proxy reads fast, so whole records fill the room it frees, small ones its end)
            assertThat(first.subList(first.size() - 50, first.size())).as("the last records of the download")
                    .anySatisfy(size -> assertThat(size).isLessThanOrEqualTo(SMALL_RECORD));
            assertThat(nextBody).as("the next download's records")
                    .hasSizeGreaterThan(31).anySatisfy(size -> assertThat(size).isLessThanOrEqualTo(SMALL_RECORD));
        }
    }

    /** A server whose send buffer is small, so that a client that stops reading makes its writes wait at once. */
    private FileServer start() throws IOException {
        TestCerts.Issued issued = TestCerts.issue(dir, "server", TestCerts.Kind.EC, TestCerts.Form.PKCS8);
        return Servers.start(algorithm, "tls-port", "0", "tls-cert", issued.chain().toString(), "tls-key",
                issued.key().toString(), "send-buffer", "16K", "tls-provider", provider);
    }
}
