package dev.gsf.server.admin;

import dev.gsf.algorithms.Algorithm;
import dev.gsf.algorithms.AlgorithmStats;
import dev.gsf.algorithms.Outcome;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToIntFunction;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * The server's meters as MXBeans on the platform MBean server: one {@link ServerMXBean} and one
 * {@link DownloadsMXBean} per algorithm, named with the file port so that several servers in one JVM do not clash.
 * Registered when the admin listener starts, unregistered when it stops.
 */
final class Jmx implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(Jmx.class.getName());
    private final MBeanServer beans = ManagementFactory.getPlatformMBeanServer();
    private final List<ObjectName> registered = new ArrayList<>();

    private Jmx() {
    }

    static Jmx register(RunningServer server, ServerMetrics metrics) throws JMException {
        Jmx jmx = new Jmx();
        try {
            jmx.add("dev.gsf:type=Server,port=" + server.port(), new Server(server, metrics));
            for (Algorithm a : Algorithm.values()) {
                jmx.add("dev.gsf:type=Downloads,port=" + server.port() + ",algorithm=" + a, new Downloads(a, server,
                        metrics));
            }
        } catch (JMException | RuntimeException e) {
            jmx.close();
            throw e;
        }
        return jmx;
    }

    private void add(String name, Object bean) throws JMException {
        ObjectName objectName = new ObjectName(name);
        beans.registerMBean(bean, objectName);
        registered.add(objectName);
    }

    @Override
    public void close() {
        for (ObjectName name : registered) {
            try {
                beans.unregisterMBean(name);
            } catch (JMException e) {
                LOG.log(Level.FINE, "JMX: cannot unregister " + name, e);
            }
        }
        registered.clear();
    }

    private record Server(RunningServer server, ServerMetrics metrics) implements ServerMXBean {
        @Override
        public int getWorkersBusy() {
            return server.busyWorkers();
        }

        @Override
        public int getWorkers() {
            return server.workerThreads();
        }

        @Override
        public long getRejected() {
            return metrics.rejectedCount();
        }

        @Override
        public int getOpenFiles() {
            return server.openFiles();
        }

        @Override
        public int getConnectionsOpen() {
            return server.connectionsOpen();
        }

        @Override
        public long getUptimeSeconds() {
            return Duration.between(server.startedAt(), Instant.now()).toSeconds();
        }
    }

    private record Downloads(Algorithm algorithm, RunningServer server, ServerMetrics metrics)
            implements DownloadsMXBean {
        @Override
        public long getStarted() {
            return metrics.startedCount(algorithm);
        }

        @Override
        public long getCompleted() {
            return metrics.endedCount(algorithm, Outcome.COMPLETED);
        }

        @Override
        public long getClientGone() {
            return metrics.endedCount(algorithm, Outcome.CLIENT_GONE);
        }

        @Override
        public long getWriteTimeout() {
            return metrics.endedCount(algorithm, Outcome.WRITE_TIMEOUT);
        }

        @Override
        public long getServerError() {
            return metrics.endedCount(algorithm, Outcome.SERVER_ERROR);
        }

        @Override
        public long getSentBytes() {
            return metrics.sentBytes(algorithm);
        }

        @Override
        public int getInProgress() {
            return stat(AlgorithmStats.Snapshot::inProgress);
        }

        @Override
        public int getWaiting() {
            return stat(AlgorithmStats.Snapshot::waiting);
        }

        @Override
        public long getInlineWrites() {
            return ServerMetrics.count(server, algorithm, AlgorithmStats.Snapshot::inlineWrites);
        }

        @Override
        public long getHandOffs() {
            return ServerMetrics.count(server, algorithm, AlgorithmStats.Snapshot::handOffs);
        }

        @Override
        public long getTimeToFirstByteCount() {
            return metrics.timeToFirstByte(algorithm).getCount();
        }

        @Override
        public double getTimeToFirstByteSecondsSum() {
            return metrics.timeToFirstByte(algorithm).getSum();
        }

        @Override
        public long getDurationCount() {
            return metrics.duration(algorithm).getCount();
        }

        @Override
        public double getDurationSecondsSum() {
            return metrics.duration(algorithm).getSum();
        }

        private int stat(ToIntFunction<AlgorithmStats.Snapshot> of) {
            return ServerMetrics.stat(server, algorithm, of);
        }
    }
}
