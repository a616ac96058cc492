package dev.gsf.micro.common;

import java.io.File;

/** Optional external tools (sockperf, nc): used when on PATH, skipped with a note otherwise. */
public final class Programs {
    private Programs() {
    }

    public static boolean onPath(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (new File(dir, name).canExecute()) {
                return true;
            }
        }
        return false;
    }
}
