package dev.gsf.server.h2;

import static dev.gsf.server.h2.H2AnswersTest.md5;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.common.TestFiles;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.H2Client;
import dev.gsf.server.testing.H2Response;
import dev.gsf.server.testing.Servers;
import java.util.Map;
import org.eclipse.jetty.http2.frames.SettingsFrame;
import org.eclipse.jetty.http2.frames.WindowUpdateFrame;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * DATA frames longer than a direct slab ({@link FrameSlabs#LONGEST_SLAB}: chunk, h2-max-frame and h2-in-flight
 * raised, the client allowing 1 MiB frames and opening its windows) go out from heap buffers of their own, in order between the
 * frames built in slabs (HEADERS, a small body's DATA), under every algorithm, on h2c (the batch is built the same
 * way over TLS).
 */
@Execution(ExecutionMode.CONCURRENT)
class H2LongFramesTest {
    @ParameterizedTest(name = "{0}")
    @EnumSource(Algorithm.class)
    void framesLongerThanASlabGoOutInOrder(Algorithm algorithm) throws Exception {
        try (FileServer server = Servers.start(algorithm, "workers", "4", "chunk", "1M",
                "h2-max-frame", "1M", "h2-in-flight", "2M");
             H2Client client = H2Client.connect(server.port())) {
            client.send(new SettingsFrame(Map.of(SettingsFrame.MAX_FRAME_SIZE, 1 << 20,
                    SettingsFrame.INITIAL_WINDOW_SIZE, 1 << 30), false));
            client.send(new WindowUpdateFrame(0, 1 << 30));
            int large = client.request("GET", "/1MB.bin");
            int small = client.request("GET", "/1KB.bin");
            H2Response big = client.response(large);
            assertThat(md5(big.body.toByteArray())).isEqualTo(TestFiles.md5Of("1MB.bin"));
            assertThat(client.largestDataFrame()).as("a frame longer than a slab").isGreaterThan(FrameSlabs.LONGEST_SLAB);
            assertThat(md5(client.response(small).body.toByteArray())).isEqualTo(TestFiles.md5Of("1KB.bin"));
        }
    }
}
