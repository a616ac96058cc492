package dev.gsf.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.common.TestFiles;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
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

        // serve's true/false keys take no value: --[no-]KEY (compare once passed "--tcp-nopush false", which serve
        // refused as an unmatched argument, so every such --server-option failed to start the server)
        GsfServerOptions flags = new GsfServerOptions();
        new CommandLine(flags).parseArgs("--server-option", "tcp-nopush=false", "--server-option", "zero-copy=true",
                "--server-option", "follow-symlinks=maybe");
        assertThat(flags.commandLine(Path.of("/srv/files"), Algorithm.ADA, List.of(), Map.of()))
                .containsExactly("--root", "/srv/files", "--algorithm", "ADA", "--no-tcp-nopush", "--zero-copy",
                        "--follow-symlinks=maybe");

        GsfServerOptions none = new GsfServerOptions();
        new CommandLine(none).parseArgs();
        assertThat(none.commandLine(Path.of("/srv/files"), Algorithm.SBA, List.of(), Map.of()))
                .containsExactly("--root", "/srv/files", "--algorithm", "SBA");
    }

    @Test
    void aServerStartsWithTrueFalseKeysGivenAsServerOptions(@TempDir Path out) throws Exception {
        GsfServerOptions given = new GsfServerOptions();
        new CommandLine(given).parseArgs("--server-option", "tcp-nopush=false", "--server-option", "zero-copy=false");
        List<String> args = given.commandLine(TestFiles.fileSet(), Algorithm.ADA, List.of(), Map.of());
        try (ServerProcess server = ServerProcess.start("gsf ADA", args, out.resolve("server.log"))) {
            assertThat(server.ready().settings()).containsEntry("tcp-nopush", "false")
                    .containsEntry("zero-copy", "false");
        }
    }
}
