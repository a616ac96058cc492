package dev.gsf.loadgen.load.metrics;

/**
 * One point of the run's time series.
 *
 * @param seconds        end of the interval, seconds since the run started
 * @param phase          phase at the end of the interval
 * @param bytesPerSecond bytes received per second during the interval
 * @param completed      downloads verified during the interval
 * @param errors         failed downloads during the interval
 * @param handshakes     https: TLS handshakes completed during the interval (0 for plain http)
 * @param connections    connections open at the end
 * @param active         downloads in progress at the end
 * @param heapUsedBytes  heap in use at the end
 * @param cpuPercent     process CPU during the interval, percent of one core
 */
public record IntervalSample(double seconds, String phase, double bytesPerSecond, long completed, long errors,
                             long handshakes, long connections, long active, long heapUsedBytes, double cpuPercent) {
}
