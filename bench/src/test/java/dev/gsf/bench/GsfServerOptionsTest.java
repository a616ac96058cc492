package dev.gsf.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** A benchmark's gsf server command line: root, algorithm, the command's flags, then its keys under --server-option's. */
class GsfServerOptionsTest {
    @Test
    void theKeysGivenWinOverTheCommandsOwnAndComeLast() {
        GsfServerOptions given = new GsfServerOptions();
        new CommandLine(given).parseArgs("--server-option", "inline-max=12K", "--server-option", "send-buffer=64K");
        assertThat(given.commandLine(Path.of("/srv/files"), Algorithm.VTA, List.of("--workers", "8"),
                Map.of("inline-max", "0"))).containsExactly("--root", "/srv/files", "--algorithm", "VTA",
                "--workers", "8", "--inline-max", "12K", "--send-buffer", "64K");

        GsfServerOptions none = new GsfServerOptions();
        new CommandLine(none).parseArgs();
        assertThat(none.commandLine(Path.of("/srv/files"), Algorithm.SBA, List.of(), Map.of()))
                .containsExactly("--root", "/srv/files", "--algorithm", "SBA");
    }
}
