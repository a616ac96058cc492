package dev.gsf.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gsf.algorithms.Algorithm;
import dev.gsf.server.FileServer;
import dev.gsf.server.testing.Servers;
import dev.gsf.server.testing.Transport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Directories as nginx answers them: 301 to the path with '/', the index file, 403 without index or listing, and
 * the listings (autoindex=html|json) with every name escaped; hidden names and links leading outside the root are
 * not listed. Every algorithm over HTTP, three over HTTPS.
 */
@ParameterizedClass(name = "{0} {1}")
@MethodSource("dev.gsf.server.testing.Variants#algorithmsAndTransport")
class DirectoryTest {
    /** Names a listing must escape: markup, quotes, an ampersand, a newline, a space, non-ASCII. */
    private static final List<String> AWKWARD = List.of("a<b>.txt", "q\"uote'", "amp&x", "new\nline", "sp ace",
            "caf\u00e9");
    @TempDir
    static Path root;
    @TempDir
    static Path outside;
    @Parameter(0)
    Algorithm algorithm;
    @Parameter(1)
    Transport transport;
    /** The servers of the running invocation, one per configuration, started when first asked for. */
    private static final Map<String, FileServer> SERVERS = new ConcurrentHashMap<>();
    private HttpClient client;

    @BeforeAll
    static void writeFiles() throws IOException {
        Path site = Files.createDirectories(root.resolve("site"));
        Files.writeString(site.resolve("index.html"), "<p>home</p>\n");
        Path list = Files.createDirectories(root.resolve("list"));
        for (String name : AWKWARD) {
            Files.writeString(list.resolve(name), name);
        }
        Files.writeString(list.resolve(".hidden"), "secret");
        Files.createDirectories(list.resolve("sub"));
        Files.writeString(outside.resolve("passwd"), "root:x:0:0\n");
        Files.createSymbolicLink(list.resolve("out"), outside.resolve("passwd"));
    }

    /**
     * The server of this algorithm and transport with these config keys: one per invocation and configuration, shared
     * by its cases, as no case changes a server (one per case and per link followed made this class start 80).
     */
    private FileServer server(String... keys) {
        return SERVERS.computeIfAbsent(key(algorithm, transport) + String.join(" ", keys), k -> {
            try {
                return Servers.start(root, algorithm, transport.keys(keys));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    private static String key(Algorithm algorithm, Transport transport) {
        return algorithm + " " + transport + ":";
    }

    @AfterEach
    void closeClient() {
        if (client != null) {
            client.close();
        }
    }

    @AfterParameterizedClassInvocation
    static void stopServers(Algorithm algorithm, Transport transport) {
        SERVERS.entrySet().removeIf(e -> {
            boolean ours = e.getKey().startsWith(key(algorithm, transport));
            if (ours) {
                e.getValue().close();
            }
            return ours;
        });
    }

    private HttpResponse<String> get(FileServer server, String path) throws Exception {
        if (client == null) {
            client = transport.client(); // follows no redirect: the 301 itself is checked
        }
        return client.send(HttpRequest.newBuilder(transport.uri(server, path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aDirectoryRedirectsToItsSlash_servesItsIndex_andIs403WithoutOne() throws Exception {
        FileServer server = server();
        HttpResponse<String> moved = get(server, "/site?x=1");
        assertThat(moved.statusCode()).isEqualTo(301);
        assertThat(moved.headers().firstValue("Location")).contains("/site/?x=1");
        HttpResponse<String> index = get(server, "/site/");
        assertThat(index.statusCode()).isEqualTo(200);
        assertThat(index.body()).isEqualTo("<p>home</p>\n");
        assertThat(index.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/html");
        assertThat(get(server, "/list/").statusCode()).as("autoindex off").isEqualTo(403);
        assertThat(get(server, "/").statusCode()).isEqualTo(403);
        assertThat(get(server("index", ""), "/site/").statusCode()).as("index off").isEqualTo(403);
    }

    @Test
    void theHtmlListingEscapesEveryName_andListsNoHiddenNameNorLinkOutside() throws Exception {
        HttpResponse<String> r = get(server("autoindex", "html"), "/list/");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).contains("text/html; charset=utf-8");
        String page = r.body();
        assertThat(page).contains("<a href=\"a%3Cb%3E.txt\">a&lt;b&gt;.txt</a>")
                .contains("<a href=\"q%22uote%27\">q&quot;uote&#39;</a>")
                .contains("<a href=\"amp%26x\">amp&amp;x</a>")
                .contains("<a href=\"new%0Aline\">new&#xa;line</a>")
                .contains("<a href=\"sp%20ace\">sp ace</a>")
                .contains("<a href=\"caf%C3%A9\">caf\u00e9</a>")
                .contains("<a href=\"sub/\">sub/</a>")
                .contains("<a href=\"../\">../</a>")
                .doesNotContain("hidden").doesNotContain("\"out\"").doesNotContain("<b>");
        for (String name : AWKWARD) {
            String href = "/list/" + Listings.percentEncode(name);
            assertThat(get(server(), href).body()).as("the link leads to the file").isEqualTo(name);
        }
    }

    @Test
    void theJsonListingNamesEveryEntryWithTypeMtimeAndSize() throws Exception {
        HttpResponse<String> r = get(server("autoindex", "json"), "/list/");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).contains("application/json");
        JsonNode entries = new ObjectMapper().readTree(r.body());
        List<String> names = new ArrayList<>();
        for (JsonNode entry : entries) {
            names.add(entry.get("name").asText());
            assertThat(entry.get("mtime").asText()).endsWith(" GMT");
            if (entry.get("name").asText().equals("sub")) {
                assertThat(entry.get("type").asText()).isEqualTo("directory");
                assertThat(entry.has("size")).isFalse();
            } else {
                assertThat(entry.get("type").asText()).isEqualTo("file");
                assertThat(entry.get("size").asLong()).isEqualTo(entry.get("name").asText().getBytes().length);
            }
        }
        List<String> expected = new ArrayList<>(AWKWARD);
        expected.add("sub");
        assertThat(names).containsExactlyInAnyOrderElementsOf(expected);
    }
}
