package dev.gsf.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * h2load's summary, as h2load 1.52 prints it (captured against nginx 1.22 h2c), read into a
 * {@link LoadClient.Result}.
 */
class H2loadTest {
    private static final String OUTPUT = """
            Application protocol: h2c
            finished in 2.01s, 2000.00 req/s, 125.36MB/s
            requests: 4029 total, 4036 started, 4029 done, 4000 succeeded, 29 failed, 29 errored, 0 timeout
            status codes: 4000 2xx, 0 3xx, 0 4xx, 0 5xx
            traffic: 250.73MB (262908264) total, 429.69KB (440000) headers (space savings 39.56%), 250.00MB (262144000) data
            """;

    @Test
    void succeededRequestsEveryByteAndFailuresAsErrors() throws IOException {
        LoadClient.Result r = H2load.parse(OUTPUT);
        assertThat(r.requests()).isEqualTo(4000);
        assertThat(r.bytes()).isEqualTo(262_908_264L);
        assertThat(r.seconds()).isEqualTo(2.01);
        assertThat(r.errors()).isEqualTo(29);
    }

    @Test
    void outputWithoutTheSummaryIsAnErrorQuotingIt() {
        assertThatThrownBy(() -> H2load.parse("connect to 127.0.0.1 port 1 failed: Connection refused"))
                .isInstanceOf(IOException.class).hasMessageContaining("Connection refused");
    }
}
