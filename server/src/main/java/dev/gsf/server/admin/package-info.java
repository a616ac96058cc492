/**
 * The admin listener: a separate Grizzly HTTP server ({@code admin-host}:{@code admin-port}, off by default) with a
 * small route table: {@code /metrics} in the Prometheus text format ({@link dev.gsf.server.admin.ServerMetrics},
 * built with the Prometheus Java client), the status page {@code /admin/status} (HTML through the report kit, or
 * JSON) and {@code POST /admin/config} ({@code ConfigRoute}: live reconfiguration through
 * {@link dev.gsf.server.config.Reload}). The same meters are JMX MXBeans ({@link dev.gsf.server.admin.ServerMXBean},
 * {@link dev.gsf.server.admin.DownloadsMXBean}).
 *
 * <p>Threads: the HTTP layer tells the meters of each download on its own threads without blocking
 * ({@link dev.gsf.server.ops.DownloadObserver}); scrapes and pages run on the admin listener's two threads and JMX reads on
 * JMX's threads, all only reading counters; a configuration change builds the new worker pool on an admin thread.
 */
package dev.gsf.server.admin;
