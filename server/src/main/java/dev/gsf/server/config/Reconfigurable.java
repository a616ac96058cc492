package dev.gsf.server.config;

import java.util.Set;

/**
 * A running server whose configuration can be replaced while it runs: what {@link Reload} needs of it. Any thread;
 * reloads are applied one at a time.
 */
public interface Reconfigurable {

    /** The configuration new requests run under. */
    ServerConfig config();

    /**
     * Applies {@code next} without closing a connection.
     *
     * @return the keys whose values changed (empty: nothing to do)
     * @throws ConfigException naming the key, when {@code next} cannot apply while the server runs; the running
     *                         configuration stays in force
     */
    Set<ServerConfig.Key> reconfigure(ServerConfig next);

    /** The start-up line: the configuration in force now and the JVM settings that decide memory. */
    String startLine();
}
