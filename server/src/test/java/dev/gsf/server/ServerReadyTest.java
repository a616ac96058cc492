package dev.gsf.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.common.TestFiles;
import dev.gsf.server.config.ServerConfig;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The handshake line a parent process reads: one line, and it gives back the port bound and the settings. */
class ServerReadyTest {

    @Test
    void theHandshakeLineCarriesThePortBoundAndTheSettings() throws Exception {
        ServerConfig config = ServerConfig.from(Map.of("root", TestFiles.fileSet().toString(), "port", "0",
                "algorithm", "ENBA", "workers", "7", "chunk", "40K"));
        try (FileServer server = FileServer.start(config)) {
            String line = ServerReady.of(server).line();
            assertThat(line).doesNotContain("\n");
            ServerReady ready = ServerReady.parse(line).orElseThrow();
            assertThat(ready.port()).isEqualTo(server.port()).isPositive();
            assertThat(ready.host()).isEqualTo("127.0.0.1");
            assertThat(ready.adminUrl()).as("no admin listener").isNull();
            assertThat(ready.settings()).containsEntry("algorithm", "ENBA").containsEntry("workers", "7")
                    .containsEntry("chunk", "40K").containsEntry("write-timeout", "1m")
                    .containsEntry("open-file-cache", "1s").containsEntry("access-log", "");
            assertThat(ready.settings().keySet()).containsExactlyElementsOf(
                    Arrays.stream(ServerConfig.Key.values()).map(k -> k.name).toList());
        }
    }

    /** With {@code admin-port=0} the parent can learn the admin port only from the handshake: it works there. */
    @Test
    void theHandshakeGivesTheAdminListenerThatAnswers() throws Exception {
        ServerConfig config = ServerConfig.from(Map.of("root", TestFiles.fileSet().toString(), "port", "0",
                "admin-port", "0"));
        try (FileServer server = FileServer.start(config)) {
            ServerReady ready = ServerReady.parse(ServerReady.of(server).line()).orElseThrow();
            assertThat(ready.adminUrl()).isEqualTo("http://127.0.0.1:" + server.adminPort().orElseThrow());
            HttpResponse<String> metrics = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create(ready.adminUrl() + "/metrics")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(metrics.statusCode()).isEqualTo(200);
            assertThat(metrics.body()).contains("gsf_downloads_ended_total");
        }
    }

    @Test
    void everyKeyIsGivenAsTextThatReadsBackToTheSameConfiguration() {
        ServerConfig config = ServerConfig.from(Map.ofEntries(Map.entry("root", TestFiles.fileSet().toString()),
                Map.entry("port", "0"), Map.entry("algorithm", "VTA"), Map.entry("chunk", "1M"),
                Map.entry("zero-copy", "true"), Map.entry("max-downloads", "9"), Map.entry("write-timeout", "1500ms"),
                Map.entry("idle-timeout", "2m"), Map.entry("send-buffer", "64K"), Map.entry("follow-symlinks", "on"),
                Map.entry("access-log", "/tmp/gsf-access.log"), Map.entry("open-file-cache", "0")));

        Map<String, String> text = config.asText();

        assertThat(text).containsEntry("write-timeout", "1500ms").containsEntry("idle-timeout", "2m")
                .containsEntry("open-file-cache", "0s").containsEntry("follow-symlinks", "true");
        assertThat(ServerConfig.from(text)).isEqualTo(config);
    }

    @Test
    void otherOutputIsNotAHandshake() {
        assertThat(ServerReady.parse("gsf serving /x on http://127.0.0.1:8080  algorithm=SBA")).isEmpty();
        assertThat(ServerReady.parse("{not json")).isEmpty();
    }
}
