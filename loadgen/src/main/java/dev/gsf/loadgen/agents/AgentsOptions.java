package dev.gsf.loadgen.agents;

import dev.gsf.common.Durations;
import dev.gsf.loadgen.load.plan.OptionValue;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;

/**
 * gsf load's distributed-run options (a picocli mixin): {@code --agents} and what each launcher needs, and
 * {@code --agent}, which the launchers give the agents they start. Read by the command's thread while it validates.
 */
public final class AgentsOptions {
    /** The options a coordinator keeps to itself (or sets per agent) instead of handing them to its agents. */
    private static final Set<String> NOT_FORWARDED = Set.of("--agents", "--ssh-config", "--remote-gsf",
            "--launch-margin", "--max-start-skew", "--image", "--k8s-job", "--agent", "--out", "--segment", "--start-at");

    @Option(names = "--agents", paramLabel = "local:N|ssh:HOST,...|k8s:N",
            description = "distribute the load over N local processes, one agent per ssh host, or a Kubernetes Indexed"
                    + " Job of N pods; each runs its --segment of the clients and rate, results merged into --out")
    String agents;

    @Option(names = "--ssh-config", paramLabel = "FILE", description = "ssh agents: the OpenSSH client configuration (ssh -F FILE)")
    Path sshConfig;

    @Option(names = "--remote-gsf", paramLabel = "PATH",
            description = "ssh agents: gsf's launcher on the hosts (default: this ./gsf's absolute path)")
    String remoteGsf;

    @Option(names = "--launch-margin", paramLabel = "TIME",
            description = "from launching the agents to their common start (default: local 3s, ssh 10s, k8s 2m)")
    String launchMargin;

    @Option(names = "--max-start-skew", paramLabel = "TIME",
            description = "local and ssh agents: one whose ramp-up begins later than this after the common start missed"
                    + " it and fails the run (default: 1s)")
    String maxStartSkew;

    @Option(names = "--image", paramLabel = "IMAGE", description = "k8s agents: the container image (deploy/k8s/Dockerfile)")
    String image;

    @Option(names = "--k8s-job", paramLabel = "FILE", description = "k8s agents: where to write the Job manifest")
    Path jobFile;

    @Option(names = "--agent", description = "run as an agent of a coordinator (the launchers give it): stop at once"
            + " when standard input closes, a progress line every interval")
    boolean agent;

    /** --agents was given: this process coordinates. */
    public boolean coordinating() {
        return agents != null;
    }

    /** --agent was given: this process is one agent of a coordinator. */
    public boolean agent() {
        return agent;
    }

    /**
     * Whether the addresses of --source-address are this host's to check: not when this process coordinates agents
     * on other hosts, which check them where they run. Validates --agents on the way (IllegalArgumentException).
     */
    public boolean sourcesHere() {
        return !coordinating() || config().kind() == AgentsConfig.Kind.LOCAL;
    }

