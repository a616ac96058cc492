package dev.gsf.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gsf.loadgen.load.LoadCommand;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/** Runs {@code gsf load} in this process with its reports and log in one directory, and reads back its run. */
final class InProcessLoad {
    /** The load generator's exit code and the first run object of its summary.json. */
    record Outcome(int exitCode, JsonNode run) {
        JsonNode summary() {
            return run.path("summary");
        }
    }

    private InProcessLoad() {
    }

    /** Blocks for the run's phases; {@code arguments} are gsf load's, without --out. */
    static Outcome run(List<String> arguments, Path out) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(arguments);
        args.addAll(List.of("--out", out.toString()));
        LoadCommand load = new LoadCommand();
        new CommandLine(load).parseArgs(args.toArray(String[]::new));
        int exit;
        try (PrintStream log = new PrintStream(Files.newOutputStream(out.resolve("load.log")), true)) {
            exit = load.execute(log, log, false);
        }
        JsonNode run = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).path("runs").path(0);
        return new Outcome(exit, run);
    }
}
