/**
 * HTTPS on a port of its own: the certificate chain and key read from PEM files ({@link dev.gsf.server.tls.PemFiles}),
 * the SSL engines that every new connection gets and that a reload renews ({@link dev.gsf.server.tls.TlsEngines}),
 * and what guards the port against clients that never finish a handshake or speak plain HTTP to it
 * ({@link dev.gsf.server.tls.HandshakeTimeout}, {@link dev.gsf.server.tls.PlainHttpRefusal}); the listener is
 * {@link dev.gsf.server.tls.TlsPort}. Handshakes and response heads are encrypted by Grizzly's {@code SSLBaseFilter}
 * in the port's filter chain, whose last record buffer {@link dev.gsf.server.tls.FilterRecords} lets go of; download
 * bodies are encrypted below it by the write sinks of {@code dev.gsf.server.send}. docs/tls.md has the
 * design, and kernel TLS on paper ({@link dev.gsf.server.tls.KernelTls} only probes for it).
 */
package dev.gsf.server.tls;