    /** The options validated; IllegalArgumentException names the option and what is wrong. */
    public AgentsConfig config() {
        if (agent) {
            throw new IllegalArgumentException("--agent and --agents cannot be combined: an agent starts no agents");
        }
        int colon = agents.indexOf(':');
        String kindName = colon < 0 ? agents : agents.substring(0, colon);
        String rest = colon < 0 ? "" : agents.substring(colon + 1);
        AgentsConfig.Kind kind = switch (kindName) {
            case "local" -> AgentsConfig.Kind.LOCAL;
            case "ssh" -> AgentsConfig.Kind.SSH;
            case "k8s" -> AgentsConfig.Kind.K8S;
            default -> throw new IllegalArgumentException("--agents: '" + agents + "' is not local:N, ssh:HOST[,HOST...] or k8s:N");
        };
        List<String> hosts = kind == AgentsConfig.Kind.SSH ? hosts(rest) : List.of();
        int count = kind == AgentsConfig.Kind.SSH ? hosts.size() : count(rest);
        only(kind == AgentsConfig.Kind.SSH, "--ssh-config", sshConfig, "--remote-gsf", remoteGsf);
        only(kind == AgentsConfig.Kind.K8S, "--image", image, "--k8s-job", jobFile);
        if (kind == AgentsConfig.Kind.K8S && (image == null || jobFile == null)) {
            throw new IllegalArgumentException("--agents k8s:N needs --image IMAGE and --k8s-job FILE");
        }
        if (kind == AgentsConfig.Kind.K8S && maxStartSkew != null) {
            throw new IllegalArgumentException("--max-start-skew does not apply to k8s agents: no coordinator watches"
                    + " their start");
        }
        if (sshConfig != null && !java.nio.file.Files.isRegularFile(sshConfig)) {
            throw new IllegalArgumentException("--ssh-config: no such file: " + sshConfig);
        }
        Duration margin = launchMargin == null ? null : duration("--launch-margin", launchMargin);
        Duration skew = maxStartSkew == null ? AgentsConfig.DEFAULT_MAX_START_SKEW
                : duration("--max-start-skew", maxStartSkew);
        if (skew.isZero()) {
            throw new IllegalArgumentException("--max-start-skew must be more than 0: no agent starts on the instant");
        }
        return new AgentsConfig(kind, count, hosts, sshConfig, kind == AgentsConfig.Kind.SSH ? remoteGsf() : null,
                margin, skew, image, jobFile);
    }

    /**
     * gsf load's options as given, less those the coordinator keeps ({@link #NOT_FORWARDED}): what every agent is
     * started with, before its own --segment, --start-at and --out.
     */
    public static List<String> forwarded(ParseResult parsed) {
        List<String> args = new ArrayList<>();
        for (OptionSpec option : parsed.matchedOptions()) {
            String name = option.longestName();
            if (NOT_FORWARDED.contains(name)) {
                continue;
            }
            List<String> values = option.originalStringValues();
            if (values.isEmpty()) {
                args.add(name);
            }
            for (String value : values) {
                args.add(name);
                args.add(value);
            }
        }
        return args;
    }

    private static List<String> hosts(String list) {
        List<String> hosts = Arrays.stream(list.split(",", -1)).map(String::strip).toList();
        if (hosts.isEmpty() || hosts.stream().anyMatch(h -> h.isEmpty() || h.startsWith("-") || h.contains(" "))) {
            throw new IllegalArgumentException("--agents ssh: needs host names, e.g. ssh:10.0.0.2,10.0.0.3, not 'ssh:" + list + "'");
        }
        check(hosts.size());
        return hosts;
    }

    private static int count(String text) {
        int n;
        try {
            n = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--agents: the number of agents must be a whole number, not '" + text + "'");
        }
        check(n);
        return n;
    }

    private static void check(int n) {
        if (n < 1 || n > AgentsConfig.MAX_AGENTS) {
            throw new IllegalArgumentException("--agents: 1 to " + AgentsConfig.MAX_AGENTS + " agents, not " + n);
        }
    }

    /** A duration option, its problem prefixed with its name. */
    private static Duration duration(String option, String text) {
        return OptionValue.parse(option, () -> Durations.parse(text));
    }

    /** --remote-gsf, or this ./gsf's absolute path (the hosts are expected to have the checkout at the same place). */
    private String remoteGsf() {
        if (remoteGsf != null) {
            return remoteGsf;
        }
        String home = System.getProperty("gsf.home");
        if (home == null) {
            throw new IllegalArgumentException("--agents ssh: needs --remote-gsf PATH when not run through ./gsf");
        }
        return Path.of(home, "gsf").toAbsolutePath().toString();
    }

    private static void only(boolean allowed, String a, Object aValue, String b, Object bValue) {
        if (!allowed && (aValue != null || bValue != null)) {
            throw new IllegalArgumentException((aValue != null ? a : b) + " does not apply to these --agents");
        }
    }
}
