package dev.gsf.server.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gsf.common.TestFiles;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a reload compares: {@link ServerConfig#changedKeys} over every key, and {@link ServerConfig#with}. */
class ConfigChangesTest {
    private static final Path FILES = TestFiles.fileSet();

    @Test
    void changedKeysComparesEveryKey() {
        // The TLS keys go together: the base has all three, so that each can change alone.
        Map<String, String> tls = values("tls-port", "8443", "tls-cert", "/tmp/a.crt", "tls-key", "/tmp/a.key");
        ServerConfig base = ServerConfig.from(tls);
        assertThat(base.changedKeys(base)).isEmpty();
        for (ServerConfig.Key key : ServerConfig.Key.values()) {
            assertThat(base.changedKeys(ServerConfig.from(with(tls, key.name, otherValue(key)))))
                    .as(key.name).containsExactly(key);
        }
    }

    /** Not the default but valid: a new key needs a value here to compile (and a decision on Generation.KEYS). */
    private static String otherValue(ServerConfig.Key key) {
        return switch (key) {
            case ROOT -> "/tmp";
            case HOST, ADMIN_HOST -> "127.0.0.2";
            case PORT -> "1";
            case ALGORITHM -> "VTA";
            case WORKERS, QUEUE, MAX_DOWNLOADS, ADMIN_PORT, MAX_RANGES -> "7";
            case CHUNK, SEND_BUFFER, ZERO_COPY_MIN, INLINE_MAX -> "8K";
            case ZERO_COPY, TCP_NOPUSH -> "false";
            case FOLLOW_SYMLINKS -> "true";
            case WRITE_TIMEOUT, IDLE_TIMEOUT, OPEN_FILE_CACHE, SHUTDOWN_GRACE, TLS_HANDSHAKE_TIMEOUT -> "7s";
            case ACCESS_LOG -> "/tmp/access.log";
            case RESULTS_LOG -> "/tmp/r.jsonl";
            case TLS_PORT -> "9443";
            case TLS_CERT -> "/tmp/c.crt";
            case TLS_KEY -> "/tmp/c.key";
            case TLS_PROVIDER -> "jdk";
            case PRECOMPRESSED -> "gzip";
            case INDEX -> "home.html";
            case AUTOINDEX -> "json";
            case HTTP2 -> "off";
            case H2_MAX_FRAME -> "16K";
            case H2_IN_FLIGHT -> "1M";
        };
    }

    @Test
    void withChangesOnlyTheKeysGiven_andARelativeRootIsTheSameRoot() {
        ServerConfig defaults = ServerConfig.from(values());
        ServerConfig tuned = ServerConfig.from(values("algorithm", "ENBA", "chunk", "40K", "write-timeout", "1500ms",
                "access-log", "/tmp/access.log", "open-file-cache", "0", "zero-copy", "true"));
        assertThat(defaults.changedKeys(defaults.with(Map.of()))).isEmpty();
        assertThat(tuned.changedKeys(tuned.with(Map.of()))).isEmpty();
        assertThat(tuned.with(Map.of("chunk", "16K")).chunk()).isEqualTo(16 * 1024);
        ServerConfig relative = ServerConfig.from(values("root",
                Path.of("").toAbsolutePath().relativize(FILES.toAbsolutePath()).toString()));
        assertThat(relative.changedKeys(relative.with(Map.of("chunk", "16K")))).containsExactly(ServerConfig.Key.CHUNK);

        ServerConfig changed = tuned.with(Map.of("algorithm", "VTA", "access-log", ""));
        assertThat(tuned.changedKeys(changed))
                .containsExactlyInAnyOrder(ServerConfig.Key.ALGORITHM, ServerConfig.Key.ACCESS_LOG);
        assertThat(changed.accessLog()).isEmpty();
        assertThatThrownBy(() -> tuned.with(Map.of("algoritm", "VTA"))).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("config: unknown key 'algoritm' in the changes");
        assertThatThrownBy(() -> tuned.with(Map.of("queue", "-1"))).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("queue: -1 is out of range");
    }

    /** Key values serving the test files on an ephemeral port, then {@code keyValues} (alternating keys, values). */
    private static Map<String, String> values(String... keyValues) {
        Map<String, String> values = new HashMap<>(Map.of("root", FILES.toString(), "port", "0"));
        for (int i = 0; i < keyValues.length; i += 2) {
            values.put(keyValues[i], keyValues[i + 1]);
        }
        return values;
    }

    private static Map<String, String> with(Map<String, String> values, String key, String value) {
        Map<String, String> copy = new HashMap<>(values);
        copy.put(key, value);
        return copy;
    }
}
