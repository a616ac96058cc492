/**
 * The configuration, read and checked once, and the reload that applies a new one. Depends on no other package of
 * the server: what a configuration builds while the server runs is {@code dev.gsf.server.generation}'s.
 *
 * <ul>
 *   <li>{@link dev.gsf.server.config.ServerConfig}: the whole configuration, one immutable record validated in its
 *       constructor; {@link dev.gsf.server.config.ServerConfig.Key} lists every key with its default, help and how
 *       its value is written back ({@code gsf serve}'s options are generated from them). Read from properties text
 *       by {@link dev.gsf.server.config.ConfigFile}, values in {@code ConfigValues}'s grammars, checked against their
 *       ranges and each other by {@code ConfigChecks};
 *       {@link dev.gsf.server.config.ConfigException} names the key of a value that cannot be used;
 *       {@link dev.gsf.server.config.ContentCoding} and {@link dev.gsf.server.config.Autoindex} are the values of
 *       {@code precompressed} and {@code autoindex}.</li>
 *   <li>{@link dev.gsf.server.config.Reload}: applies a configuration to a
 *       {@link dev.gsf.server.config.Reconfigurable} server and says so (SIGHUP, {@code POST /admin/config}).</li>
 * </ul>
 *
 * <p>Threads: configurations are read on the main thread at start, on the JVM's signal thread for SIGHUP and on an
 * admin thread for {@code POST /admin/config}; a configuration is immutable and read on any thread. The server
 * applies reloads one at a time.
 */
package dev.gsf.server.config;
