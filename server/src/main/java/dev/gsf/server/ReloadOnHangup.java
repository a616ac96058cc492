package dev.gsf.server;

import java.io.PrintStream;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import sun.misc.Signal;

/**
 * {@code kill -HUP} reloads the configuration, as with nginx and most daemons: the configuration is read again (the
 * config file, then the command-line flags over it) and handed to {@link FileServer#reconfigure}. A reload that
 * applies prints the start-up line again with the new values; a refused one prints one line naming the key, and the
 * running configuration stays in force.
 *
 * <p>Threads: the JVM runs the handler on a new thread for each signal; {@link FileServer} applies one at a time.
 */
final class ReloadOnHangup {
    private final FileServer server;
    private final Supplier<ServerConfig> source;
    private final PrintStream out;
    private final PrintStream err;

    /**
     * @param source reads the configuration again; throws {@link ConfigException} naming the key when it is invalid
     */
    ReloadOnHangup(FileServer server, Supplier<ServerConfig> source, PrintStream out, PrintStream err) {
        this.server = server;
        this.source = source;
        this.out = out;
        this.err = err;
    }

    /** Reloads on every SIGHUP from now on (which otherwise would stop the JVM). */
    static void install(FileServer server, Supplier<ServerConfig> source) {
        ReloadOnHangup reload = new ReloadOnHangup(server, source, System.out, System.err);
        try {
            Signal.handle(new Signal("HUP"), signal -> reload.reload());
        } catch (IllegalArgumentException e) { // no SIGHUP on this platform, or the JVM keeps it (-Xrs)
            System.err.println("gsf serve: no reload on SIGHUP here: " + e.getMessage());
        }
    }

    /** Reads the configuration again and applies it; true when it was applied (or nothing had changed). */
    boolean reload() {
        try {
            Set<ServerConfig.Key> changed = server.reconfigure(source.get());
            out.println("gsf: configuration reloaded, " + (changed.isEmpty() ? "nothing changed"
                    : "changed " + changed.stream().map(key -> key.name).collect(Collectors.joining(", "))
                    + "; downloads in flight finish under the previous settings"));
            out.println(server.config().describe(server.address()));
            out.flush();
            return true;
        } catch (ConfigException e) {
            err.println("gsf serve: reload refused, the running configuration stays in force: " + e.getMessage());
            err.flush();
            return false;
        }
    }
}
