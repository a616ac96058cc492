package dev.gsf.server.config;

import dev.gsf.common.Durations;
import dev.gsf.server.config.ServerConfig.Key;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * {@link ServerConfig}'s checks that are not one key's grammar: a value within its range, and the TLS keys that go
 * together. Each throws a {@link ConfigException} that names the key and repeats its help. Any thread.
 */
final class ConfigChecks {
    private ConfigChecks() {
    }

    /** {@code value} within [min, max]; {@code shown} is how the message writes it. */
    static void require(Key key, long value, long min, long max, String shown) {
        if (value < min || value > max) {
            throw new ConfigException(key.name + ": " + shown + " is out of range (" + key.help + ")");
        }
    }

    static void require(Key key, Duration value, Duration min, Duration max) {
        if (value.compareTo(min) < 0 || value.compareTo(max) > 0) {
            throw new ConfigException(key.name + ": " + Durations.format(value) + " is out of range (" + key.help
                    + ")");
        }
    }

    /** The TLS keys go together: a TLS port needs a certificate and a key, and they are of no use without one. */
    static void requireTls(OptionalInt tlsPort, Optional<Path> tlsCert, Optional<Path> tlsKey,
                           Duration handshakeTimeout, int port, OptionalInt adminPort) {
        Objects.requireNonNull(tlsPort, Key.TLS_PORT.name);
        require(Key.TLS_HANDSHAKE_TIMEOUT, handshakeTimeout, Duration.ofMillis(100), Duration.ofHours(1));
        if (tlsPort.isEmpty()) {
            if (tlsCert.isPresent() || tlsKey.isPresent()) {
                Key given = tlsCert.isPresent() ? Key.TLS_CERT : Key.TLS_KEY;
                throw new ConfigException(given.name + ": given without " + Key.TLS_PORT.name
                        + " (no HTTPS listener would use it)");
            }
            return;
        }
        int tls = tlsPort.getAsInt();
        require(Key.TLS_PORT, tls, 0, 65535, Integer.toString(tls));
        if (tls != 0 && (tls == port || adminPort.isPresent() && tls == adminPort.getAsInt())) {
            throw new ConfigException(Key.TLS_PORT.name + ": " + tls + " is the " + (tls == port ? "file" : "admin")
                    + " port; HTTPS needs a port of its own");
        }
        if (tlsCert.isEmpty() || tlsKey.isEmpty()) {
            Key missing = tlsCert.isEmpty() ? Key.TLS_CERT : Key.TLS_KEY;
            throw new ConfigException(missing.name + ": needed with " + Key.TLS_PORT.name + " (" + missing.help + ")");
        }
    }
}
