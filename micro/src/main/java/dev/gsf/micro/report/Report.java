package dev.gsf.micro.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** What a micro-test hands back: the text tables, a JSON tree and the HTML page; written side by side. */
public record Report(String name, String text, Object json, HtmlPage html) {

    /** Writes NAME.txt, NAME.json and NAME.html into the directory and says where they are. */
    public void write(Path dir, PrintStream out) throws IOException {
        Files.createDirectories(dir);
        Path txt = dir.resolve(name + ".txt");
        Path json = dir.resolve(name + ".json");
        Path page = dir.resolve(name + ".html");
        Files.writeString(txt, text);
        Files.writeString(json, Json.write(this.json));
        Files.writeString(page, html.render());
        out.println("wrote " + txt + ", " + json + ", " + page);
    }
}
