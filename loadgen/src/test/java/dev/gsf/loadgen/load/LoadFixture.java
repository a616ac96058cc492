package dev.gsf.loadgen.load;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gsf.common.FileSet;
import dev.gsf.common.Manifest;
import dev.gsf.report.Json;
import dev.gsf.server.FileServer;
import dev.gsf.server.config.ServerConfig;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;

/** Test helpers: a small file set with its manifest, our real server on it, and `gsf load` run in-process. */
final class LoadFixture {
    /** Small files, so that a test run moves little data but still mixes sizes. */
    static final List<FileSet.Spec> SMALL = List.of(
            new FileSet.Spec("1KB.bin", 1L << 10),
            new FileSet.Spec("64KB.bin", 64L << 10),
            new FileSet.Spec("256KB.bin", 256L << 10));

    /**
     * A client's pause between downloads (`--think`) in runs that check what is counted (downloads verified,
     * handshakes, reports, merges, series), not what the clients can take: unthrottled, the clients and the server
     * beside them took what CPU there was for the run's whole length (docs/results/2026-11-28-ci-test-cpu-unthrottled-
     * loads.md). Against a server that answers wrongly it also keeps a client from asking again at once: a wrong
     * answer is not an error a client backs off from.
     */
    static final String PACED_THINK = "10ms";

    /** What one in-process run of `gsf load` produced. */
    record Outcome(int exitCode, String out, String log, Path outDir) {
        JsonNode json() throws IOException {
            return Json.tree(outDir.resolve("summary.json"));
        }

        /** The first run; a key the test asks for must be there ({@code required}), never read as 0 when absent. */
        JsonNode run() throws IOException {
            return json().required("runs").required(0);
        }

        JsonNode summary() throws IOException {
            return run().required("summary");
        }

        long errors(String kind) throws IOException {
            return run().required("errorsByKind").required(kind).required("all").longValue();
        }
    }

    private LoadFixture() {
    }

    /** Generates the files in dir and writes their MD5SUMS; returns the manifest's path. */
    static Path files(Path dir, List<FileSet.Spec> specs) throws IOException {
        FileSet.ensure(dir, specs);
        Path manifest = dir.resolve(FileSet.MANIFEST);
        Manifest.of(dir, specs.stream().map(FileSet.Spec::name).toList()).write(manifest);
        return manifest;
    }

    /** The small file set and our server on it; closing stops the server. */
    record Served(Path manifest, FileServer server) implements AutoCloseable {
        String url() {
            return LoadFixture.url(server);
        }

        @Override
        public void close() {
            server.close();
        }
    }

    /** {@link #SMALL} generated in root, served by our server. */
    static Served serveSmall(Path root) throws IOException {
        Path manifest = files(root, SMALL);
        return new Served(manifest, serve(root));
    }

    static FileServer serve(Path root) throws IOException {
        return FileServer.start(ServerConfig.from(Map.of("root", root.toString(), "port", "0", "algorithm", "SBA",
                "workers", "8")));
    }

    static String url(FileServer server) {
        return "http://127.0.0.1:" + server.port() + "/";
    }

    /** Runs `gsf load ARGS --out OUT` in this JVM, capturing its output. */
    static Outcome load(Path outDir, String... args) throws Exception {
        LoadCommand command = new LoadCommand();
        List<String> all = new ArrayList<>(List.of(args));
        all.add("--out");
        all.add(outDir.toString());
        new CommandLine(command).parseArgs(all.toArray(String[]::new));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream l = new PrintStream(log, true, StandardCharsets.UTF_8)) {
            code = command.execute(o, l, false);
        }
        return new Outcome(code, out.toString(StandardCharsets.UTF_8), log.toString(StandardCharsets.UTF_8), outDir);
    }
}
