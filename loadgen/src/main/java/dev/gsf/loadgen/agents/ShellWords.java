package dev.gsf.loadgen.agents;

import java.util.List;
import java.util.stream.Collectors;

/** Quotes words for a POSIX shell: what ssh hands the remote shell is one command line, not an argument list. */
final class ShellWords {
    private ShellWords() {
    }

    /** Each word in single quotes (a quote inside as '\''), joined by spaces. */
    static String join(List<String> words) {
        return words.stream().map(ShellWords::quote).collect(Collectors.joining(" "));
    }

    static String quote(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
