package dev.gsf.server;

import dev.gsf.report.Json;
import dev.gsf.server.config.ServerConfig;
import java.io.IOException;
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
 * @param tlsPort  the HTTPS port it bound, null when it serves no HTTPS
 * @param adminUrl where its admin listener answers (/metrics, /admin/status), e.g. {@code http://127.0.0.1:9090}
 *                 for {@code admin-port=0}; null when it has none
 * @param settings everything that decides what a benchmark measures, by configuration key (for gsf: every key,
 *                 in the grammar the key accepts)
 */
public record ServerReady(String server, String host, int port, Integer tlsPort, String adminUrl, Map<String, String> settings) {

    /** The handshake of our running file server: the ports it bound and every configuration key with its value. */
    public static ServerReady of(FileServer server) {
        ServerConfig config = server.config();
        Integer tlsPort = server.tlsPort().isPresent() ? server.tlsPort().getAsInt() : null;
        return new ServerReady("gsf", config.host(), server.port(), tlsPort, server.adminUrl().orElse(null),
                config.asText());
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
