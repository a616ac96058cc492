package dev.gsf.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.common.TestFiles;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The handshake line a parent process reads: one line, and it gives back the port bound and the settings. */
class ServerReadyTest {

    @Test
    void theHandshakeLineCarriesThePortBoundAndTheSettings() throws Exception {
        ServerConfig config = ServerConfig.from(Map.of("root", TestFiles.fileSet().toString(), "port", "0",
                "algorithm", "ENBA", "workers", "7", "chunk", "40K"));
        try (FileServer server = FileServer.start(config)) {
            String line = ServerReady.of(config, server.port()).line();
            assertThat(line).doesNotContain("\n");
            ServerReady ready = ServerReady.parse(line).orElseThrow();
            assertThat(ready.port()).isEqualTo(server.port()).isPositive();
            assertThat(ready.host()).isEqualTo("127.0.0.1");
            assertThat(ready.settings()).containsEntry("algorithm", "ENBA").containsEntry("workers", "7")
                    .containsEntry("chunk", "40K");
        }
    }

    @Test
    void otherOutputIsNotAHandshake() {
        assertThat(ServerReady.parse("gsf serving /x on http://127.0.0.1:8080  algorithm=SBA")).isEmpty();
        assertThat(ServerReady.parse("{not json")).isEmpty();
    }
}
