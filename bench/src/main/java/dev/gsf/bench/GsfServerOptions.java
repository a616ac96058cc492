package dev.gsf.bench;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.common.options.RootOption;
import dev.gsf.common.options.ServerKeysOption;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Mixin;

/**
 * {@code --server-option}, {@code --root} and {@code --pin} (a picocli mixin) of the benchmarks that start a gsf
 * server per algorithm (bench-algorithms, compare): the directory those servers serve, the command line each is
 * started with, and the CPUs they and the clients run on. Read on the command's thread.
 */
final class GsfServerOptions {
    @Mixin
    ServerKeysOption keys;

    @Mixin
    RootOption root;

    /** --pin: the servers on some CPUs, the clients (wrk, gsf load) on the others. */
    @Mixin
    PinOption pin;

    /** The directory the servers serve: see {@link RootOption#directory()}. */
    Path directory() throws IOException {
        return root.directory();
    }

    /** --pin, which also runs the benchmark pinned. */
    PinOption pin() {
        return pin;
    }

    /**
     * A gsf server's command line: serving {@code dir} with {@code algorithm}, then the command's own {@code flags},
     * then the server keys, the command's {@code preset} with --server-option's put over them.
     */
    List<String> commandLine(Path dir, Algorithm algorithm, List<String> flags, Map<String, String> preset) {
        List<String> args = new ArrayList<>(List.of("--root", dir.toString(), "--algorithm", algorithm.name()));
        args.addAll(flags);
        args.addAll(ServerProcess.keyFlags(keys.over(preset)));
        return args;
    }
}
