package dev.gsf.server;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.common.ByteSize;
import dev.gsf.common.Durations;
import dev.gsf.server.config.ServerConfig;
import dev.gsf.server.send.LibcSendfile;
import dev.gsf.server.send.TcpCork;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The start-up line, printed when the server listens and again after every reload: everything that decides what a
 * benchmark measures, the JVM settings that decide memory, and a warning where a setting invites trouble. Any thread.
 */
public final class StartLine {
    /**
     * Above this write-timeout, SBA's start-up line warns. A slow reader holds an SBA worker for its whole download
     * and a stalled one for up to write-timeout, so {@code workers / write-timeout} stalled connections a second keep
     * the pool full: 5/s at the default 50 workers and 10 s, which a single slowhttptest exceeds by far.
     */
    static final Duration SBA_WRITE_TIMEOUT_WARNING = Duration.ofSeconds(10);

    private StartLine() {
    }

    /**
     * The whole line of a server running {@code config} on {@code address} (host:port).
     *
     * @param https how the HTTPS port is served, "" for none
     */
    public static String of(ServerConfig config, String address, String https) {
        List<String> options = ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> a.startsWith("-X")).toList();
        return settings(config, address) + (https.isEmpty() ? "" : " and " + https) + " jvm-heap-max=" + (Runtime.getRuntime().maxMemory() >> 20)
                + "M jvm-options=" + (options.isEmpty() ? "none" : String.join(",", options))
                + slowReaderWarning(config);
    }

    /** Its settings part: the root, the address and every setting a benchmark depends on. */
    public static String settings(ServerConfig c, String address) {
        return String.format(Locale.ROOT,
                "gsf serving %s on http://%s  algorithm=%s workers=%s queue=%d chunk=%s zero-copy=%s%s"
                        + " zero-copy-min=%s inline-max=%s max-downloads=%s write-timeout=%dms idle-timeout=%ds"
                        + " send-buffer=%s tcp-nopush=%s open-file-cache=%s",
                c.root().toAbsolutePath().normalize(), address, c.algorithm(),
                workers(c), c.queue(),
                ByteSize.format(c.chunkSize()) + (c.chunk() == ServerConfig.AUTO_CHUNK ? "(auto)" : ""),
                c.zeroCopy(), !c.zeroCopy() ? "" : LibcSendfile.UNAVAILABLE.map(why -> "(transferTo: " + why + ")")
                        .orElse("(sendfile)"), ByteSize.format(c.zeroCopyMin()),
                c.inlineMax() == 0 ? "off" : ByteSize.format(c.inlineMax()),
                c.maxDownloads() == 0 ? "unlimited" : c.maxDownloads(),
                c.writeTimeout().toMillis(), c.idleTimeout().toSeconds(),
                c.sendBuffer() == 0 ? "auto" : ByteSize.format(c.sendBuffer()),
                !c.tcpNoPush() ? "false" : TcpCork.UNAVAILABLE.map(why -> "unavailable(" + why + ")").orElse("true"),
                c.openFileCache().isZero() ? "off" : c.openFileCache().toMillis() + "ms");
    }

    /** The pool's threads, or the setting VTA, which has no pool, leaves unused until a switch to another algorithm. */
    private static String workers(ServerConfig c) {
        boolean auto = c.workers() == ServerConfig.AUTO_WORKERS;
        if (!c.algorithm().usesWorkerPool()) {
            return (auto ? "auto" : Integer.toString(c.workers())) + "(unused by " + c.algorithm() + ")";
        }
        return c.workerThreads() + (auto ? "(auto)" : "");
    }

    /** The warning the line ends with, or "" when none applies. */
    public static String slowReaderWarning(ServerConfig c) {
        if (c.algorithm() != Algorithm.SBA || c.writeTimeout().compareTo(SBA_WRITE_TIMEOUT_WARNING) <= 0) {
            return "";
        }
        String timeout = Durations.format(c.writeTimeout());
        return String.format(Locale.ROOT, "  WARNING: SBA with write-timeout %s: each slow reader pins a worker for"
                        + " its whole download, a stalled one for up to %s; %d of them fill the pool (use ENBA or VTA,"
                        + " or write-timeout <= %s)", timeout, timeout, c.workerThreads(),
                Durations.format(SBA_WRITE_TIMEOUT_WARNING));
    }
}
