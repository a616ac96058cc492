package dev.gsf.server.config;

import java.io.PrintStream;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Applies a configuration read again to a running server and says so, as nginx does on a reload: one that applies
 * prints a line naming the changed keys and the start-up line again with the new values; a refused one prints one
 * line naming the key, and the running configuration stays in force. Used by {@code kill -HUP} (the config file
 * read again) and by {@code POST /admin/config} (the running configuration with the keys of the request body).
 *
 * <p>Threads: any (the JVM's signal thread, an admin listener thread); the server applies one at a time.
 */
public record Reload(Reconfigurable server, PrintStream out, PrintStream err) {
    /** Said at start when SIGHUP cannot reload. */
    public static final String HANGUP_IGNORED = "gsf serve: SIGHUP is ignored by this process (started under nohup?),"
            + " so kill -HUP will not reload; POST /admin/config does, or start it without nohup (setsid, systemd)";

    /** Reports on the process's standard output and error, where the start-up line went. */
    public static Reload toConsole(Reconfigurable server) {
        return new Reload(server, System.out, System.err);
    }

    /**
     * Reloads from {@code source} on every SIGHUP from now on (which otherwise would stop the JVM). A process that
     * was started with SIGHUP ignored (under {@code nohup}) keeps ignoring it: the JVM does not take over an ignored
     * stop signal, and without a word a {@code kill -HUP} would change nothing, so that is said at start.
     */
    public static void onHangup(Reconfigurable server, Supplier<ServerConfig> source) {
        Reload reload = toConsole(server);
        try {
            SignalHandler before = Signal.handle(new Signal("HUP"), signal -> {
                try {
                    reload.apply(source);
                } catch (ConfigException refused) {
                    // printed by apply; the server goes on as it was
                }
            });
            if (before == SignalHandler.SIG_IGN) {
                reload.err().println(HANGUP_IGNORED);
            }
        } catch (IllegalArgumentException e) { // no SIGHUP on this platform, or the JVM keeps it (-Xrs)
            System.err.println("gsf serve: no reload on SIGHUP here: " + e.getMessage());
        }
    }

    /**
     * Builds the next configuration and applies it.
     *
     * @param next builds it; throws {@link ConfigException} naming the key when it is invalid
     * @return the keys that changed (empty: nothing did)
     * @throws ConfigException naming the key, when {@code next} is invalid or cannot apply while the server runs;
     *                         nothing of it applied
     */
    public Set<ServerConfig.Key> apply(Supplier<ServerConfig> next) {
        try {
            Set<ServerConfig.Key> changed = server.reconfigure(next.get());
            out.println("gsf: configuration reloaded, " + (changed.isEmpty() ? "nothing changed"
                    : "changed " + changed.stream().map(key -> key.name).collect(Collectors.joining(", "))
                    + "; downloads in flight finish under the previous settings"));
            out.println(server.startLine());
            out.flush();
            return changed;
        } catch (ConfigException e) {
            err.println("gsf serve: reload refused, the running configuration stays in force: " + e.getMessage());
            err.flush();
            throw e;
        }
    }
}
