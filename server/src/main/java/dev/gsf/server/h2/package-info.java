/**
 * HTTP/2 (RFC 9113) on the file ports: h2c by prior knowledge on the plain port, h2 by ALPN on the HTTPS port.
 *
 * <ul>
 *   <li>{@link dev.gsf.server.h2.H2Filter}: tells an HTTP/2 connection by its preface, ahead of the HTTP/1.1
 *       filters, and feeds it its bytes.</li>
 *   <li>{@code H2Connection}: one connection's state (settings, limits against hostile peers, drain and close),
 *       Jetty's frame parser and HPACK decoder reading it (the client's resets counted by {@code ResetRate}); each
 *       request stream is answered by the {@link dev.gsf.server.http.FileHandler} through an {@code H2Exchange}, as
 *       an HTTP/1.1 request is. Its open streams, their ids and the initial window are {@code H2Streams}'.</li>
 *   <li>{@code H2Stream}: a stream's answer and the {@link dev.gsf.algorithms.WriteSink} of its download: the
 *       algorithm's writes become DATA frames.</li>
 *   <li>{@code H2Writer}: what a connection sends, in batches ({@code H2Batch}) of one write each, one in flight at
 *       a time, built and written by whichever thread finds it idle; what a batch holds is the {@code H2Scheduler}'s:
 *       control frames first, then the streams' DATA round-robin within the windows and a fixed bound on bytes in
 *       flight per connection, nothing after the connection's last GOAWAY.
 *       Batches are built in direct slabs shared by the server's connections ({@code FrameSlabs}), each payload read
 *       from the file straight into its frame; on h2c a turn's file bytes are read at once into a slab and go out as
 *       a run of frames whose headers sit between their payloads, or, with zero-copy (bodies of 1 MiB or more) and
 *       frames of 32 KiB or more, only the headers are in slabs and the payloads go by sendfile (16 KiB frames,
 *       h2load's and curl's, are copied in runs), to the connection's socket by its own descriptor
 *       ({@link dev.gsf.server.send.ConnectionSocket}: no dup per stream); an h2c batch is written by
 *       {@code SendfileFrames} (Grizzly's selector or the writing thread).</li>
 *   <li>{@code LingeringClose}: how a connection ends after GOAWAY without error (a drain, or the client's): shut for
 *       sending, the client's last frames read and dropped until it closes.</li>
 * </ul>
 *
 * <p>Threads: the filter, the connection and the handler's decisions run on the thread that reads the connection (a
 * selector thread) and never block; DATA is built and written by the algorithms' threads, the selector thread that
 * completes a write, or, once it has parsed what it read, the reading thread itself for control frames and bodies
 * held in memory (a small file's whole answer, inline), and a virtual thread for file frames it found due (a
 * WINDOW_UPDATE): never file reads on the reading thread.
 */
package dev.gsf.server.h2;
