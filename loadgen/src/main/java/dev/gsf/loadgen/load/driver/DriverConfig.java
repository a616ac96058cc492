package dev.gsf.loadgen.load.driver;

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
 */
public record DriverConfig(InetSocketAddress address, Workload workload, byte[][] requests,
                           Expectation[] expectations, byte[][] md5s, long rate, long burst, int receiveBuffer,
                           long timeoutNanos, ThinkTime think, TlsClient tls, List<InetSocketAddress> sources) {

    public DriverConfig {
        sources = List.copyOf(sources);
    }

    public static DriverConfig of(Target target, InetSocketAddress address, Workload workload,
                                  List<Expectation> expectations, long rate, long burst, int receiveBuffer,
                                  long timeoutNanos, ThinkTime think, Connecting connecting) {
        int n = workload.files().size();
        byte[][] requests = new byte[n][];
        byte[][] md5s = new byte[n][];
        for (int i = 0; i < n; i++) {
            requests[i] = target.request("GET", workload.files().get(i).name(), false);
            md5s[i] = HexFormat.of().parseHex(workload.files().get(i).md5());
        }
        return new DriverConfig(address, workload, requests, expectations.toArray(Expectation[]::new), md5s, rate,
                burst, receiveBuffer, timeoutNanos, think, connecting.tls(), connecting.sources());
    }

    public int fileCount() {
        return requests.length;
    }
}
