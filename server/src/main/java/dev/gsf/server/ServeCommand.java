package dev.gsf.server;

import dev.gsf.common.FileSet;
import dev.gsf.server.config.ConfigException;
import dev.gsf.server.config.ConfigFile;
import dev.gsf.server.config.Reload;
import dev.gsf.server.config.ServerConfig;
import dev.gsf.server.ops.StopSignals;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.logging.Logger;
import picocli.CommandLine.Command;
import picocli.CommandLine.IModelTransformer;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code gsf serve}: starts the file server in the foreground until interrupted. Its options are generated from
 * {@link ServerConfig.Key} (one {@code --name} per key, with the key's help and default), so a new key is a new flag.
 */
@Command(name = "serve", mixinStandardHelpOptions = true, sortOptions = false,
        modelTransformer = ServeCommand.KeyOptions.class,
        description = {"Serves a directory over HTTP/1.1; download bodies are sent by the chosen send algorithm.",
                "Options override the config file; the config file overrides the defaults."})
public final class ServeCommand implements Callable<Integer> {
    private static final Logger LOG = Logger.getLogger(ServeCommand.class.getName());

    @Option(names = "--config", paramLabel = "FILE", description = "Java properties file with any of the keys below")
    Path configFile;

    @Spec
    CommandSpec spec;

    /** Adds one option per configuration key when picocli builds the command. */
    static final class KeyOptions implements IModelTransformer {
        @Override
        public CommandSpec transform(CommandSpec command) {
            for (ServerConfig.Key key : ServerConfig.Key.values()) {
                command.addOption(option(key));
            }
            return command;
        }

        private static OptionSpec option(ServerConfig.Key key) {
            boolean flag = key.isFlag();
            String shown = key == ServerConfig.Key.ROOT ? FileSet.defaultDirectory().toString()
                    : key.defaultValue.isEmpty() ? "none" : key.defaultValue;
            OptionSpec.Builder option = OptionSpec.builder("--" + key.name)
                    .description(key.help + " (default: " + shown + ")");
            return flag ? option.type(Boolean.class).negatable(true).build()
                    : option.type(String.class).paramLabel(key.name.toUpperCase(Locale.ROOT)).build();
        }
    }

    @Option(names = "--handshake",
            description = "once listening, also print one JSON line (port, admin URL and settings) for a parent"
                    + " process")
    boolean handshake;

    /** Runs {@code serve} alone, for benchmarks that start servers as child processes. */
    public static void main(String[] args) {
        System.exit(new picocli.CommandLine(new ServeCommand()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        Logging.configure();
        ServerConfig config;
        try {
            config = ServerConfig.from(values());
            if (config.root().equals(FileSet.defaultDirectory())) { // the default set is generated on demand
                List<Path> made = FileSet.ensure(config.root(), FileSet.ALL);
                if (!made.isEmpty()) {
                    System.out.println("gsf: generated " + made.size() + " missing file(s) in " + config.root());
                }
            }
            FileServer server = FileServer.start(config);
            StopSignals signals = StopSignals.install();
            // Any other end of the JVM (an error) still closes the server, at once; SIGHUP reloads the configuration.
            Runtime.getRuntime().addShutdownHook(new Thread(server::close, "gsf-shutdown"));
            System.out.println(server.startLine());
            server.adminUrl().ifPresent(url -> System.out.println("gsf admin on " + url
                    + "  /metrics /admin/status /admin/config (JMX: dev.gsf:type=Server,port=" + server.port() + ")"));
            Reload.onHangup(server, () -> ServerConfig.from(values()));
            if (handshake) {
                System.out.println(ServerReady.of(server).line());
            }
            System.out.flush();
            signals.stop.await();
            Duration grace = server.config().shutdownGrace(); // as the last reload left it
            LOG.info(() -> "stop signal: draining for up to " + grace.toMillis() + " ms; a second signal cuts at once");
            LOG.info(server.drain(grace, signals.cutNow).describe());
            return 0;
        } catch (ConfigException e) {
            System.err.println("gsf serve: " + e.getMessage());
            return 2;
        }
    }

    /** The file's values, then the flags given, in one map of key names. */
    private Map<String, String> values() {
        Map<String, String> values = new LinkedHashMap<>();
        values.put(ServerConfig.Key.ROOT.name, FileSet.defaultDirectory().toString());
        if (configFile != null) {
            values.putAll(ConfigFile.read(configFile));
        }
        for (ServerConfig.Key key : ServerConfig.Key.values()) {
            Object flag = spec.findOption("--" + key.name).getValue();
            if (flag != null) {
                values.put(key.name, flag.toString());
            }
        }
        return values;
    }
}
