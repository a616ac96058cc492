package dev.gsf.server.admin;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.algorithms.AlgorithmStats;
import dev.gsf.server.config.Reconfigurable;
import dev.gsf.server.ops.ActiveDownload;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What the admin listener reads of the file server it watches, and changes through {@link Reconfigurable}: the
 * server implements it, and the admin package never sees the server's class. Called on the admin listener's threads
 * and JMX's; nothing here blocks.
 */
public interface RunningServer extends Reconfigurable {

    /** The file port actually bound. */
    int port();

    /** host:port as a client would dial it. */
    String address();

    Instant startedAt();

    /** Counters since start by algorithm, each summed over every generation that ran it. */
    Map<Algorithm, AlgorithmStats.Snapshot> algorithmStatsByKind();

    /** Workers running a turn right now, over every worker pool still running. */
    int busyWorkers();

    /** Threads of every worker pool still running. */
    int workerThreads();

    /** Files held open now by the open-file cache and by downloads. */
    int openFiles();

    /** Client connections open on the file port. */
    int connectionsOpen();

    /** Of {@link #connectionsOpen}, those speaking HTTP/2. */
    int http2ConnectionsOpen();

    /** Requests that came over HTTP/2 (its streams) since start. */
    long http2Streams();

    /** The downloads in progress now (those waiting for a first turn too), oldest first. */
    List<ActiveDownload> downloadsInProgress();

    /** Counts the bytes downloads in progress have sent so far into the sent-bytes meter; before metrics are read. */
    void reportDownloadProgress();
}
