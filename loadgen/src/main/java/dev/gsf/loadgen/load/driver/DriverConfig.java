package dev.gsf.loadgen.load.driver;

import dev.gsf.loadgen.load.workload.RangeSet;
import dev.gsf.loadgen.load.workload.RangeSets;
import dev.gsf.loadgen.load.workload.ThinkTime;
import dev.gsf.loadgen.load.workload.Workload;
import java.net.InetSocketAddress;
import java.util.HexFormat;
import java.util.List;

/**
 * What every simulated client of a run shares, prepared once: the address, the request bytes and the expectations of
 * each file, the throttle and the timeout. Immutable; read by all event loops.
 *
 * @param address        where to connect
 * @param workload       the file mix
 * @param requests       GET request bytes per file, in workload order
 * @param expectations   checks per file, in workload order
 * @param md5s           expected digests per file
 * @param rate           bytes per second per client, 0 for unthrottled
 * @param burst          throttle bucket size
 * @param receiveBuffer  SO_RCVBUF per connection, 0 for the system default
 * @param timeoutNanos   connect timeout and the longest a download may go without progress
 * @param think          closed model: pause between downloads
 * @param tls            how https connections speak TLS, null for plain http
 * @param sources        local addresses connections are bound to in turn (port 0), empty for the system's choice
 * @param ranges         --ranges: per file, the range requests clients make in turn; null for whole files
 * @param http2          --http2: the streams, windows and request heads; null for HTTP/1.1
 */
public record DriverConfig(InetSocketAddress address, Workload workload, byte[][] requests,
                           Expectation[] expectations, byte[][] md5s, long rate, long burst, int receiveBuffer,
                           long timeoutNanos, ThinkTime think, TlsClient tls, List<InetSocketAddress> sources,
                           RangeRequest[][] ranges, H2Requests http2) {

    /** One request with a Range header and the parts its answer must hold. */
    record RangeRequest(byte[] request, RangeSet expected) {
    }

    public DriverConfig {
        sources = List.copyOf(sources);
    }

    public static DriverConfig of(Target target, InetSocketAddress address, Workload workload,
                                  List<Expectation> expectations, long rate, long burst, int receiveBuffer,
                                  long timeoutNanos, ThinkTime think, Connecting connecting, RangeSets ranges) {
        int n = workload.files().size();
        byte[][] requests = new byte[n][];
        byte[][] md5s = new byte[n][];
        for (int i = 0; i < n; i++) {
            requests[i] = target.request("GET", workload.files().get(i).name(), false);
            md5s[i] = HexFormat.of().parseHex(workload.files().get(i).md5());
        }
        return new DriverConfig(address, workload, requests, expectations.toArray(Expectation[]::new), md5s, rate,
                burst, receiveBuffer, timeoutNanos, think, connecting.tls(), connecting.sources(),
                ranges == null ? null : rangeRequests(target, workload, ranges),
                connecting.http2() == null ? null : H2Requests.of(connecting.http2(), target, workload, ranges));
    }

    private static RangeRequest[][] rangeRequests(Target target, Workload workload, RangeSets ranges) {
        RangeRequest[][] out = new RangeRequest[ranges.files()][];
        for (int i = 0; i < out.length; i++) {
            RangeSet[] sets = ranges.of(i);
            out[i] = new RangeRequest[sets.length];
            for (int v = 0; v < sets.length; v++) {
                out[i][v] = new RangeRequest(target.request("GET", workload.files().get(i).name(), false,
                        sets[v].header()), sets[v]);
            }
        }
        return out;
    }

    /** --ranges: the range request of file {@code file} for a client's {@code n}-th download; null without. */
    RangeRequest range(int file, long n) {
        if (ranges == null) {
            return null;
        }
        RangeRequest[] variants = ranges[file];
        return variants[(int) Math.floorMod(n, (long) variants.length)];
    }

    public int fileCount() {
        return requests.length;
    }
}
