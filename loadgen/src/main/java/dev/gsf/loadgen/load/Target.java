package dev.gsf.loadgen.load;

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
 */
public record Target(String host, int port, String basePath) {

    /** Parses --url; only plain http is spoken. Every problem is an IllegalArgumentException saying what is wrong. */
    public static Target parse(String url) {
        URI uri;
        try {
            uri = new URI(url.trim());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("--url '" + url + "' is not a URL: " + e.getReason()
                    + " (example: http://127.0.0.1:8080/)");
        }
        if (uri.getScheme() == null || !uri.getScheme().equalsIgnoreCase("http")) {
            throw new IllegalArgumentException("--url '" + url + "': only http:// URLs are supported"
                    + " (example: http://127.0.0.1:8080/)");
        }
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
        return new Target(uri.getHost(), uri.getPort() < 0 ? 80 : uri.getPort(), path);
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
        String hostHeader = host.contains(":") ? "[" + host + "]" : host;
        String text = method + " " + basePath + encodePath(fileName) + " HTTP/1.1\r\n"
                + "Host: " + hostHeader + ":" + port + "\r\n"
                + "User-Agent: gsf-load\r\n"
                + (close ? "Connection: close\r\n" : "")
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
        return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port + basePath;
    }
}
