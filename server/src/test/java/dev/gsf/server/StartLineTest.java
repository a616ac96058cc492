package dev.gsf.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.server.config.ServerConfig;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The start-up line: the settings as the server runs them, and its warning of SBA with a long write timeout. */
class StartLineTest {

    @Test
    void sbaWithALongWriteTimeoutWarnsInTheStartUpLine_andAnAutoChunkShowsItsSize() {
        assertThat(StartLine.slowReaderWarning(ServerConfig.from(Map.of("write-timeout", "11s", "workers", "7"))))
                .startsWith("  WARNING: SBA with write-timeout 11s").contains("7 of them fill the pool");
        assertThat(StartLine.slowReaderWarning(ServerConfig.from(Map.of()))).as("the default 30s").contains("WARNING");
        assertThat(StartLine.slowReaderWarning(ServerConfig.from(Map.of("write-timeout", "10s")))).isEmpty();
        for (Algorithm other : new Algorithm[] {Algorithm.EBA, Algorithm.ENBA, Algorithm.VTA}) {
            assertThat(StartLine.slowReaderWarning(ServerConfig.from(Map.of("algorithm", other.name(),
                    "write-timeout", "5m")))).isEmpty();
        }
        assertThat(StartLine.settings(ServerConfig.from(Map.of()), "127.0.0.1:8080")).contains(" chunk=1M(auto) ");
    }
}
