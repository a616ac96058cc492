package dev.gsf.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.common.TestFiles;
import dev.gsf.report.Json;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** A soak of a few seconds against a real server process: every client kind ran, baseline and end were read. */
class SoakCommandTest {

    @Test
    void aTinySoakRunsEveryClientKindAndComparesTheServerWithItsBaseline(@TempDir Path out) throws Exception {
        // 3 s: the "fast" kind's two unthrottled clients take both cores for the whole soak, and every kind's first
        // round starts at once and runs to its end whatever the deadline (slow read: its 200; slowloris and the
        // throttled whole files are checked for failures only), so 8 s and then 5 s proved nothing more
        int code = new CommandLine(new SoakCommand()).execute("--algorithm", "VTA", "--duration", "3s", "--root",
                TestFiles.fileSet().toString(), "--manifest", TestFiles.committedManifestFile().toString(), "--out",
                out.toString());
        SoakCommand.Report report = Json.read(out.resolve("soak.json"), SoakCommand.Report.class);
        Map<String, SoakClients.Row> rows = report.clients().stream()
                .collect(Collectors.toMap(SoakClients.Row::kind, Function.identity()));
        assertThat(rows).containsOnlyKeys("fast", "1MB/s (1MB/s)", "20KB/s (20KB/s)", "abort mid-body",
                "range + resume", "conditional", "malformed corpus", "slowloris", "slow read");
        // kinds whose round ends within seconds must have done some; slowloris and the throttled downloads of
        // whole files may need longer than the soak for one round, so only their absence of failures is checked
        for (String quick : new String[] {"fast", "abort mid-body", "range + resume", "conditional",
                "malformed corpus", "slow read"}) {
            assertThat(rows.get(quick).ok()).as(quick).isPositive();
        }
        assertThat(report.clients()).allSatisfy(r -> assertThat(r.failed()).as(r.toString()).isZero());
        for (ServerState s : new ServerState[] {report.baseline(), report.end()}) {
            assertThat(s.fds()).isPositive();
            assertThat(s.threads()).isPositive();
            assertThat(s.heapAfterGcBytes()).isPositive();
            assertThat(s.tcpInUse()).isPositive();
            assertThat(s.tcpSockets()).as("the server's listening socket at least").isPositive();
            assertThat(s.tcpQueuedBytes()).isNotNegative();
        }
        assertThat(report.serverErrors()).isZero();
        assertThat(report.missed()).isEmpty();
        assertThat(code).isEqualTo(SoakCommand.MET).isEqualTo(report.exitCode());
    }

    @Test
    void bytesLeftInTheServersOwnSocketsMissTheCriterion_theMachinesTcpMemoryDoesNot() {
        ServerState baseline = new ServerState(16, 30, 8L << 20, 1, 0, 4L << 20, 3);
        ServerState machineBusy = new ServerState(16, 30, 8L << 20, 1, 0, 400L << 20, 900);
        ServerState serverHolds = new ServerState(16, 30, 8L << 20, 3, 2L << 20, 4L << 20, 3);
        assertThat(SoakCommand.missed(List.of(), baseline, machineBusy, 0)).isEmpty();
        assertThat(SoakCommand.missed(List.of(), baseline, serverHolds, 0)).singleElement().asString()
                .startsWith("bytes queued in the server's TCP sockets not back at baseline");
    }
}
