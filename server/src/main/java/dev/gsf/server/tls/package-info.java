/**
 * HTTPS on a port of its own: everything that knows about TLS records, SSL engines and Grizzly's SSL filter.
 *
 * <ul>
 *   <li>{@link dev.gsf.server.tls.TlsPort}: the HTTPS listener, Grizzly's {@code SSLBaseFilter} below the same filters
 *       and handler as the plain port, with what guards it against clients that never finish a handshake
 *       ({@code HandshakeTimeout}) or speak plain HTTP to it (a filter the server's wiring gives it, the HTTP layer's
 *       {@code PlainHttpRefusal}: nothing here reads HTTP), and that sends a failed handshake's alert before the
 *       close ({@code HandshakeAlerts}). {@code RecordSplitter}, just below the SSL filter, gives it the last record
 *       of a read after the others (all at once on HTTP/2), so that a client's close_notify right behind its
 *       request (a TLS half-close) is unwrapped only once the request is answered (a record that comes up while a
 *       plain GET's download is held waits for its end: {@code dev.gsf.server.send.DownloadHold});
 *       {@code TlsClose} closes a connection whose client sent its close_notify once that read is done with (a FIN
 *       may not follow until the server's), sends the server's close_notify before a graceful close's FIN and reads
 *       away what the client sent unread.</li>
 *   <li>{@link dev.gsf.server.tls.PemFiles} (the certificate chain and key read from PEM files) and
 *       {@link dev.gsf.server.tls.TlsEngines} (the SSL engine every new connection gets, renewed by a reload, released
 *       when its connection closes), from the provider {@code tls-provider} chose: {@code OpenSslEngines} (BoringSSL
 *       through Netty's reference-counted engine, which {@code BoringEngine} adapts to Grizzly's handshake loop) or
 *       {@code JdkEngines} (the JDK's).</li>
 *   <li>{@link dev.gsf.server.tls.TlsWrites}: the {@link dev.gsf.server.send.BodyWriter} of a download on a TLS
 *       connection. Sendfile cannot carry records, so a section is read piece by piece and encrypted with the
 *       connection's engine into pooled record buffers ({@code TlsRecords}; direct ones for BoringSSL, heap ones for
 *       the JDK's engines, from {@code RecordBuffers}), queued below the SSL filter. Every other write after the
 *       handshake (a response head and the small body sent with it, Grizzly's own answers, HTTP/2's frames) takes
 *       the same record path: the port's SSL filter is {@code RecordFilter}, Grizzly's with its writes overridden
 *       (and its reads after a connection's first, which land in the transport's pooled buffer).
 *       The engine seals views of such a write's buffers, never the buffers themselves: the last record's end hands
 *       them back to their owner (a pool another connection's write takes from), so nothing of a write is touched
 *       once its records are queued.
 *       {@code BoringEngine} seals a write of several buffers as one record ({@code GatheredPlain}), as the JDK's
 *       engine does. Handshakes go through Grizzly's own wrap, whose last record buffer {@code FilterRecords} lets go
 *       of.</li>
 *   <li>{@code KernelTls} only probes for kernel TLS; docs/tls.md has the design, and kernel TLS on paper.</li>
 * </ul>
 *
 * <p>Threads: the port is set up on the thread that starts the server; a reload reads and swaps the certificate on its
 * own thread (main, the signal thread, an admin thread), and gives the old BoringSSL context back there. Grizzly's
 * selector threads make each connection's engine, run its handshake and call the handshake listeners (which tie the
 * engine's release to its connection's close, and queue a failed one's alert) and the probes; {@code TlsClose} runs on
 * the thread that closes a connection, in the close listener that releases the engine, before it;
 * {@code RecordFilter} seals a write on the thread that wrote it into the filter chain (a selector thread, a worker, a
 * virtual thread), under the connection's lock; the record splitter runs where the connection's filter chain runs (a
 * selector thread, or the thread a suspended or held download resumes it on), and so does the close after a client's
 * close_notify, where that read's processing ends;
 * an engine is released on the thread that closes its connection (a selector thread, the timer, a worker, the stopping
 * thread); the one {@code gsf-tls-handshake-timeout} thread closes connections whose handshake ran out of time. A
 * download's {@code TlsWrites} runs on the thread the algorithm chose (a worker, a virtual thread), its next pieces on
 * the thread that saw the previous one written (often a selector thread), and its {@code writeBlocking} waits on the
 * calling thread; records are wrapped and queued under the connection's lock, the one the SSL filter takes for the
 * same. Nothing else here blocks.
 */
package dev.gsf.server.tls;
