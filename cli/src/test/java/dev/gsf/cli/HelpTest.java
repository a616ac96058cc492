package dev.gsf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gsf.server.config.ServerConfig;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class HelpTest {
    /**
     * picocli prints each element of a description as its own paragraph, wrapped to the usage width; an element that
     * stops mid-sentence therefore breaks the help in the middle of a line ("... nginx on the same" / "client and
     * files ..."). Every element must be a whole paragraph.
     */
    @Test
    void everyCommandDescriptionIsWholeParagraphs() {
        Map<String, CommandLine> commands = new CommandLine(new Gsf()).getSubcommands();
        assertThat(commands).containsKeys("serve", "files", "load", "bench-algorithms", "suite", "compare", "echo",
                "ping", "conns", "probe");
        commands.forEach((name, command) -> {
            if (name.equals("help")) {
                return; // picocli's own
            }
            for (String paragraph : command.getCommandSpec().usageMessage().description()) {
                assertThat(paragraph).as(name + ": " + paragraph).endsWith(".");
            }
        });
    }

    @Test
    void serveHelpListsEveryConfigurationKey() {
        String usage = new CommandLine(new Gsf()).getSubcommands().get("serve").getUsageMessage();
        for (var key : dev.gsf.server.config.ServerConfig.Key.values()) {
            assertThat(usage).containsAnyOf("--" + key.name + "=", "--[no-]" + key.name);
        }
    }
}
