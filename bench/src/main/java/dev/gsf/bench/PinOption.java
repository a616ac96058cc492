package dev.gsf.bench;

import java.io.IOException;
import picocli.CommandLine.Option;

/**
 * {@code --pin[=CPUS]} (a picocli mixin) of the benchmarks that start servers: the servers under test on CPUS (a
 * taskset list; {@code --pin} alone: CPU 0), the clients on every other CPU; see {@link Pinning}. Read on the
 * command's thread.
 */
final class PinOption {
    @Option(names = "--pin", arity = "0..1", fallbackValue = "0", paramLabel = "CPUS",
            description = "pin the servers under test to CPUS (taskset list, --pin alone: 0; nginx gets one worker per"
                    + " CPU) and the clients (wrk, gsf load) to the other CPUs (default: not pinned)")
    String cpus;

    /** The pinning asked for, or {@link Pinning#NONE}; IllegalArgumentException names a bad --pin. */
    Pinning pinning() throws IOException {
        return cpus == null ? Pinning.NONE : Pinning.of(cpus, Pinning.allowedCpus());
    }
}
