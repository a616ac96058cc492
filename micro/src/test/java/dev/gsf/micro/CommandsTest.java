package dev.gsf.micro;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.micro.conns.ConnsCommand;
import dev.gsf.micro.conns.ConnsReport;
import dev.gsf.micro.echo.EchoCommand;
import dev.gsf.micro.echo.EchoReport;
import dev.gsf.micro.ping.PingCommand;
import dev.gsf.micro.ping.PingReport;
import dev.gsf.micro.probe.ProbeCommand;
import dev.gsf.micro.probe.ProbeReport;
import dev.gsf.micro.report.MicroResults;
import dev.gsf.report.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/** Each command at tiny scale, through picocli as ./gsf runs it: exit 0 and the three files, well formed. */
class CommandsTest {
    static Stream<Arguments> commands() {
        return Stream.of(
                Arguments.of("echo", new EchoCommand(), new String[] {"--pairs", "B-B,VT-NB", "--threads", "1,2",
                    "--buffers", "8K", "--sockbuf", "os", "--bytes", "256K", "--runs", "2", "--nodelay"}, EchoReport.Results.class),
                Arguments.of("ping", new PingCommand(), new String[] {"--styles", "blocking,handler", "--warmup", "10",
                    "--count", "200", "--runs", "1", "--sockperf", "0"}, PingReport.Results.class),
                Arguments.of("conns", new ConnsCommand(), new String[] {"--connections", "8", "--selectors", "2",
                    "--warmup", "0", "--duration", "1", "--runs", "1", "--size", "256"}, ConnsReport.Results.class),
                Arguments.of("probe", new ProbeCommand(), new String[] {"--sizes", "1K,10K", "--nodelay", "true",
                    "--sndbuf", "os", "--writes", "100"}, ProbeReport.Results.class));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    @Timeout(60)
    void runsAndWritesTextJsonAndHtml(String name, Object command, String[] args,
                                      Class<? extends MicroResults> document, @TempDir Path out) throws Exception {
        String[] all = Stream.concat(Stream.of(args), Stream.of("--out", out.toString())).toArray(String[]::new);

        int exit = new CommandLine(command).execute(all);

        assertThat(exit).isZero();
        assertThat(Files.readString(out.resolve(name + ".txt"))).contains("---");
        // every key of the command's document is there (the kit's Json fails on a missing one)
        assertThat(Json.read(out.resolve(name + ".json"), document).command()).isEqualTo(name);
        assertThat(Files.readString(out.resolve(name + ".html"))).startsWith("<!DOCTYPE html>").contains("<svg")
                .doesNotContain("src=", "href=");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void everyCommandHasHelpAndListsItsOptionsInDeclarationOrder(String name, Object command, String[] args,
                                                               Class<? extends MicroResults> document) {
        CommandLine line = new CommandLine(command);

        assertThat(line.getCommandName()).isEqualTo(name);
        assertThat(line.getCommandSpec().mixinStandardHelpOptions()).isTrue();
        assertThat(line.getCommandSpec().usageMessage().sortOptions()).isFalse();
        assertThat(line.getUsageMessage()).contains("--help", "--quick", "--out");
    }
}
