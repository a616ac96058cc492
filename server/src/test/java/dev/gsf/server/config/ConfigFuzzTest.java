package dev.gsf.server.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Fuzz target: a config file or a {@code POST /admin/config} body, read and applied to the running configuration
 * as a reload does. Invariant: it applies whole or is refused whole with one line. Applied: every key it does not
 * name keeps its value, and the result reads back from its own text to itself; refused: a ConfigException whose
 * message is one non-empty line, and no other exception.
 */
class ConfigFuzzTest {
    private static final ServerConfig RUNNING = ServerConfig.from(Map.of("admin-port", "9100"));

    @FuzzTest(maxDuration = "15m") // a run's cap, seeds' replay included; ./gsf fuzz --duration stops it
    void appliesWholeOrIsRefusedWithOneLine(byte[] body) {
        String text = new String(body, StandardCharsets.UTF_8);
        Map<String, String> changes;
        ServerConfig next;
        try {
            changes = ConfigFile.read(new StringReader(text), "the request body");
            next = RUNNING.with(changes);
        } catch (ConfigException refused) {
            assertThat(refused.getMessage()).isNotBlank().doesNotContain("\n", "\r", "\u2028", "\u2029", "\u0085");
            return;
        }
        Map<String, String> before = RUNNING.asText();
        Map<String, String> after = next.asText();
        for (Map.Entry<String, String> key : before.entrySet()) {
            if (!changes.containsKey(key.getKey())) {
                assertThat(after.get(key.getKey())).as(key.getKey()).isEqualTo(key.getValue());
            }
        }
        assertThat(ServerConfig.from(after).asText()).isEqualTo(after);
        assertThat(RUNNING.asText()).isEqualTo(before);
    }

    /** A finding, kept as an example: a properties escape put a line break into the refusal. */
    @Test
    void aValueWithAnEscapedLineBreakIsRefusedInOneLine() {
        String body = "workers = 4\\n   and more\n";
        try {
            RUNNING.with(ConfigFile.read(new StringReader(body), "the request body"));
            throw new AssertionError("applied");
        } catch (ConfigException refused) {
            assertThat(refused.getMessage()).startsWith("workers: '4\\x0A   and more' is not a whole number")
                    .doesNotContain("\n");
        }
    }
}
