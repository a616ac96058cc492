package dev.gsf.server.admin;

import dev.gsf.report.Json;
import dev.gsf.server.config.ConfigException;
import dev.gsf.server.config.ConfigFile;
import dev.gsf.server.config.Reload;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;

/**
 * {@code POST /admin/config}: the body is key values in the properties format, as in the {@code --config} file; the
 * running configuration with those keys changed is applied as a SIGHUP reload applies the file ({@link Reload}: the
 * start-up line printed again). Answers 200 with the changed keys and the configuration now in force as JSON, or 400
 * naming the key when the body is invalid or changes a key that needs a restart; then nothing of it applies.
 *
 * <p>Runs on an admin listener thread; a reload builds a worker pool, which takes milliseconds.
 */
final class ConfigRoute {
    /** A config file is a few hundred bytes; a body beyond this is refused unread. */
    static final int MAX_BODY = 64 * 1024;

    /** The answer of an applied reload: the keys that changed (none: nothing did) and every key's value now. */
    record Applied(List<String> changed, Map<String, String> configuration) {
    }

    private final RunningServer server;
    private final Reload reload;

    ConfigRoute(RunningServer server) {
        this.server = server;
        this.reload = Reload.toConsole(server);
    }

    void handle(Request request, Response response) throws IOException {
        byte[] body;
        try (InputStream in = request.getInputStream()) {
            body = in.readNBytes(MAX_BODY + 1);
        }
        if (body.length > MAX_BODY) {
            AdminListener.answer(response, 413, "the body is over " + MAX_BODY + " bytes; send the keys to change");
            return;
        }
        String text = new String(body, StandardCharsets.UTF_8);
        List<String> changed = List.of();
        String refused = null;
        // One at a time: the next configuration is the running one changed, which a concurrent request may replace.
        synchronized (this) {
            try {
                changed = reload.apply(() -> server.config().with(
                        ConfigFile.read(new StringReader(text), "the request body")))
                        .stream().map(key -> key.name).toList();
            } catch (ConfigException e) {
                refused = e.getMessage();
            }
        }
        if (refused != null) {
            AdminListener.answer(response, 400, refused);
            return;
        }
        response.setContentType("application/json");
        AdminListener.write(response, Json.write(new Applied(changed, server.config().asText())));
    }
}
