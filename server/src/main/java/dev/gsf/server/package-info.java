/**
 * The HTTP file server on Grizzly: the wiring of its parts, and its commands. Each part is a package of its own:
 * {@code config} (the configuration record, reload), {@code files} (path resolution, the open-file cache),
 * {@code results} (the results log and its plug-in sinks), {@code send} (write sinks, body writers, blocking writes,
 * TCP_CORK, the worker pool), {@code tls} (the HTTPS port, SSL engines, the TLS body writer), {@code ops} (access log,
 * downloads in progress, signals), {@code generation} (what a reload replaces: algorithms, pools, access logs),
 * {@code http} (strict request heads, the file handler), {@code h2} (HTTP/2 connections, whose streams the file
 * handler answers) and {@code admin} (the admin listener: metrics, status page,
 * JMX, live configuration).
 *
 * <p>Layers: a package imports only from the layers below its own, so that the packages form no cycle. At the
 * bottom, {@code config}, {@code files} and {@code results} depend on no other package of the server. Above them,
 * {@code send} writes bytes to sockets and knows no other server package either; {@code tls} builds on
 * {@code send} (its body writer) and {@code config}. {@code ops} reports on downloads to the operator and uses
 * {@code results}. {@code generation} wires one configuration to the running parts ({@code config}, the access log
 * of {@code ops}, the worker pool of {@code send}). {@code http} answers requests with {@code files},
 * {@code generation}, {@code ops}, {@code results} and {@code send}, never {@code tls} (the body writer it is given
 * may be TLS's, behind {@code send}'s interface). {@code h2} builds on {@code http} (the handler and its
 * {@code Exchange}). {@code admin} reads the running server through its own
 * {@code RunningServer} and uses {@code config} and {@code ops}. This top package wires them all together and holds
 * the commands; nothing imports it. (From the bottom: config, files, results; send; tls; ops; generation; http;
 * h2; admin; the top package.)
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
