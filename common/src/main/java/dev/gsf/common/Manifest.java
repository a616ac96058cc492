package dev.gsf.common;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A file list in md5sum's format ({@code <md5>  <name>}), so that {@code md5sum -c MD5SUMS} checks it. */
public record Manifest(List<Entry> entries) {
    private static final Pattern LINE = Pattern.compile("([0-9a-fA-F]{32}) [ *](.+)");

    /** One file: its name relative to the manifest's directory and its expected MD5 (lowercase hex). */
    public record Entry(String name, String md5) {
    }

    public Manifest {
        entries = List.copyOf(entries);
    }

    /** Reads a manifest; a malformed line is an error naming the file and line number. */
    public static Manifest read(Path file) throws IOException {
        List<Entry> entries = new ArrayList<>();
        List<String> lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            Matcher m = LINE.matcher(line);
            if (!m.matches()) {
                throw new IOException(file + ":" + (i + 1) + ": not an md5sum line ('<32 hex digits>  <name>'): "
                        + line);
            }
            entries.add(new Entry(m.group(2), m.group(1).toLowerCase()));
        }
        if (entries.isEmpty()) {
            throw new IOException(file + ": lists no files");
        }
        return new Manifest(entries);
    }

    /** Computes the manifest of the given files of a directory. */
    public static Manifest of(Path directory, List<String> names) throws IOException {
        List<Entry> entries = new ArrayList<>();
        for (String name : names) {
            entries.add(new Entry(name, FileSet.md5(directory.resolve(name))));
        }
        return new Manifest(entries);
    }

    public void write(Path file) throws IOException {
        StringBuilder text = new StringBuilder();
        for (Entry e : entries) {
            text.append(e.md5()).append("  ").append(e.name()).append('\n');
        }
        Files.writeString(file, text);
    }
}
