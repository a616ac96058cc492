package dev.gsf.loadgen.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

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
                + "exec '" + java + "' -Xmx256m -cp '" + System.getProperty("java.class.path") + "' "
                + LoadCommand.class.getName() + " \"$@\"\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }

    /** This JVM's descendants that are agents (gsf load with --agent), ssh sessions' included. */
    static List<ProcessHandle> agents() {
        return ProcessHandle.allProcesses().filter(p -> p.info().commandLine().map(c -> c.contains(" --agent")
                && c.contains(LoadCommand.class.getName())).orElse(false)).toList();
    }
}
