package dev.gsf.loadgen.load.driver;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;

/**
 * How a run's connections are made: TLS for an https target, and the local addresses they are bound to. Immutable.
 *
 * @param tls     how connections speak TLS, null for plain http
 * @param sources local addresses (port 0) that connections take in turn, as Gatling's localAddresses; empty for the
 *                system's choice. One source address reaches one destination through at most the ephemeral port
 *                range's ports (28,232 here), so more sources allow more connections to one server.
 * @param http2   --http2: streams per connection and windows; null for HTTP/1.1
 */
public record Connecting(TlsClient tls, List<InetSocketAddress> sources, Http2Options http2) {

    public Connecting {
        sources = List.copyOf(sources);
        if (http2 != null && tls != null && !tls.offersH2()) {
            tls = tls.http2();
        }
    }

    /** HTTP/1.1 connections. */
    public Connecting(TlsClient tls, List<InetSocketAddress> sources) {
        this(tls, sources, null);
    }

    /** The same connections speaking HTTP/2 with these options (ALPN h2 for https). */
    public Connecting http2(Http2Options options) {
        return new Connecting(tls, sources, options);
    }

    /** Plain http, or https trusting the JDK's trust store; the system chooses the source address. */
    public static Connecting of(Target target) {
        return new Connecting(target.tls() ? TlsClient.of(target, null, false) : null, List.of());
    }

    /**
     * Parses --source-address: comma-separated IP addresses of this host. An address that is not one, or (when
     * {@code bindHere}) that this host cannot bind (not local), is an IllegalArgumentException naming it.
     */
    public static List<InetSocketAddress> sources(String list, boolean bindHere) {
        List<InetSocketAddress> sources = new ArrayList<>();
        for (String part : list.split(",", -1)) {
            String literal = part.strip();
            if (literal.isEmpty() || !(literal.contains(":") || literal.matches("[0-9.]+"))) {
                throw new IllegalArgumentException("'" + literal + "' is not an IP address (example: 127.0.0.2,127.0.0.3)");
            }
            InetSocketAddress source;
            try {
                source = new InetSocketAddress(InetAddress.getByName(literal), 0); // a literal: no name lookup
            } catch (UnknownHostException e) {
                throw new IllegalArgumentException("'" + literal + "' is not an IP address", e);
            }
            if (bindHere) {
                try (SocketChannel probe = SocketChannel.open()) {
                    probe.bind(source);
                } catch (IOException e) {
                    throw new IllegalArgumentException(literal + " is not an address of this host (" + e.getMessage()
                            + ")", e);
                }
            }
            sources.add(source);
        }
        return sources;
    }
}
