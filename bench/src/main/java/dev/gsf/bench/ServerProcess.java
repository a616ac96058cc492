package dev.gsf.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Our server in a child JVM, so that the load client's threads and garbage never share its heap. Started with the
 * same java and class path as this process; its start-up line tells the port.
 */
public final class ServerProcess implements Peer {
    private static final Pattern STARTED = Pattern.compile("serving .* on http://(\\S+):(\\d+)( |$)");
    private final String name;
    private final Process process;
    private final int port;

    private ServerProcess(String name, Process process, int port) {
        this.name = name;
        this.process = process;
        this.port = port;
    }

    /**
     * Starts {@code gsf serve --port 0} with the given extra arguments and waits for its start-up line.
     *
     * @param log where the server's output goes after the start-up line
     */
    public static ServerProcess start(String name, List<String> serveArguments, Path log) throws IOException {
        List<String> arguments = new ArrayList<>(List.of("--port", "0"));
        arguments.addAll(serveArguments);
        return startJava(name, "dev.gsf.server.ServeCommand", arguments, log);
    }

    /** Starts a main class of this class path in a child JVM; it must print "serving ... on http://HOST:PORT ". */
    public static ServerProcess startJava(String name, String mainClass, List<String> arguments, Path log)
            throws IOException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.add("-Xmx2g");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass);
        command.addAll(arguments);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<String> started = CompletableFuture.supplyAsync(() -> {
            List<String> seen = new ArrayList<>();
            try {
                for (String line; (line = out.readLine()) != null; ) {
                    if (STARTED.matcher(line).find()) {
                        return line;
                    }
                    seen.add(line);
                }
            } catch (IOException e) {
                seen.add(e.toString());
            }
            throw new IllegalStateException("server exited before it started: " + String.join(" | ", seen));
        });
        String line;
        try {
            line = started.get(60, TimeUnit.SECONDS);
        } catch (TimeoutException | InterruptedException | java.util.concurrent.ExecutionException e) {
            process.destroyForcibly();
            throw new IOException("server did not start: " + e.getMessage(), e);
        }
        // Keep draining its output to the log so that the child never blocks on a full pipe.
        Thread.ofPlatform().daemon().name("server-log").start(() -> drain(out, log));
        Matcher m = STARTED.matcher(line);
        m.find();
        return new ServerProcess(name, process, Integer.parseInt(m.group(2)));
    }

    private static void drain(BufferedReader out, Path log) {
        try (var writer = java.nio.file.Files.newBufferedWriter(log, StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND)) {
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
    public String name() {
        return name;
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
