package dev.gsf.loadgen.agents;

import dev.gsf.common.ChildJvmOptions;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * {@code --agents local:N}: N agent processes on this host, each the same java with the same class path as this
 * process, writing straight into {@code <out>/agent-I}. More processes are also how one large machine gets past one
 * process's file-descriptor limit.
 *
 * @param mainClass the class whose {@code main} runs {@code gsf load}'s options (no subcommand word)
 */
public record LocalLauncher(int count, Path out, String mainClass) implements Launcher {
    @Override
    public List<Agent> agents() {
        return IntStream.range(0, count).mapToObj(i -> new Agent(i, count, null)).toList();
    }

    @Override
    public Duration defaultMargin() {
        return Duration.ofSeconds(3); // a JVM's start on a busy machine
    }

    @Override
    public ClockOffset clockOffset(Agent agent) {
        return ClockOffset.NONE;
    }

    @Override
    public String outDir(Agent agent) {
        return out.resolve(agent.name()).toString();
    }

    @Override
    public Process start(Agent agent, List<String> args) throws java.io.IOException {
        List<String> command = new ArrayList<>(javaCommand());
        command.addAll(args);
        return new ProcessBuilder(command).start();
    }

    @Override
    public void fetch(Agent agent, Path local, Duration timeout) {
        // written in place
    }

    /** This JVM's java, heap settings and gsf.home, class path and the agent's main class. */
    List<String> javaCommand() {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // the heap an operator gave the coordinator (GSF_JAVA_OPTS) is what each agent needs too; nothing else
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (arg.startsWith("-Xmx") || arg.startsWith("-Xms") || arg.startsWith("-Xss")) {
                command.add(arg);
            }
        }
        String home = System.getProperty("gsf.home");
        if (home != null) {
            command.add("-Dgsf.home=" + home);
        }
        command.addAll(ChildJvmOptions.extra()); // the test suite's; none in a user's run
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass);
        return command;
    }
}
