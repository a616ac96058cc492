package dev.gsf.server.admin;

/**
 * The server-wide meters over JMX, registered as {@code dev.gsf:type=Server,port=<file port>}; the same values as
 * the {@code gsf_*} metrics without an algorithm label. Read on JMX's threads; never blocks.
 */
public interface ServerMXBean {
    /** gsf_workers_busy */
    int getWorkersBusy();

    /** gsf_workers */
    int getWorkers();

    /** gsf_rejected_total */
    long getRejected();

    /** gsf_open_files */
    int getOpenFiles();

    /** gsf_connections_open */
    int getConnectionsOpen();

    /** Seconds since the server started. */
    long getUptimeSeconds();
}
