/**
 * The HTTP file server on Grizzly: the wiring of its parts, and its commands. Each part is a package of its own:
 * {@code http} (strict request heads, the file handler), {@code send} (write sinks, blocking writes, TCP_CORK, the
 * worker pool), {@code files} (path resolution, the open-file cache), {@code config} (the configuration record,
 * reload), {@code generation} (what a reload replaces: algorithms, pools, access logs), {@code ops} (access log, downloads in progress, signals), {@code admin} (the admin listener:
 * metrics, status page, JMX, live configuration) and {@code results} (the results log and its plug-in sinks).
 *
 * <ul>
 *   <li>{@link dev.gsf.server.FileServer}: a running server wired from one configuration: the generations of
 *       algorithms and pools, the results dispatcher, the open-file cache, the file handler behind the strict filter,
 *       the file ports ({@code FilePorts}: Grizzly's plain listener and, with {@code tls-port}, the HTTPS one) and,
 *       with {@code admin-port}, the admin listener, which reads the server through the narrow
 *       {@link dev.gsf.server.admin.RunningServer}. It also drains and stops them. {@link dev.gsf.server.StartLine}
 *       says what runs: the configuration in force, the HTTPS port, the JVM settings that decide memory.</li>
 *   <li>{@link dev.gsf.server.ServeCommand} ({@code gsf serve}, options generated from the configuration keys),
 *       {@code FilesCommand} ({@code gsf files}), {@link dev.gsf.server.ServerReady} (the start-up handshake with a
 *       parent process) and {@code Logging}.</li>
 * </ul>
 *
 * <p>Threads: the commands run on the main thread; {@code FileServer}'s accessors may be called from any thread.
 */
package dev.gsf.server;
