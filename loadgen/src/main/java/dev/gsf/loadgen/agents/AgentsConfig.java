package dev.gsf.loadgen.agents;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The distributed-run options, validated once (see {@link AgentsOptions}).
 *
 * @param kind      where the agents run
 * @param count     how many agents
 * @param hosts     ssh: one agent per host, in segment order; empty otherwise
 * @param sshConfig ssh: the client configuration file ({@code ssh -F}); null for the user's own
 * @param remoteGsf ssh: gsf's launcher on the hosts
 * @param margin    from now to the common start; null for the launcher's default
 * @param maxStartSkew local, ssh: an agent whose ramp-up begins later than this after the common start missed it
 * @param image     k8s: the agents' container image
 * @param jobFile   k8s: where the Job manifest is written
 */
public record AgentsConfig(Kind kind, int count, List<String> hosts, Path sshConfig, String remoteGsf,
                           Duration margin, Duration maxStartSkew, String image, Path jobFile) {
    /** Where agents run. */
    public enum Kind { LOCAL, SSH, K8S }

    /** The most agents of one run: each is a JVM (local) or a connection (ssh) of this coordinator. */
    public static final int MAX_AGENTS = 256;
    /** --max-start-skew when not given. */
    public static final Duration DEFAULT_MAX_START_SKEW = Duration.ofSeconds(1);

    public AgentsConfig {
        hosts = List.copyOf(hosts);
    }

    /**
     * The agents read the paths of gsf load's options (--manifest, --ca) where this process reads them: local agents
     * on this host, ssh agents at the same place on theirs (see docs/load.md); a k8s pod reads its image's.
     */
    public boolean sharesPaths() {
        return kind != Kind.K8S;
    }

    /** The launch margin for this kind when --launch-margin is not given (k8s: pulling images, scheduling pods). */
    public Duration margin(Duration launcherDefault) {
        return margin != null ? margin : launcherDefault;
    }
}
