package dev.gsf.loadgen.agents;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The coordinator's live line from agents' progress lines (report.ProgressLine's format). */
class LiveLineTest {
    private static final String A0 = "steady        12s left  clients     10  active      8      12.50 MB/s      100 downloads  1 errors";
    private static final String A1 = "steady        11s left  clients     20  active      9       7.25 MB/s      250 downloads  2 errors";

    @Test
    void onATerminalOneLineSumsTheAgentsFigures() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        LiveLine live = new LiveLine(new PrintStream(bytes, true, StandardCharsets.UTF_8), true, 2);

        live.line(new Agent(0, 2, null), A0);
        live.line(new Agent(1, 2, null), A1);
        live.line(new Agent(1, 2, null), "gsf load: first md5 error: 1KB.bin: ...");

        String[] shown = bytes.toString(StandardCharsets.UTF_8).split("\r");
        assertThat(shown[shown.length - 1]).startsWith("steady       12s left  agents 2/2  clients     30  active     17"
                + "      19.75 MB/s      350 downloads  3 errors").contains("\n[agent-1] gsf load: first md5 error");
    }

    @Test
    void otherwiseEachAgentsLineIsPrefixedAndMessagesPassAtOnce() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        LiveLine live = new LiveLine(new PrintStream(bytes, true, StandardCharsets.UTF_8), false, 2);

        live.line(new Agent(0, 2, "10.0.0.2"), A0);
        live.line(new Agent(0, 2, "10.0.0.2"), A0); // within 10 s of the last: not again
        live.line(new Agent(1, 2, "10.0.0.3"), "gsf load: waiting 2.000 s for --start-at 2026-11-24T22:30:00Z");

        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo("[agent-0] " + A0 + "\n"
                + "[agent-1] gsf load: waiting 2.000 s for --start-at 2026-11-24T22:30:00Z\n");
    }
}
