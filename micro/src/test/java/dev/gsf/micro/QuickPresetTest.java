package dev.gsf.micro;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.micro.conns.ConnsCommand;
import dev.gsf.micro.echo.EchoCommand;
import dev.gsf.micro.ping.PingCommand;
import dev.gsf.micro.probe.ProbeCommand;
import dev.gsf.micro.report.MicroCommand;
import dev.gsf.micro.report.MicroOptions;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** --quick sets the options the command line did not give and leaves the given ones alone. */
class QuickPresetTest {
    static Stream<Arguments> commands() {
        return Stream.of(
                Arguments.of(new ConnsCommand(), List.of("--connections", "9", "--runs", "3"),
                        Map.of("--connections", 9, "--runs", 3, "--duration", Duration.ofSeconds(2),
                                "--warmup", Duration.ofSeconds(1))),
                Arguments.of(new EchoCommand(), List.of("--bytes", "1M", "--runs", "4", "--threads", "2"),
                        Map.of("--bytes", "1M", "--runs", 4, "--threads", List.of(2), "--sockbuf", List.of("8192"))),
                Arguments.of(new PingCommand(), List.of("--runs", "4", "--sockperf", "7"),
                        Map.of("--runs", 4, "--sockperf", 7, "--count", 50_000L, "--warmup", 10_000L)),
                Arguments.of(new ProbeCommand(), List.of("--writes", "50"), Map.of("--writes", 50L)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void explicitOptionsWinOverTheQuickPreset(MicroCommand command, List<String> args, Map<String, Object> expected) {
        String preset = command.quickPreset();
        CommandLine line = new CommandLine(command);
        line.parseArgs(Stream.concat(Stream.of("--quick"), args.stream()).toArray(String[]::new));

        options(line).applyQuickPreset(preset);

        expected.forEach((option, value) ->
                assertThat((Object) line.getCommandSpec().findOption(option).getValue()).as(option).isEqualTo(value));
        // every preset option the command line did not give has the value the preset's text parses to
        CommandLine presetAlone = new CommandLine(fresh(command));
        presetAlone.parseArgs(preset.split(" "));
        presetAlone.getParseResult().matchedOptions().stream().map(OptionSpec::longestName)
                .filter(option -> args.stream().noneMatch(List.of(presetAlone.getCommandSpec().findOption(option).names())::contains))
                .forEach(option -> assertThat((Object) line.getCommandSpec().findOption(option).getValue()).as(option)
                        .isEqualTo(presetAlone.getCommandSpec().findOption(option).getValue()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void withoutQuickNothingChanges(MicroCommand command, List<String> args, Map<String, Object> expected) {
        CommandLine line = new CommandLine(command);
        line.parseArgs(args.toArray(String[]::new));
        Map<String, Object> before = new HashMap<>();
        line.getCommandSpec().options().forEach(o -> before.put(o.longestName(), o.getValue()));

        options(line).applyQuickPreset(command.quickPreset());

        line.getCommandSpec().options().forEach(o ->
                assertThat((Object) o.getValue()).as(o.longestName()).isEqualTo(before.get(o.longestName())));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void theDescriptionEndsWithThePreset(MicroCommand command, List<String> args, Map<String, Object> expected) {
        String[] description = new CommandLine(command).getCommandSpec().usageMessage().description();

        assertThat(description).hasSizeGreaterThan(1).endsWith("--quick sets " + command.quickPreset() + ".");
    }

    private static Object fresh(Object command) {
        try {
            return command.getClass().getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static MicroOptions options(CommandLine line) {
        return (MicroOptions) line.getCommandSpec().mixins().values().iterator().next().userObject();
    }
}
