package dev.gsf.common.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** The shared options: one grammar, old spellings kept, each command's defaults shown as typed. */
class OptionsTest {
    @Command(name = "t", defaultValueProvider = MixinDefaults.class)
    static final class Timed {
        @Mixin
        DurationOption duration = new DurationOption(Duration.ofSeconds(5));

        @Mixin
        WarmUpOption warmUp = new WarmUpOption(Duration.ofSeconds(10));

        @Mixin
        Phases phases = new Phases(new Phases.Lengths(Duration.ofSeconds(3), Duration.ofSeconds(8), Duration.ofSeconds(1)));

        @Mixin
        OutOption out = new OutOption(() -> Path.of("results", "t"));
    }

    @Test
    void aBareNumberIsSeconds_andTheOldSpellingIsTheSameOption() {
        Timed t = new Timed();
        new CommandLine(t).parseArgs("--duration", "2", "--warmup", "1", "--steady", "1.5s");

        assertThat(t.duration.get()).isEqualTo(Duration.ofSeconds(2));
        assertThat(t.warmUp.get()).isEqualTo(Duration.ofSeconds(1));
        assertThat(t.phases.get()).isEqualTo(new Phases.Lengths(Duration.ofSeconds(3), Duration.ofMillis(1500),
                Duration.ofSeconds(1)));
        assertThat(t.phases.given(Phases.STEADY)).isTrue();
        assertThat(t.phases.given(Phases.RAMP_UP)).isFalse();
        Phases.Lengths preset = new Phases.Lengths(Duration.ofMinutes(1), Duration.ofMinutes(10), Duration.ofSeconds(10));
        assertThat(t.phases.givenOr(preset)).isEqualTo(new Phases.Lengths(Duration.ofMinutes(1),
                Duration.ofMillis(1500), Duration.ofSeconds(10)));
        assertThat(t.out.directory()).isEqualTo(Path.of("results", "t"));
    }

    @Test
    void theHelpShowsEachCommandsDefaultsAsTyped() {
        String usage = new CommandLine(new Timed()).getUsageMessage();

        assertThat(usage).contains("--duration=TIME", "(default: 5s)", "--warm-up=TIME", "--warmup", "(default: 10s)",
                "(default: 3s)", "(default: 8s)", "(default: 1s)", "(default: " + Path.of("results", "t") + ")");
        assertThat(usage).doesNotContain("PT");
    }

    @Command(name = "s")
    static final class Serving {
        @Mixin
        ServerKeysOption serverKeys;
    }

    @Test
    void serverKeysKeepTheirOrderAndWinOverTheCommandsOwn() {
        Serving s = new Serving();
        new CommandLine(s).parseArgs("--server-option", "send-buffer=64K", "--server-option", "inline-max=12K");

        assertThat(s.serverKeys.keys()).containsExactly(Map.entry("send-buffer", "64K"),
                Map.entry("inline-max", "12K"));
        assertThat(List.copyOf(s.serverKeys.over(Map.of("inline-max", "0")).entrySet())).containsExactly(
                Map.entry("inline-max", "12K"), Map.entry("send-buffer", "64K"));
        Serving none = new Serving();
        new CommandLine(none).parseArgs();
        assertThat(none.serverKeys.over(Map.of("inline-max", "0"))).containsExactly(Map.entry("inline-max", "0"));
    }

    @Test
    void aDurationOutsideTheGrammarIsRefusedWithExamples() {
        var line = new CommandLine(new Timed());
        try {
            line.parseArgs("--duration", "PT5S");
        } catch (CommandLine.ParameterException e) {
            assertThat(e.getMessage()).contains("--duration").contains("500ms");
            return;
        }
        throw new AssertionError("PT5S was accepted");
    }

    @Command(name = "c")
    static final class Client {
        @Mixin
        ClientTlsOptions trust;
    }

    @Test
    void caAndInsecureApplyToHttpsOnly_andNotTogether() {
        Client ca = new Client();
        new CommandLine(ca).parseArgs("--ca", "ca.pem");
        assertThat(ca.trust.ca()).isEqualTo(Path.of("ca.pem"));
        assertThat(ca.trust.insecure()).isFalse();
        ca.trust.check(true, "https://localhost:8443/");
        assertThatThrownBy(() -> ca.trust.check(false, "http://127.0.0.1:8080/"))
                .hasMessage("--ca applies to https:// URLs only, not http://127.0.0.1:8080/");

        Client both = new Client();
        new CommandLine(both).parseArgs("--insecure", "--ca", "ca.pem");
        assertThatThrownBy(() -> both.trust.check(true, "https://localhost:8443/"))
                .hasMessage("--ca and --insecure contradict each other: give one");

        Client neither = new Client();
        new CommandLine(neither).parseArgs();
        neither.trust.check(false, "http://127.0.0.1:8080/");
        neither.trust.check(true, "https://localhost:8443/");
    }
}
