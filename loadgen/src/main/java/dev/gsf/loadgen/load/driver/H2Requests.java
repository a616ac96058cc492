package dev.gsf.loadgen.load.driver;

import dev.gsf.loadgen.load.h2.H2Codec;
import dev.gsf.loadgen.load.workload.RangeSet;
import dev.gsf.loadgen.load.workload.RangeSets;
import dev.gsf.loadgen.load.workload.Workload;
import org.eclipse.jetty.http.MetaData;

/**
 * What every --http2 client of a run shares: the options and each file's request head (with --ranges, one per
 * range variant, in {@link DriverConfig#range}'s order), made once. Immutable after construction; read by every
 * event loop (the encoder of each connection only reads the heads).
 *
 * @param options  --streams and --h2-window
 * @param requests per file: its request heads, one without --ranges, else one per range variant
 */
record H2Requests(Http2Options options, MetaData.Request[][] requests) {

    static H2Requests of(Http2Options options, Target target, Workload workload, RangeSets ranges) {
        int n = workload.files().size();
        MetaData.Request[][] requests = new MetaData.Request[n][];
        String scheme = target.tls() ? "https" : "http";
        String authority = (target.host().contains(":") ? "[" + target.host() + "]" : target.host()) + ":"
                + target.port();
        for (int i = 0; i < n; i++) {
            String path = target.basePath() + Target.encodePath(workload.files().get(i).name());
            RangeSet[] sets = ranges == null ? new RangeSet[] {null} : ranges.of(i);
            requests[i] = new MetaData.Request[sets.length];
            for (int v = 0; v < sets.length; v++) {
                requests[i][v] = H2Codec.request("GET", scheme, authority, path,
                        sets[v] == null ? null : sets[v].header());
            }
        }
        return new H2Requests(options, requests);
    }

    /** The head of a client's {@code n}-th download of file {@code file}. */
    MetaData.Request request(int file, long n) {
        MetaData.Request[] variants = requests[file];
        return variants[(int) Math.floorMod(n, (long) variants.length)];
    }

    int streams() {
        return options.streams();
    }
}
