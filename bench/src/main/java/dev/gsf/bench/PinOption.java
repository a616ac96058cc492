package dev.gsf.bench;

import java.io.IOException;
import java.util.function.Supplier;
import picocli.CommandLine.Option;

/**
 * {@code --pin[=CPUS]} (a picocli mixin) of the benchmarks that start servers: the servers under test on CPUS (a
 * taskset list; {@code --pin} alone: CPU 0), the clients on every other CPU; see {@link Pinning}. Read on the
 * command's thread.
 */
final class PinOption {
    /** A benchmark's run once its options are valid; this process is on the client CPUs meanwhile when pinned. */
    interface PinnedRun<S> {
        int run(S settings, Pinning pinning) throws Exception;
    }

    @Option(names = "--pin", arity = "0..1", fallbackValue = "0", paramLabel = "CPUS",
            description = "pin the servers under test to CPUS (taskset list, --pin alone: 0; nginx gets one worker per"
                    + " CPU) and the clients (wrk, gsf load) to the other CPUs (default: not pinned)")
    String cpus;

    /** The pinning asked for, or {@link Pinning#NONE}; IllegalArgumentException names a bad --pin. */
    Pinning pinning() throws IOException {
        return cpus == null ? Pinning.NONE : Pinning.of(cpus, Pinning.allowedCpus());
    }

    /**
     * Validates the command's {@code settings} and --pin, then runs the benchmark with this process pinned. A bad
     * option (IllegalArgumentException from either) is printed as "gsf COMMAND: problem" and gives exit code 2.
     */
    <S> int runPinned(String command, Supplier<S> settings, PinnedRun<S> run) throws Exception {
        S valid;
        Pinning pinning;
        try {
            valid = settings.get();
            pinning = pinning();
        } catch (IllegalArgumentException e) {
            System.err.println("gsf " + command + ": " + e.getMessage());
            return 2;
        }
        try (Pinning.Held pinned = pinning.pinThisProcess()) {
            return run.run(valid, pinning);
        }
    }
}
