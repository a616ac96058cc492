/**
 * The configuration, and what a live reload replaces.
 *
 * <ul>
 *   <li>{@link dev.gsf.server.config.ServerConfig}: the whole configuration, one immutable record validated in its
 *       constructor; {@link dev.gsf.server.config.ServerConfig.Key} lists every key with its default, help and how
 *       its value is written back ({@code gsf serve}'s options are generated from them). Read from properties text
 *       by {@link dev.gsf.server.config.ConfigFile}, values in {@code ConfigValues}'s grammars;
 *       {@link dev.gsf.server.config.StartLine} says what is in force.</li>
 *   <li>{@link dev.gsf.server.config.Generation}: what a reload replaces (the algorithm with its worker pool, send
 *       settings, access log, Server header), kept with the replaced ones still finishing their downloads by
 *       {@link dev.gsf.server.config.Generations}.</li>
 *   <li>{@link dev.gsf.server.config.Reload}: applies a configuration to a
 *       {@link dev.gsf.server.config.Reconfigurable} server and says so (SIGHUP, {@code POST /admin/config}).</li>
 * </ul>
 *
 * <p>Threads: configurations are read on the main thread at start, on the JVM's signal thread for SIGHUP and on an
 * admin thread for {@code POST /admin/config}; reloads apply one at a time, and a replaced generation closes on a
 * thread of its own. Request threads only acquire and release generations, without blocking.
 */
package dev.gsf.server.config;
