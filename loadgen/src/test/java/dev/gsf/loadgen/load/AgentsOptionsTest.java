package dev.gsf.loadgen.load;

import static dev.gsf.loadgen.load.LoadFixture.load;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Bad --agents options: exit 2 with the option named, before any agent is started or any file written. */
@Timeout(30)
class AgentsOptionsTest {
    private static LoadFixture.Outcome refused(Path out, String expected, String... agentsOptions) throws Exception {
        String[] args = new String[agentsOptions.length + 4];
        args[0] = "--url";
        args[1] = "http://127.0.0.1:9/";
        args[2] = "--clients";
        args[3] = "4";
        System.arraycopy(agentsOptions, 0, args, 4, agentsOptions.length);
        var run = load(out, args);
        assertThat(run.exitCode()).as(run.log()).isEqualTo(LoadCommand.BAD_INPUT);
        assertThat(run.log()).contains(expected);
        assertThat(out).as("no agent started: no agent-I.log, no result").doesNotExist();
        return run;
    }

    @Test
    void aLauncherThatDoesNotExistOrANumberOutOfRangeIsRefused(@TempDir Path dir) throws Exception {
        refused(dir.resolve("a"), "'docker:2' is not local:N, ssh:HOST[,HOST...] or k8s:N", "--agents", "docker:2");
        refused(dir.resolve("b"), "--agents: 1 to 256 agents, not 0", "--agents", "local:0");
        refused(dir.resolve("c"), "must be a whole number, not 'two'", "--agents", "local:two");
        refused(dir.resolve("d"), "needs host names", "--agents", "ssh:a,,b");
        refused(dir.resolve("e"), "5 agents need at least as many --clients, not 4", "--agents", "local:5");
    }

    @Test
    void optionsOfAnotherLauncherOrTheAgentsOwnAreRefused(@TempDir Path dir) throws Exception {
        refused(dir.resolve("a"), "--agents k8s:N needs --image IMAGE and --k8s-job FILE", "--agents", "k8s:2");
        refused(dir.resolve("b"), "--image does not apply to these --agents", "--agents", "local:2", "--image", "x");
        refused(dir.resolve("c"), "--ssh-config does not apply", "--agents", "local:2", "--ssh-config", "/etc/hosts");
        refused(dir.resolve("d"), "--segment and --start-at are the coordinator's", "--agents", "local:2",
                "--segment", "0/2");
        refused(dir.resolve("e"), "--runs cannot be combined with --agents", "--agents", "local:2", "--runs", "2");
        refused(dir.resolve("f"), "--agent and --agents cannot be combined", "--agents", "local:2", "--agent");
        refused(dir.resolve("g"), "--launch-margin:", "--agents", "local:2", "--launch-margin", "soon");
    }

    @Test
    void theStartSkewAllowedIsADurationOverZeroForAgentsACoordinatorWatches(@TempDir Path dir) throws Exception {
        refused(dir.resolve("a"), "--max-start-skew: 'soon' is not a duration", "--agents", "local:2",
                "--max-start-skew", "soon");
        refused(dir.resolve("b"), "--max-start-skew: '-1s' is not a duration", "--agents", "local:2",
                "--max-start-skew", "-1s");
        refused(dir.resolve("c"), "--max-start-skew must be more than 0", "--agents", "local:2",
                "--max-start-skew", "0ms");
        refused(dir.resolve("d"), "--max-start-skew does not apply to k8s agents", "--agents", "k8s:2", "--image",
                "x", "--k8s-job", dir.resolve("job.yaml").toString(), "--max-start-skew", "2s");
        // the coordinator's own: never handed to the agents
        var parsed = new picocli.CommandLine(new LoadCommand()).parseArgs("--url", "http://127.0.0.1:9/",
                "--agents", "local:2", "--max-start-skew", "250ms", "--clients", "4");
        assertThat(dev.gsf.loadgen.agents.AgentsOptions.forwarded(parsed))
                .containsExactly("--url", "http://127.0.0.1:9/", "--clients", "4");
    }

    @Test
    void aManifestOrMixTheAgentsWouldRefuseIsRefusedBeforeAnyStartsAsASingleLoadRefusesIt(@TempDir Path dir)
            throws Exception {
        Path missing = dir.resolve("nonexistent");
        var coordinator = refused(dir.resolve("a"), "manifest " + missing + " does not exist", "--agents", "local:2",
                "--manifest", missing.toString());
        var single = load(dir.resolve("single"), "--url", "http://127.0.0.1:9/", "--clients", "4", "--manifest",
                missing.toString());
        assertThat(single.exitCode()).isEqualTo(LoadCommand.BAD_INPUT);
        assertThat(coordinator.log()).isEqualTo(single.log());

        Path malformed = Files.writeString(dir.resolve("MD5SUMS"), "this is not md5sum\n");
        refused(dir.resolve("b"), "MD5SUMS:1: not an md5sum line", "--agents", "local:2", "--manifest",
                malformed.toString());
        Path oneFile = Files.writeString(dir.resolve("M2"), "0".repeat(32) + "  ok.bin\n");
        refused(dir.resolve("c"), "--mix: 'other.bin' is not in the manifest", "--agents", "ssh:h", "--remote-gsf",
                "/opt/gsf/gsf", "--manifest", oneFile.toString(), "--mix", "other.bin");
    }

    @Test
    void sshNeedsItsConfigFileToExistAndTheRemoteGsfOutsideGsf(@TempDir Path dir) throws Exception {
        refused(dir.resolve("a"), "--ssh-config: no such file", "--agents", "ssh:h", "--ssh-config",
                dir.resolve("nope").toString(), "--remote-gsf", "/opt/gsf/gsf");
        // run in-process, not through ./gsf: there is no gsf.home to take the remote path from
        Path config = Files.writeString(dir.resolve("ssh_config"), "");
        refused(dir.resolve("b"), "needs --remote-gsf PATH when not run through ./gsf", "--agents", "ssh:h",
                "--ssh-config", config.toString());
    }
}
