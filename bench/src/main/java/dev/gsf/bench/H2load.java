package dev.gsf.bench;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * nghttp2's h2load (Debian package {@code nghttp2-client}) as the independent HTTP/2 {@link LoadClient}, as wrk is
 * for HTTP/1.1: h2c by prior knowledge for http://, ALPN h2 for https://, {@code streams} concurrent streams per
 * connection ({@code -m}), 2 threads (or one per client CPU when pinned), for a fixed time ({@code -D}). Its own
 * figures: requests that succeeded (2xx), every byte it received (frames included), failed and timed-out requests
 * as errors. h2load reports no percentiles, only min, max, mean and sd of the request times.
 */
public final class H2load implements LoadClient {
    private static final Pattern FINISHED = Pattern.compile("finished in ([\\d.]+)(us|ms|s|m),");
    private static final Pattern REQUESTS = Pattern.compile(
            "requests: (\\d+) total, (\\d+) started, (\\d+) done, (\\d+) succeeded, (\\d+) failed, (\\d+) errored,"
                    + " (\\d+) timeout");
    private static final Pattern TRAFFIC = Pattern.compile("traffic: \\S+ \\((\\d+)\\) total");
    /** The h2load runs: -m10. */
    static final int DEFAULT_STREAMS = 10;

    private final int threads;
    private final int streams;

    H2load(int threads, int streams) {
        this.threads = threads;
        this.streams = streams;
    }

    /** One thread per client CPU when {@code pin} is on, else 2. */
    static H2load pinned(Pinning pin, int streams) {
        return new H2load(pin.on() ? pin.clientCores() : 2, streams);
    }

    @Override
    public String name() {
        return "h2load";
    }

    @Override
    public Result run(String url, int connections, Duration duration) throws IOException {
        int c = Math.max(connections, threads); // h2load wants at least one connection per thread
        return parse(ToolOutput.of(List.of("h2load", "-t" + threads, "-c" + c, "-m" + streams,
                "-D", Long.toString(Math.max(1, duration.toSeconds())), url), duration));
    }

    static Result parse(String output) throws IOException {
        Matcher finished = FINISHED.matcher(output);
        Matcher requests = REQUESTS.matcher(output);
        Matcher traffic = TRAFFIC.matcher(output);
        if (!finished.find() || !requests.find() || !traffic.find()) {
            throw new IOException("cannot read h2load's output: " + output);
        }
        double seconds = Wrk.seconds(finished.group(1), finished.group(2));
        long succeeded = Long.parseLong(requests.group(4));
        long errors = Long.parseLong(requests.group(5)) + Long.parseLong(requests.group(7));
        return new Result(succeeded, Long.parseLong(traffic.group(1)), seconds, errors);
    }
}
