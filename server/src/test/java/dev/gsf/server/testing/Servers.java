package dev.gsf.server.testing;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.common.TestFiles;
import dev.gsf.server.FileServer;
import dev.gsf.server.config.ServerConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** Starts real servers on an ephemeral loopback port for tests. */
public final class Servers {
    private Servers() {
    }

    /**
     * A server on 127.0.0.1:0 serving {@code root} with the given algorithm; {@code keyValues} are further config
     * keys and values, alternating (e.g. "workers", "2").
     */
    public static FileServer start(Path root, Algorithm algorithm, String... keyValues) throws IOException {
        return FileServer.start(config(root, algorithm, keyValues));
    }

    /** A server as {@link #start(Path, Algorithm, String...)} serving the generated file set every test shares. */
    public static FileServer start(Algorithm algorithm, String... keyValues) throws IOException {
        return start(TestFiles.fileSet(), algorithm, keyValues);
    }

    /** The configuration {@link #start} serves with. */
    public static ServerConfig config(Path root, Algorithm algorithm, String... keyValues) {
        Map<String, String> values = new HashMap<>();
        values.put("root", root.toString());
        values.put("port", "0");
        values.put("algorithm", algorithm.name());
        for (int i = 0; i < keyValues.length; i += 2) {
            values.put(keyValues[i], keyValues[i + 1]);
        }
        return ServerConfig.from(values);
    }
}
