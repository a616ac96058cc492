package dev.gsf.bench;

import dev.gsf.common.ChildJvmOptions;
import dev.gsf.server.ServerReady;
import dev.gsf.server.config.ServerConfig;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Our server in a child JVM, so that the load client's threads and garbage never share its heap. Started with the
 * same java and class path as this process, on port 0; its {@link ServerReady} handshake line tells the port it
 * bound and its settings.
 */
public final class ServerProcess extends ChildPeer {
    private final ServerReady ready;

    private ServerProcess(String name, Process process, ServerReady ready) {
        super(name, process);
        this.ready = ready;
    }

    /**
     * Server keys as {@code gsf serve} flags, in the map's order: {@code --key value}, and a true/false key (serve's
     * {@code --[no-]key}, which takes no value) as {@code --key} or {@code --no-key}; any other value of such a key as
     * {@code --key=value}, which serve refuses naming the key.
     */
    static List<String> keyFlags(Map<String, String> keys) {
        List<String> flags = new ArrayList<>();
        keys.forEach((key, value) -> {
            if (!ServerConfig.Key.byName(key).map(ServerConfig.Key::isFlag).orElse(false)) {
                flags.addAll(List.of("--" + key, value));
            } else if (value.equals("true") || value.equals("false")) {
                flags.add((value.equals("true") ? "--" : "--no-") + key);
            } else {
                flags.add("--" + key + "=" + value);
            }
        });
        return flags;
    }

    /**
     * Starts {@code gsf serve --port 0 --handshake} with the given extra arguments and waits for its handshake.
     *
     * @param log where the server's output goes
     */
    public static ServerProcess start(String name, List<String> serveArguments, Path log) throws IOException {
        return start(name, serveArguments, log, Pinning.NONE);
    }

    /** As {@link #start(String, List, Path)}, on the server CPUs of {@code pin}. */
    static ServerProcess start(String name, List<String> serveArguments, Path log, Pinning pin) throws IOException {
        List<String> arguments = new ArrayList<>(List.of("--port", "0", "--handshake"));
        arguments.addAll(serveArguments);
        return startJava(name, "dev.gsf.server.ServeCommand", arguments, log, pin);
    }

    /** Starts a main class of this class path in a child JVM; it must print a {@link ServerReady} line. */
    public static ServerProcess startJava(String name, String mainClass, List<String> arguments, Path log)
            throws IOException {
        return startJava(name, mainClass, arguments, log, Pinning.NONE);
    }

    /** As {@link #startJava(String, String, List, Path)}, on the server CPUs of {@code pin}. */
    static ServerProcess startJava(String name, String mainClass, List<String> arguments, Path log, Pinning pin)
            throws IOException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.addAll(serveJvmOptions());
        command.addAll(ChildJvmOptions.extra()); // the test suite's; none in a benchmark
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass);
        command.addAll(arguments);
        Process process = new ProcessBuilder(pin.server(command)).redirectErrorStream(true).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        var writer = Files.newBufferedWriter(log, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
        CompletableFuture<ServerReady> started = CompletableFuture.supplyAsync(() -> {
            List<String> seen = new ArrayList<>();
            try {
                for (String line; (line = out.readLine()) != null; ) {
                    writer.write(line);
                    writer.newLine();
                    writer.flush();
                    var ready = ServerReady.parse(line);
                    if (ready.isPresent()) {
                        return ready.get();
                    }
                    seen.add(line);
                }
            } catch (IOException e) {
                seen.add(e.toString());
            }
            throw new IllegalStateException("server exited before it started: " + String.join(" | ", seen));
        });
        ServerReady ready;
        try {
            ready = started.get(60, TimeUnit.SECONDS);
        } catch (TimeoutException | InterruptedException | ExecutionException e) {
            process.destroyForcibly();
            writer.close();
            Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
            throw new IOException(name + " did not start: " + cause.getMessage(), e);
        }
        // Keep draining its output to the log so that the child never blocks on a full pipe.
        Thread.ofPlatform().daemon().name("server-log").start(() -> drain(out, writer));
        return new ServerProcess(name, process, ready);
    }

    /**
     * The JVM options {@code ./gsf serve} runs with (the checkout's serve.jvm-options, one per line, # comments), so
     * that benchmarks measure the server as users start it; none when not run through ./gsf.
     */
    static List<String> serveJvmOptions() throws IOException {
        String home = System.getProperty("gsf.home");
        Path file = home == null ? null : Path.of(home, "serve.jvm-options");
        if (file == null || !Files.exists(file)) {
            return List.of();
        }
        return Files.readAllLines(file).stream().map(String::strip)
                .filter(line -> !line.isEmpty() && !line.startsWith("#")).toList();
    }

    private static void drain(BufferedReader out, java.io.BufferedWriter writer) {
        try (writer) {
            for (String line; (line = out.readLine()) != null; ) {
                writer.write(line);
                writer.newLine();
                writer.flush();
            }
        } catch (IOException ignored) {
            // the server is gone; nothing more to log
        }
    }

    @Override
    public int port() {
        return ready.port();
    }

    /** Its HTTPS port when it was started with one ({@link Transport#serveFlags()}), else its plain port. */
    @Override
    public String url() {
        return ready.tlsPort() == null ? super.url() : "https://127.0.0.1:" + ready.tlsPort() + "/";
    }

    /** What the server said it runs with. */
    public ServerReady ready() {
        return ready;
    }
}
