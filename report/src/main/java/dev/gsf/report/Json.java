package dev.gsf.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.JsonGeneratorDelegate;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.deser.std.NumberDeserializers;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Every JSON file gsf writes or reads goes through here (Jackson): records, maps, lists and trees, indented.
 *
 * <p>A number that is not one (NaN: "not measured"; infinities) is written as {@code null}: the key stays, so every
 * document of a kind has the same keys, and the file stays valid JSON. Read back into a {@code double}, {@code null}
 * and an absent key become NaN again, never 0. A record read from JSON must find every one of its components.
 */
public final class Json {
    private static final ObjectMapper MAPPER = JsonMapper.builder(JsonFactory.builder()
                    .addDecorator((factory, generator) -> new NonFiniteAsNull(generator)).build())
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
            .addModule(new SimpleModule("gsf-nan").addDeserializer(Double.TYPE,
                    new NumberDeserializers.DoubleDeserializer(Double.TYPE, Double.NaN)))
            .build();

    private Json() {
    }

    /** The value as indented JSON with a final newline. */
    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The value as JSON on one line, without a newline: for a line-based handshake between processes. */
    public static String line(Object value) {
        try {
            return MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void write(Path file, Object value) throws IOException {
        Files.writeString(file, write(value), StandardCharsets.UTF_8);
    }

    public static <T> T read(Path file, Class<T> type) throws IOException {
        return MAPPER.readValue(file.toFile(), type);
    }

    public static <T> T read(String json, Class<T> type) throws IOException {
        return MAPPER.readValue(json, type);
    }

    public static JsonNode tree(Path file) throws IOException {
        return MAPPER.readTree(file.toFile());
    }

    public static JsonNode tree(String json) throws IOException {
        return MAPPER.readTree(json);
    }

    /** An empty object to build a document whose shape is not a record. */
    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    /** Turns every non-finite number into null on its way out, whichever serializer or tree node writes it. */
    private static final class NonFiniteAsNull extends JsonGeneratorDelegate {
        NonFiniteAsNull(JsonGenerator generator) {
            super(generator, false);
        }

        @Override
        public void writeNumber(double v) throws IOException {
            if (Double.isFinite(v)) {
                super.writeNumber(v);
            } else {
                writeNull();
            }
        }

        @Override
        public void writeNumber(float v) throws IOException {
            writeNumber((double) v);
        }

        @Override
        public void writeArray(double[] array, int offset, int length) throws IOException {
            writeStartArray(array, length);
            for (int i = offset; i < offset + length; i++) {
                writeNumber(array[i]);
            }
            writeEndArray();
        }
    }
}
