package dev.gsf.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The wrk HTTP benchmark (Debian package {@code wrk}) as a {@link LoadClient}: 2 threads, one per core here, or one
 * per client CPU when pinned.
 */
public final class Wrk implements LoadClient {
    private static final Pattern TOTALS = Pattern.compile("(\\d+) requests in ([\\d.]+)(us|ms|s|m), ([\\d.]+)([KMGT]?B) read");
    private static final Pattern ERRORS = Pattern.compile(
            "Socket errors: connect (\\d+), read (\\d+), write (\\d+), timeout (\\d+)");
    private static final Pattern NON_2XX = Pattern.compile("Non-2xx or 3xx responses: (\\d+)");

    private final int threads;

    public Wrk() {
        this(2);
    }

    /** wrk with {@code threads} threads ({@code -t}). */
    Wrk(int threads) {
        this.threads = threads;
    }

    /** One thread per client CPU when {@code pin} is on, else 2. */
    static Wrk pinned(Pinning pin) {
        return new Wrk(pin.on() ? pin.clientCores() : 2);
    }

    static boolean isInstalled() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Path.of(dir, "wrk"))) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String name() {
        return "wrk";
    }

    @Override
    public Result run(String url, int connections, Duration duration) throws IOException {
        return parse(ToolOutput.of(List.of("wrk", "-t" + threads, "-c" + connections, "-d" + duration.toSeconds() + "s",
                "--timeout", "30s", url), duration));
    }

    /** A duration as wrk and h2load print it: a number and us, ms, s or m. */
    static double seconds(String number, String unit) {
        return Double.parseDouble(number) * switch (unit) {
            case "us" -> 1e-6;
            case "ms" -> 1e-3;
            case "m" -> 60;
            default -> 1;
        };
    }

    static Result parse(String output) throws IOException {
        Matcher totals = TOTALS.matcher(output);
        if (!totals.find()) {
            throw new IOException("cannot read wrk's output: " + output);
        }
        double seconds = seconds(totals.group(2), totals.group(3));
        double bytes = Double.parseDouble(totals.group(4)) * switch (totals.group(5)) {
            case "KB" -> 1024.0;
            case "MB" -> 1024.0 * 1024;
            case "GB" -> 1024.0 * 1024 * 1024;
            case "TB" -> 1024.0 * 1024 * 1024 * 1024;
            default -> 1;
        };
        long errors = 0;
        Matcher socketErrors = ERRORS.matcher(output);
        if (socketErrors.find()) {
            for (int i = 1; i <= 4; i++) {
                errors += Long.parseLong(socketErrors.group(i));
            }
        }
        Matcher non2xx = NON_2XX.matcher(output);
        if (non2xx.find()) {
            errors += Long.parseLong(non2xx.group(1));
        }
        return new Result(Long.parseLong(totals.group(1)), (long) bytes, seconds, errors);
    }
}
