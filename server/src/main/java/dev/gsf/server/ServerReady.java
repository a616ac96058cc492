package dev.gsf.server;

import dev.gsf.common.ByteSize;
import dev.gsf.report.Json;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The start-up handshake with a parent process: once a server listens it prints this record as one JSON line on
 * stdout ({@code gsf serve --handshake}), so that the parent learns the port it bound (it was started with port 0)
 * and the settings it runs with, without reading the start-up line meant for humans.
 *
 * @param server   what kind of server answered, e.g. "gsf", "grizzly-static"
 * @param host     the address it listens on
 * @param port     the port it bound
 * @param settings everything that decides what a benchmark measures, by configuration key
 */
public record ServerReady(String server, String host, int port, Map<String, String> settings) {

    /** The handshake of our file server. */
    public static ServerReady of(ServerConfig config, int port) {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put(ServerConfig.Key.ROOT.name, config.root().toAbsolutePath().normalize().toString());
        settings.put(ServerConfig.Key.ALGORITHM.name, config.algorithm().name());
        settings.put(ServerConfig.Key.WORKERS.name, Integer.toString(config.workers()));
        settings.put(ServerConfig.Key.QUEUE.name, Integer.toString(config.queue()));
        settings.put(ServerConfig.Key.CHUNK.name, ByteSize.format(config.chunk()));
        settings.put(ServerConfig.Key.ZERO_COPY.name, Boolean.toString(config.zeroCopy()));
        settings.put(ServerConfig.Key.MAX_DOWNLOADS.name, Integer.toString(config.maxDownloads()));
        settings.put(ServerConfig.Key.WRITE_TIMEOUT.name, config.writeTimeout().toMillis() + "ms");
        settings.put(ServerConfig.Key.IDLE_TIMEOUT.name, config.idleTimeout().toMillis() + "ms");
        settings.put(ServerConfig.Key.SEND_BUFFER.name, ByteSize.format(config.sendBuffer()));
        settings.put(ServerConfig.Key.OPEN_FILE_CACHE.name, config.openFileCache().toMillis() + "ms");
        return new ServerReady("gsf", config.host(), port, settings);
    }

    /** The handshake line: JSON on one line. */
    public String line() {
        return Json.line(this);
    }

    /** The handshake when {@code line} is one, else empty (any other output line). */
    public static Optional<ServerReady> parse(String line) {
        if (!line.startsWith("{")) {
            return Optional.empty();
        }
        try {
            return Optional.of(Json.read(line, ServerReady.class));
        } catch (IOException notOurs) {
            return Optional.empty();
        }
    }
}
