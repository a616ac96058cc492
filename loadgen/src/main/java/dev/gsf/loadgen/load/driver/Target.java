package dev.gsf.loadgen.load.driver;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;

/**
 * The server under load: where to connect, the Host header, and the path prefix that file names are appended to.
 *
 * @param host     host name or address, as given
 * @param port     TCP port
 * @param basePath path prefix ending in '/'
 * @param tls      https: every connection speaks TLS first
 */
public record Target(String host, int port, String basePath, boolean tls) {

    /** Parses --url, http or https. Every problem is an IllegalArgumentException saying what is wrong. */
    public static Target parse(String url) {
        URI uri;
        try {
            uri = new URI(url.trim());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("--url '" + url + "' is not a URL: " + e.getReason()
                    + " (example: http://127.0.0.1:8080/)");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(java.util.Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new IllegalArgumentException("--url '" + url + "': only http:// and https:// URLs are supported"
                    + " (example: http://127.0.0.1:8080/)");
        }
        boolean tls = scheme.equals("https");
        if (uri.getHost() == null) {
            throw new IllegalArgumentException("--url '" + url + "' has no host (example: http://127.0.0.1:8080/)");
        }
        if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw new IllegalArgumentException("--url '" + url + "': give the directory only, without ?query or #fragment");
        }
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        if (!path.endsWith("/")) {
            path = path + "/";
        }
        int port = uri.getPort() >= 0 ? uri.getPort() : tls ? 443 : 80;
        return new Target(unbracketed(uri.getHost()), port, path, tls);
    }

    /** URI keeps an IPv6 literal's brackets; the address and SNI want it bare. */
    private static String unbracketed(String host) {
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }

    /** Resolves the host; an unknown host is an IllegalArgumentException. */
    public InetSocketAddress resolve() {
        InetSocketAddress address = new InetSocketAddress(host, port);
        if (address.isUnresolved()) {
            throw new IllegalArgumentException("--url: cannot resolve host '" + host + "'");
        }
        return address;
    }

    /** The request line and headers that fetch one file, as bytes ready to write. */
    public byte[] request(String method, String fileName, boolean close) {
        return request(method, fileName, close, null);
    }

    /** The same, with a Range header of this value (e.g. {@code bytes=0-99}) unless it is null. */
    public byte[] request(String method, String fileName, boolean close, String range) {
        String hostHeader = host.contains(":") ? "[" + host + "]" : host;
        String text = method + " " + basePath + encodePath(fileName) + " HTTP/1.1\r\n"
                + "Host: " + hostHeader + ":" + port + "\r\n"
                + "User-Agent: gsf-load\r\n"
                + (close ? "Connection: close\r\n" : "")
                + (range != null ? "Range: " + range + "\r\n" : "")
                + "\r\n";
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** Percent-encodes what may not appear raw in a request path; '/' stays, so names may hold sub-directories. */
    static String encodePath(String name) {
        StringBuilder out = new StringBuilder();
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || "-._~/".indexOf(c) >= 0) {
                out.append(c);
            } else {
                out.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 15, 16)));
            }
        }
        return out.toString();
    }

    @Override
    public String toString() {
        return (tls ? "https://" : "http://") + (host.contains(":") ? "[" + host + "]" : host) + ":" + port + basePath;
    }
}
