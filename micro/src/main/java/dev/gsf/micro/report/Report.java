package dev.gsf.micro.report;

import dev.gsf.report.Json;
import dev.gsf.report.Page;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** What a micro-test hands back: the text tables, the JSON document and the HTML page; written side by side. */
public record Report(String text, MicroResults results, Page html) {

    /** The usual report: the notes, then one table, as text and as the page's first content (charts follow). */
    public static Report of(MicroResults results, Page html, List<String> notes, String table) {
        notes.forEach(html::paragraph);
        html.pre(table);
        return new Report(String.join("\n", notes) + "\n\n" + table, results, html);
    }

    /** Writes NAME.txt, NAME.json and NAME.html into the directory (NAME is the command) and says where they are. */
    public void write(Path dir, PrintStream out) throws IOException {
        Files.createDirectories(dir);
        Path txt = dir.resolve(results.command() + ".txt");
        Path json = dir.resolve(results.command() + ".json");
        Path page = dir.resolve(results.command() + ".html");
        Files.writeString(txt, text);
        Json.write(json, results);
        html.write(page);
        out.println("wrote " + txt + ", " + json + ", " + page);
    }
}
