/**
 * How a download's bytes reach the socket under the send algorithm: the write sinks and what they call. Nothing
 * here knows of TLS.
 *
 * <ul>
 *   <li>{@link dev.gsf.server.send.ResponseSink} (a suspended Grizzly response) and
 *       {@link dev.gsf.server.send.PlainSink} (a plain GET answered ahead of Grizzly's parser): the two
 *       {@link dev.gsf.algorithms.WriteSink}s, variants of {@code ConnectionSink}; they differ in how the head goes
 *       out, how a client that left is seen and how a download ends. {@link dev.gsf.server.send.DownloadHold}: a
 *       plain GET's download in progress on its connection, which reads nothing until it ends (read interest left
 *       armed: its end re-arms nothing); the transport and TLS filters ask it before they read.</li>
 *   <li>{@link dev.gsf.server.send.BodyWriter}: how a download's body sections reach its connection after the head,
 *       picked per download by the {@code BodyWriter.Choice} the server is wired with. The plain writer is here
 *       ({@code PlainWrites}: a section offered to the socket on the calling thread, the rest through the
 *       connection's write queue, by sendfile or a copy); the TLS writer,
 *       which encrypts sections into records, is {@code dev.gsf.server.tls}'s. {@code WriteHandler}: the one adapter
 *       from Grizzly's write callbacks to {@code Written}.</li>
 *   <li>{@code BlockingWrites}: a worker's write that waits for a full socket in poll(2) itself, or a virtual
 *       thread's, parked by the JDK's poller;
 *       {@code ClientWatch}: whether a client has gone without reading; {@code NoPush} and {@code TcpCork}: TCP_CORK
 *       over a download's writes (nginx's tcp_nopush); {@link dev.gsf.server.send.LibcSendfile}: zero-copy by the
 *       server's own sendfile(2) for the files it opens, each download through its
 *       {@link dev.gsf.server.send.SendfileSession} (the {@link dev.gsf.algorithms.Sendfile} it is given), to the
 *       {@link dev.gsf.server.send.ConnectionSocket} the writers hand it: a connection's socket, used by its own
 *       number until the connection's close begins, and the one place that number is used: sendfile(2) (HTTP/1.1's
 *       writers here, HTTP/2's stream payloads on h2c), TCP_CORK's setsockopt(2), the workers' poll(2); no download
 *       takes a descriptor of its own; {@code Libc}: the C calls, through the Foreign Function API, in one
 *       place.</li>
 *   <li>{@link dev.gsf.server.send.WorkerPool}: the bounded pool of platform threads that runs SBA's, EBA's and
 *       ENBA's turns.</li>
 * </ul>
 *
 * <p>Threads: the sinks, and through them the body writers, are called by the algorithm on the thread that runs a
 * download's turn (a worker, a virtual thread, or the thread that ran the previous write's callback), one write in
 * flight at a time, the head's included (the first section is queued from the head's completion), so Grizzly's
 * write queue never holds a buffer with a file chunk of ours right behind it, the case in which Grizzly 5.0.2 loses
 * the chunk (h2c met it when it sent DATA payloads by sendfile: docs/http2.md, "Zero-copy on h2c"; guarded by
 * FullSocketOrderTest). Grizzly tells a write's end on that thread or a selector thread. Nothing blocks but
 * {@code writeBlocking} (SBA's and EBA's workers, waiting in poll(2); VTA's virtual threads, parked by the JDK's
 * poller). {@code clientGone} is asked by the scheduler's
 * sweeper thread; a {@code SendfileSession} is closed by whichever thread ends its download (a send in flight is
 * waited for); a {@code ConnectionSocket} is made by the first writer (or corker) of its connection and told of the
 * connection's close on the thread that closes it (it waits for a send or cork in flight). A {@code DownloadHold} is begun on the thread
 * that read the request, asked by the thread that reads the connection, and ended by the thread that ends the
 * download, which then gives a read event it held back to the selector and passes a TLS record it held on.
 */
package dev.gsf.server.send;
