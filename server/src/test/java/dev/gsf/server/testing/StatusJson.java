package dev.gsf.server.testing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gsf.report.Json;
import dev.gsf.server.FileServer;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

/** /admin/status?format=json of a running server, read back as a tree. */
public record StatusJson(JsonNode json) {

    public static StatusJson read(FileServer server) throws IOException, InterruptedException {
        HttpResponse<String> response = AdminScrape.get(server.adminPort().orElseThrow(), "/admin/status?format=json");
        if (response.statusCode() != 200) {
            throw new AssertionError("/admin/status answered " + response.statusCode() + ": " + response.body());
        }
        return new StatusJson(Json.tree(response.body()));
    }

    public List<JsonNode> downloads() {
        List<JsonNode> downloads = new ArrayList<>();
        json.path("downloads").forEach(downloads::add);
        return downloads;
    }
}
