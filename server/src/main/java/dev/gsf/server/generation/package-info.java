/**
 * What a live reload replaces: the running parts one configuration wires together.
 *
 * <ul>
 *   <li>{@link dev.gsf.server.generation.Generation}: the send algorithm with its own worker pool and send settings,
 *       the access log and the Server header, built from one {@code ServerConfig}; a request holds the generation it
 *       began under until its response, download included, has ended.</li>
 *   <li>{@link dev.gsf.server.generation.Generations}: the current generation and the replaced ones still finishing
 *       their downloads, with counters summed over all of them; it refuses a reload of a key that needs a restart.
 *       </li>
 * </ul>
 *
 * <p>Threads: Grizzly's request threads and whichever thread ends a download acquire and release generations,
 * without blocking; reloads, counters and shutdown run on any thread (the main, signal or an admin thread), one at a
 * time; a replaced generation closes on a thread of its own once its last request lets go.
 */
package dev.gsf.server.generation;
