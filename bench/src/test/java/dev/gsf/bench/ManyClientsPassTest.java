package dev.gsf.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gsf.common.TestFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The many-clients pass at tiny scale against a real server process: verified downloads and a sampled footprint. */
class ManyClientsPassTest {

    @Test
    void measuresShareInitAndTheServersFootprint(@TempDir Path out) throws Exception {
        Path files = TestFiles.fileSet();
        int clients = 40;
        ManyClientsPass pass = new ManyClientsPass(clients, 64 * 1024, Duration.ofMillis(500), Duration.ofSeconds(3),
                TestFiles.committedManifestFile(), out, Transport.PLAIN);
        List<ManyClientsPass.Row> rows;
        try (ServerProcess server = ServerProcess.start("gsf ENBA",
                List.of("--root", files.toString(), "--algorithm", "ENBA"), out.resolve("server.log"))) {
            rows = pass.run(List.of(server), System.out);
        }
        assertThat(rows).singleElement().satisfies(row -> {
            assertThat(row.server()).isEqualTo("gsf ENBA");
            assertThat(row.errors()).isZero();
            assertThat(row.allErrors()).isZero();
            assertThat(row.kernel().abortsOnMemory()).as("read from /proc/net/netstat").isNotNegative();
            assertThat(row.kernel().pressureMillis()).isNotNegative();
            assertThat(row.kernel().retransmitTimeouts()).isNotNegative();
            assertThat(row.targetMBs()).isEqualTo(clients * 64 / 1024.0);
            // throttled clients cannot take more than their limit, and a working server gives them most of it
            assertThat(row.sharePercent()).isBetween(20.0, 105.0);
            assertThat(row.p99InitMs()).isPositive();
            assertThat(row.maxRssBytes()).isGreaterThan(16L << 20);
            assertThat(row.maxFds()).isGreaterThanOrEqualTo(clients); // one socket per client at least
            assertThat(row.maxTcpMemBytes()).isPositive();
            assertThat(row.cpuSecPerGb()).as("the server's CPU over the steady state").isPositive();
            assertThat(row.compilerSecPerGb()).as("its JIT compiler threads' part").isBetween(0.0, row.cpuSecPerGb());
            assertThat(row.loadCpuSecPerGb()).as("the load generator's CPU (this JVM) over the steady state")
                    .isPositive();
            // the machine's busy time holds the server's and the load generator's (and whatever else ran): within
            // the sampling's granularity, never much less than their sum
            assertThat(row.machineCpuSecPerGb()).as("the whole machine's CPU over the steady state")
                    .isGreaterThan(0.8 * (row.cpuSecPerGb() + row.loadCpuSecPerGb()));
            assertThat(row.handshakes()).as("plain HTTP").isZero();
            assertThat(row.maxAcceptQueue()).as("the server's listening socket, read from /proc/net/tcp6 or tcp")
                    .isNotNegative();
        });
        assertThat(ManyClientsPass.table(rows)).contains("gsf ENBA");
        // before it, an unrecorded run at the pass's scale: the same clients and ramp-up, steady at most 10 s
        List<Path> warmUps;
        try (Stream<Path> dirs = Files.list(out)) {
            warmUps = dirs.filter(d -> d.getFileName().toString().startsWith("warm-up-")).toList();
        }
        assertThat(warmUps).hasSize(1);
        JsonNode config = new ObjectMapper().readTree(warmUps.get(0).resolve("summary.json").toFile())
                .path("runs").path(0).path("config");
        assertThat(config.path("clients").asInt()).isEqualTo(clients);
        assertThat(config.path("rampUpSeconds").asDouble()).isEqualTo(0.5);
        assertThat(config.path("steadySeconds").asDouble()).isEqualTo(3.0);
    }

    @Test
    void sockstatsTcpMemoryAndThisProcesssFootprintAreRead() {
        long pid = ProcessHandle.current().pid();
        assertThat(Footprint.rssBytes(pid)).isGreaterThan(1L << 20);
        assertThat(Footprint.openFds(pid)).isPositive();
        assertThat(Footprint.tcpMemBytes()).isGreaterThanOrEqualTo(0);
        assertThat(Footprint.rssBytes(Long.MAX_VALUE)).isEqualTo(-1);
        assertThat(Footprint.statusField(pid, "Threads:")).as("this JVM's threads").isPositive();
        assertThat(Footprint.sockstatTcp("inuse")).isGreaterThanOrEqualTo(0);
        assertThat(Footprint.compilerTicks(pid)).as("this JVM's C1 and C2 threads, part of its CPU")
                .isBetween(0L, Footprint.cpuTicks(pid));
        assertThat(Footprint.compilerTicks(Long.MAX_VALUE)).as("no such process").isZero();
    }
}
