package dev.gsf.server.config;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Key values in the Java properties format, as a config file ({@code --config}, re-read on SIGHUP) and the body of
 * {@code POST /admin/config} hold them: read, trimmed, and checked for unknown keys, so that a typo cannot go
 * unnoticed. The values are parsed by {@link ServerConfig#from}. Blocking only on the reader; any thread.
 */
public final class ConfigFile {
    private ConfigFile() {
    }

    /** Reads a properties file; unknown keys are errors, so a typo cannot go unnoticed. */
    public static Map<String, String> read(Path file) {
        try (Reader reader = Files.newBufferedReader(file)) {
            return read(reader, file.toString());
        } catch (IOException e) {
            throw new ConfigException("config: cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Reads key values in the properties format from {@code source}, named {@code where} in messages; unknown keys
     * are errors, so a typo cannot go unnoticed.
     *
     * @throws ConfigException for an unknown key, or when {@code source} cannot be read
     */
    public static Map<String, String> read(Reader source, String where) {
        Properties properties = new Properties();
        try {
            properties.load(source);
        } catch (IOException | IllegalArgumentException e) { // IllegalArgumentException: a malformed unicode escape
            throw new ConfigException("config: cannot read " + where + ": " + e.getMessage(), e);
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (String name : properties.stringPropertyNames()) {
            values.put(name, properties.getProperty(name).trim());
        }
        requireKnown(values.keySet(), where);
        return values;
    }

    /** Refuses a name that is no key, listing the keys; {@code where} names the source in the message. */
    static void requireKnown(Set<String> names, String where) {
        for (String name : names) {
            if (ServerConfig.Key.byName(name).isEmpty()) {
                throw new ConfigException("config: unknown key '" + name + "' in " + where + "; known keys: "
                        + Arrays.stream(ServerConfig.Key.values()).map(k -> k.name).collect(Collectors.joining(", ")));
            }
        }
    }
}
