package dev.gsf.loadgen.load;

import static dev.gsf.loadgen.load.LoadFixture.load;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.server.FileServer;
import dev.gsf.server.config.ServerConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** `gsf load --source-address`: connections spread over local addresses, seen from the real server's side. */
@Timeout(60)
class SourceAddressTest {

    @Test
    void connectionsComeFromEverySourceAddressInTurn(@TempDir Path root, @TempDir Path out) throws Exception {
        Path manifest = LoadFixture.files(root, LoadFixture.SMALL);
        Path accessLog = root.resolve("access.log");
        List<String> lines;
        try (FileServer server = FileServer.start(ServerConfig.from(Map.of("root", root.toString(), "port", "0",
                "algorithm", "SBA", "workers", "8", "access-log", accessLog.toString())))) {
            var run = load(out, "--url", LoadFixture.url(server), "--manifest", manifest.toString(), "--mix", "1KB.bin",
                    "--source-address", "127.0.0.2, 127.0.0.3", "--clients", "4", "--threads", "1", "--ramp-up",
                    "200ms", "--steady", "800ms", "--ramp-down", "0s");
            assertThat(run.exitCode()).as(run.out() + run.log()).isZero();
            assertThat(run.summary().required("steadyDownloads").longValue()).isPositive();
        }
        lines = Files.readAllLines(accessLog); // complete once the server has closed its log
        Set<String> remotes = lines.stream().map(l -> l.substring(0, l.indexOf(' '))).collect(Collectors.toSet());
        assertThat(remotes).as("remote addresses in the server's access log").containsExactlyInAnyOrder("127.0.0.2",
                "127.0.0.3");
        long gets = lines.stream().filter(l -> l.contains("\"GET ")).count();
        long fromSecond = lines.stream().filter(l -> l.startsWith("127.0.0.3 ") && l.contains("\"GET ")).count();
        assertThat(fromSecond).as("GETs from the second source of " + gets).isPositive().isLessThan(gets);
    }

    @Test
    void anAddressThatIsNotLocalIsRefused(@TempDir Path out) throws Exception {
        var foreign = load(out.resolve("a"), "--url", "http://127.0.0.1:9/", "--source-address", "127.0.0.2,192.0.2.1");
        assertThat(foreign.exitCode()).isEqualTo(LoadCommand.BAD_INPUT);
        assertThat(foreign.log()).contains("--source-address: 192.0.2.1 is not an address of this host");
        var name = load(out.resolve("b"), "--url", "http://127.0.0.1:9/", "--source-address", "localhost");
        assertThat(name.exitCode()).isEqualTo(LoadCommand.BAD_INPUT);
        assertThat(name.log()).contains("'localhost' is not an IP address");
    }

    @Test
    void agentsOnOtherHostsBindTheirAddressesThere_localAgentsHere(@TempDir Path out) throws Exception {
        Path job = out.resolve("job.yaml");
        var k8s = load(out.resolve("k"), "--url", "http://127.0.0.1:9/", "--clients", "4", "--agents", "k8s:2",
                "--image", "gsf:test", "--k8s-job", job.toString(), "--source-address", "192.0.2.1,192.0.2.2");
        assertThat(k8s.exitCode()).as(k8s.log()).isZero();
        assertThat(Files.readString(job)).contains("192.0.2.1,192.0.2.2");
        var local = load(out.resolve("l"), "--url", "http://127.0.0.1:9/", "--clients", "4", "--agents", "local:2",
                "--source-address", "192.0.2.1");
        assertThat(local.exitCode()).isEqualTo(LoadCommand.BAD_INPUT);
        assertThat(local.log()).contains("--source-address: 192.0.2.1 is not an address of this host");
        var bad = load(out.resolve("b"), "--url", "http://127.0.0.1:9/", "--clients", "4", "--agents", "k8s:2",
                "--image", "gsf:test", "--k8s-job", job.toString(), "--source-address", "agent-host");
        assertThat(bad.exitCode()).isEqualTo(LoadCommand.BAD_INPUT);
        assertThat(bad.log()).contains("'agent-host' is not an IP address");
    }
}
