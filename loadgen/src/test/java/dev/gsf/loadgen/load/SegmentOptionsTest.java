package dev.gsf.loadgen.load;

import static dev.gsf.loadgen.load.LoadFixture.load;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gsf.loadgen.load.plan.StartAt;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** --segment and --start-at values that cannot be run: exit 2 with the option and what is wrong, before any load. */
@Timeout(30)
class SegmentOptionsTest {

    @Test
    void badSegmentsExitWithBadInput(@TempDir Path dir) throws Exception {
        for (String[] bad : new String[][]{{"3/3", "0 <= I < N"}, {"0/0", "N >= 1"}, {"a/b", "whole numbers"},
                {"4/5", "4 clients cannot be divided into 5 segments"}}) {
            var run = load(dir.resolve("out"), "--url", "http://127.0.0.1:1/", "--clients", "4", "--segment", bad[0]);
            assertThat(run.exitCode()).as(bad[0]).isEqualTo(LoadCommand.BAD_INPUT);
            assertThat(run.log()).as(bad[0]).startsWith("gsf load: --segment").contains(bad[1]);
        }
    }

    @Test
    void badStartInstantsExitWithBadInput(@TempDir Path dir) throws Exception {
        String tooFar = Instant.now().plusSeconds(25 * 3600).toString();
        for (String[] bad : new String[][]{{"tomorrow", "not an ISO-8601 instant"}, {tooFar, "more than 24 h"}}) {
            var run = load(dir.resolve("out"), "--url", "http://127.0.0.1:1/", "--start-at", bad[0]);
            assertThat(run.exitCode()).as(bad[0]).isEqualTo(LoadCommand.BAD_INPUT);
            assertThat(run.log()).as(bad[0]).startsWith("gsf load: --start-at").contains(bad[1]);
        }
    }

    @Test
    void startInstantsAreReadAsUtcWithinADay() {
        Instant now = Instant.parse("2026-11-24T12:00:00Z");
        assertThat(StartAt.parse("2026-11-24T22:30:00Z", now)).isEqualTo(Instant.parse("2026-11-24T22:30:00Z"));
        assertThat(StartAt.parse("2026-11-24T23:30:00+01:00", now)).isEqualTo(Instant.parse("2026-11-24T22:30:00Z"));
        assertThatThrownBy(() -> StartAt.parse("2026-11-23T11:59:59Z", now)).hasMessageContaining("more than 24 h");
    }
}
