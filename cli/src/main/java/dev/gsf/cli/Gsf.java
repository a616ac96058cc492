package dev.gsf.cli;

import dev.gsf.bench.BenchAlgorithmsCommand;
import dev.gsf.bench.CompareCommand;
import dev.gsf.bench.SoakCommand;
import dev.gsf.bench.SuiteCommand;
import dev.gsf.conformance.ConformanceCommand;
import dev.gsf.loadgen.load.LoadCommand;
import dev.gsf.loadgen.merge.MergeCommand;
import dev.gsf.micro.conns.ConnsCommand;
import dev.gsf.micro.echo.EchoCommand;
import dev.gsf.micro.ping.PingCommand;
import dev.gsf.micro.probe.ProbeCommand;
import dev.gsf.server.FilesCommand;
import dev.gsf.server.ServeCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The ./gsf entry point. It only wires the subcommands that the other modules define. */
@Command(name = "gsf", mixinStandardHelpOptions = true, version = "grizzly-sendfile 0.1.0",
        description = "A Grizzly file server with swappable send algorithms, and the kit that benchmarks them.",
        subcommands = {
                ServeCommand.class,
                FilesCommand.class,
                LoadCommand.class,
                MergeCommand.class,
                BenchAlgorithmsCommand.class,
                SuiteCommand.class,
                CompareCommand.class,
                SoakCommand.class,
                EchoCommand.class,
                PingCommand.class,
                ConnsCommand.class,
                ProbeCommand.class,
                ConformanceCommand.class,
                CommandLine.HelpCommand.class,
        })
public final class Gsf {
    public static void main(String[] args) {
        System.exit(new CommandLine(new Gsf()).execute(args));
    }
}
