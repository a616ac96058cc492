/**
 * HTTP/2 framing for the load generator's {@code --http2} clients: {@link dev.gsf.loadgen.load.h2.H2Codec} turns
 * the bytes of one connection into frame events and the client's requests and control frames into bytes, with
 * Jetty's frame parser, generator and HPACK codec (never a hand-written HPACK), and nothing of Jetty's I/O. The
 * streams, windows and the socket are the driver's ({@code dev.gsf.loadgen.load.driver.H2Session}).
 *
 * <p>Threads: a codec belongs to one connection and is used only by its event loop's thread (or the probe's calling
 * thread). Imports nothing of the project.
 */
package dev.gsf.loadgen.load.h2;
