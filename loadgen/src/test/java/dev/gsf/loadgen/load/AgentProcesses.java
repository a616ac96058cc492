package dev.gsf.loadgen.load;

import dev.gsf.server.testing.ChildJvms;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Test helpers for distributed runs: a stand-in for ./gsf that runs this build's classes, and the agents alive. */
final class AgentProcesses {
    private AgentProcesses() {
    }

    /**
     * Writes {@code dir/gsf}: {@code gsf load ARGS} with this JVM's java and class path, what ./gsf does with the
     * jar (which a module's tests cannot rely on: it is built after them).
     */
    static Path gsfScript(Path dir) throws IOException {
        Path script = dir.resolve("gsf");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Files.writeString(script, "#!/bin/sh\n"
                + "[ \"$1\" = load ] && shift\n"
                + "exec '" + java + "' -Xmx256m " + String.join(" ", ChildJvms.OPTIONS) + " -cp '"
                + System.getProperty("java.class.path") + "' "
                + LoadCommand.class.getName() + " \"$@\"\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }

    /** --agent, not a coordinator's --agents. */
    private static final java.util.regex.Pattern AGENT = java.util.regex.Pattern.compile("\\s--agent(\\s|$)");

    /**
     * The agents (gsf load with --agent) loading {@code url}, ssh sessions' included, and those whose parent is gone:
     * every process of the machine is looked at, and the URL, with its server's port, tells this test's agents from
     * those of other builds running the same tests on the machine (which made the count wrong).
     */
    static List<ProcessHandle> agents(String url) {
        return ProcessHandle.allProcesses().filter(p -> commandLine(p).map(c -> AGENT.matcher(c).find()
                && c.contains(LoadCommand.class.getName()) && c.contains(" " + url + " ")).orElse(false)).toList();
    }

    /**
     * A process's whole command line, from /proc: ProcessHandle.Info gives only the executable when the command line
     * is longer than a page (4 KB), which the test class path of an agent's java command now is.
     */
    static java.util.Optional<String> commandLine(ProcessHandle process) {
        try {
            return java.util.Optional.of(Files.readString(Path.of("/proc", Long.toString(process.pid()), "cmdline"),
                    java.nio.charset.StandardCharsets.ISO_8859_1).replace('\0', ' '));
        } catch (IOException | RuntimeException gone) { // ended meanwhile, or not ours to read
            return java.util.Optional.empty();
        }
    }

    /** A progress line of steady state that counts downloads. */
    private static final java.util.regex.Pattern STEADY_DOWNLOADS =
            java.util.regex.Pattern.compile("(?m)steady .* [1-9]\\d* downloads");

    /** Waits (at most 30 s) until {@code n} agents of {@code url} run and each has counted downloads in steady state. */
    static List<ProcessHandle> awaitLoading(Path out, int n, String url) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            List<ProcessHandle> agents = agents(url);
            boolean loading = true;
            for (int i = 0; i < n; i++) {
                Path log = out.resolve("agent-" + i + ".log");
                loading &= Files.exists(log) && STEADY_DOWNLOADS.matcher(Files.readString(log)).find();
            }
            if (agents.size() == n && loading) {
                return agents;
            }
            new CompletableFuture<Void>().completeOnTimeout(null, 100, TimeUnit.MILLISECONDS).join();
        }
        throw new AssertionError(n + " agents did not start loading within 30 s; agents of " + url + ": "
                + agents(url).size());
    }
}
