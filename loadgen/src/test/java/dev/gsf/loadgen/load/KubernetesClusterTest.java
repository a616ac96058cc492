package dev.gsf.loadgen.load;

import static dev.gsf.loadgen.load.LoadFixture.load;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gsf.report.Json;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.api.io.TempDir;

/**
 * gsf load --agents k8s:2 on a real cluster, for anyone who has one (none can run where CI runs): opt in with
 * GSF_K8S_E2E=1, kubectl pointing at the cluster, GSF_K8S_IMAGE an image built from deploy/k8s/Dockerfile that the
 * cluster can pull, GSF_K8S_URL a gsf (or any) server the pods reach that serves the files of files/MD5SUMS, and the
 * jar built (collect.sh runs ./gsf merge). Applies the Job, waits for it, collects and merges, deletes the Job.
 */
@EnabledIfEnvironmentVariable(named = "GSF_K8S_E2E", matches = "1")
class KubernetesClusterTest {
    @Test
    void anIndexedJobOfTwoAgentsRunsAndItsResultsMerge(@TempDir Path dir) throws Exception {
        Path job = dir.resolve("job.yaml");
        Path out = dir.resolve("out");
        var written = load(dir.resolve("coordinator"), "--url", System.getenv("GSF_K8S_URL"), "--clients", "4",
                "--ramp-up", "2s", "--steady", "10s", "--ramp-down", "1s", "--agents", "k8s:2", "--image",
                System.getenv("GSF_K8S_IMAGE"), "--k8s-job", job.toString(), "--launch-margin", "90s");
        assertThat(written.exitCode()).as(written.log()).isZero();
        try {
            run(60, "kubectl", "apply", "-f", job.toString());
            run(300, "kubectl", "wait", "--for=condition=complete", "--timeout=280s", "job/gsf-load");
            Path collect = Path.of(System.getProperty("user.dir")).getParent().resolve("deploy/k8s/collect.sh");
            run(120, collect.toString(), "gsf-load", out.toString());
        } finally {
            run(60, "kubectl", "delete", "job", "gsf-load", "--ignore-not-found");
        }
        JsonNode merged = Json.tree(out.resolve("summary.json")).required("runs").required(0);
        assertThat(merged.required("agents")).hasSize(2);
        assertThat(merged.required("summary").required("steadyDownloads").longValue()).isPositive();
    }

    private static void run(int seconds, String... command) throws Exception {
        Process p = new ProcessBuilder(List.of(command)).redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor(seconds, TimeUnit.SECONDS)).as(String.join(" ", command)).isTrue();
        assertThat(p.exitValue()).as(String.join(" ", command) + ": " + said).isZero();
    }
}
