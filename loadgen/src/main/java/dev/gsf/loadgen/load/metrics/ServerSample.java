package dev.gsf.loadgen.load.metrics;

/**
 * One scrape of the server's /metrics, on the run's time axis (the same as {@link IntervalSample#seconds}). A gauge
 * the server does not expose, and every gauge of a failed scrape, is NaN (null in summary.json).
 *
 * @param seconds        when the scrape was answered, seconds since the run started
 * @param workersBusy    {@code gsf_workers_busy}: worker pool threads running a turn
 * @param waiting        {@code gsf_downloads_waiting}, summed over algorithms: downloads queued for a first turn
 * @param inProgress     {@code gsf_downloads_in_progress}, summed over algorithms
 * @param residentBytes  {@code process_resident_memory_bytes}: the server process's RSS
 * @param openFds        {@code process_open_fds}: the server process's open file descriptors (sockets included)
 * @param error          why the scrape failed, null when it did not
 */
public record ServerSample(double seconds, double workersBusy, double waiting, double inProgress,
                           double residentBytes, double openFds, String error) {
}
