package dev.gsf.micro;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.micro.conns.ConnsCommand;
import dev.gsf.micro.echo.EchoCommand;
import dev.gsf.micro.ping.PingCommand;
import dev.gsf.micro.probe.ProbeCommand;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/** --quick sets the options the command line did not give and leaves the given ones alone. */
class QuickPresetTest {
    static Stream<Arguments> commands() {
        return Stream.of(
                Arguments.of(new ConnsCommand(), (Consumer<Object>) c -> ((ConnsCommand) c).applyQuickPreset(),
                        List.of("--connections", "9", "--runs", "3"),
                        Map.of("--connections", 9, "--runs", 3, "--duration", 2, "--warmup", 1)),
                Arguments.of(new EchoCommand(), (Consumer<Object>) c -> ((EchoCommand) c).applyQuickPreset(),
                        List.of("--bytes", "1M", "--runs", "4", "--threads", "2"),
                        Map.of("--bytes", "1M", "--runs", 4, "--threads", List.of(2), "--sockbuf", List.of("8192"))),
                Arguments.of(new PingCommand(), (Consumer<Object>) c -> ((PingCommand) c).applyQuickPreset(),
                        List.of("--runs", "4", "--sockperf", "7"),
                        Map.of("--runs", 4, "--sockperf", 7, "--count", 50_000L, "--warmup", 10_000L)),
                Arguments.of(new ProbeCommand(), (Consumer<Object>) c -> ((ProbeCommand) c).applyQuickPreset(),
                        List.of("--writes", "50"), Map.of("--writes", 50L)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void explicitOptionsWinOverTheQuickPreset(Object command, Consumer<Object> applyQuickPreset, List<String> args,
                                              Map<String, Object> expected) {
        CommandLine line = new CommandLine(command);
        line.parseArgs(Stream.concat(Stream.of("--quick"), args.stream()).toArray(String[]::new));

        applyQuickPreset.accept(command);

        expected.forEach((option, value) ->
                assertThat((Object) line.getCommandSpec().findOption(option).getValue()).as(option).isEqualTo(value));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void withoutQuickNothingChanges(Object command, Consumer<Object> applyQuickPreset, List<String> args,
                                    Map<String, Object> expected) {
        CommandLine line = new CommandLine(command);
        line.parseArgs(args.toArray(String[]::new));
        Map<String, Object> before = new java.util.HashMap<>();
        line.getCommandSpec().options().forEach(o -> before.put(o.longestName(), o.getValue()));

        applyQuickPreset.accept(command);

        line.getCommandSpec().options().forEach(o ->
                assertThat((Object) o.getValue()).as(o.longestName()).isEqualTo(before.get(o.longestName())));
    }
}
