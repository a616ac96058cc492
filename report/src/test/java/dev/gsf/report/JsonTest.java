package dev.gsf.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {
    record Cell(String name, double value, double[] rounds, long count) {
    }

    @Test
    void notANumberIsWrittenAsNullAndReadBackAsNaN() throws IOException {
        String json = Json.write(new Cell("a \"quoted\"\nname", Double.NaN, new double[] {1.5, Double.NaN,
            Double.POSITIVE_INFINITY}, 3));
        assertThat(json).doesNotContain("NaN", "Infinity");
        JsonNode tree = Json.tree(json);
        assertThat(tree.get("value").isNull()).isTrue();
        assertThat(tree.get("rounds").get(1).isNull()).isTrue();
        assertThat(tree.get("name").asText()).isEqualTo("a \"quoted\"\nname");
        Cell back = Json.read(json, Cell.class);
        assertThat(back.value()).isNaN();
        assertThat(back.rounds()[0]).isEqualTo(1.5);
        assertThat(back.count()).isEqualTo(3);
    }

    @Test
    void treesAndMapsGetTheSameTreatment() throws IOException {
        var object = Json.object().put("x", Double.NaN).put("y", 2.5);
        assertThat(Json.tree(Json.write(object)).get("x").isNull()).isTrue();
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("x", Double.NaN);
        map.put("list", List.of(1.0, Float.NaN));
        JsonNode tree = Json.tree(Json.write(map));
        assertThat(tree.get("x").isNull()).isTrue();
        assertThat(tree.get("list").get(1).isNull()).isTrue();
    }

    @Test
    void aRecordMissingAComponentIsAnErrorNotAZero() {
        assertThatThrownBy(() -> Json.read("{\"name\": \"a\", \"value\": 1, \"rounds\": []}", Cell.class))
                .hasMessageContaining("count");
    }
}
