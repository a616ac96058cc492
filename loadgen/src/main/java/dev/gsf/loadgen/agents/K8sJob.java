package dev.gsf.loadgen.agents;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * {@code --agents k8s:N}: a Kubernetes Indexed Job of N pods, one agent each. Every pod runs the image's
 * {@value #AGENT_SCRIPT} (deploy/k8s/agent.sh), which runs {@code gsf load ARGS --segment $JOB_COMPLETION_INDEX/N}
 * and, at the end, prints its result directory to its log as a base64 tar between two marker lines, where
 * deploy/k8s/collect.sh finds it. All pods share one --start-at; backoffLimit 0, because an agent run again would
 * no longer start with the others; activeDeadlineSeconds bounds the whole Job. Built as maps and lists and written
 * by SnakeYAML.
 *
 * @param start    the common start, written into every pod's arguments
 * @param deadline the Job's activeDeadlineSeconds: launch margin + run + grace
 */
public record K8sJob(String name, int agents, String image, List<String> loadArgs, Instant start, Duration deadline) {
    /** The agent's entry script in the image. */
    public static final String AGENT_SCRIPT = "/opt/gsf/agent.sh";
    /** The pods' environment variable with the number of agents (the script's N). */
    public static final String AGENTS_ENV = "GSF_AGENTS";
    public static final String DEFAULT_NAME = "gsf-load";
    /** Pods need an image pulled and a node found before the start. */
    public static final Duration DEFAULT_MARGIN = Duration.ofMinutes(2);

    /** The manifest, as the maps and lists that YAML writes. */
    public Map<String, Object> manifest() {
        Map<String, Object> labels = map("app.kubernetes.io/name", name);
        List<String> args = new ArrayList<>(loadArgs);
        args.addAll(List.of("--start-at", start.toString()));
        Map<String, Object> container = map("name", "agent", "image", image, "command", List.of(AGENT_SCRIPT),
                "args", args, "env", List.of(map("name", AGENTS_ENV, "value", Integer.toString(agents))));
        // a copy: one map written twice would come out as a YAML anchor and alias
        Map<String, Object> pod = map("metadata", map("labels", new LinkedHashMap<>(labels)),
                "spec", map("restartPolicy", "Never", "containers", List.of(container)));
        Map<String, Object> spec = map("completionMode", "Indexed", "completions", agents, "parallelism", agents,
                "backoffLimit", 0, "activeDeadlineSeconds", Math.max(1, deadline.toSeconds()), "template", pod);
        return map("apiVersion", "batch/v1", "kind", "Job", "metadata", map("name", name, "labels", labels),
                "spec", spec);
    }

    public void write(Path file) throws IOException {
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        options.setIndicatorIndent(2);
        options.setIndentWithIndicator(true);
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            new Yaml(options).dump(manifest(), w);
        }
    }

    /** What to type to run the Job and collect its results into {@code out}. */
    public List<String> commands(Path file, Path out) {
        return List.of("kubectl apply -f " + file,
                "kubectl wait --for=condition=complete --timeout=" + deadline.toSeconds() + "s job/" + name,
                "deploy/k8s/collect.sh " + name + " " + out);
    }

    private static Map<String, Object> map(Object... keysAndValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }
}
