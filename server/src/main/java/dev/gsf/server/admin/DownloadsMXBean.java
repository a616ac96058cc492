package dev.gsf.server.admin;

/**
 * The per-algorithm meters over JMX, one bean per algorithm, registered as
 * {@code dev.gsf:type=Downloads,port=<file port>,algorithm=<SBA|EBA|ENBA|VTA>}; the same values as the
 * {@code gsf_*} metrics with that {@code algorithm} label. Read on JMX's threads; never blocks.
 */
public interface DownloadsMXBean {
    /** gsf_downloads_started_total */
    long getStarted();

    /** gsf_downloads_ended_total{outcome="completed"} */
    long getCompleted();

    /** gsf_downloads_ended_total{outcome="client_gone"} */
    long getClientGone();

    /** gsf_downloads_ended_total{outcome="write_timeout"} */
    long getWriteTimeout();

    /** gsf_downloads_ended_total{outcome="server_error"} */
    long getServerError();

    /** gsf_sent_bytes_total */
    long getSentBytes();

    /** gsf_downloads_in_progress */
    int getInProgress();

    /** gsf_downloads_waiting */
    int getWaiting();

    /** gsf_inline_writes_total */
    long getInlineWrites();

    /** gsf_handoffs_total */
    long getHandOffs();

    /** gsf_time_to_first_byte_seconds_count */
    long getTimeToFirstByteCount();

    /** gsf_time_to_first_byte_seconds_sum */
    double getTimeToFirstByteSecondsSum();

    /** gsf_download_duration_seconds_count */
    long getDurationCount();

    /** gsf_download_duration_seconds_sum */
    double getDurationSecondsSum();
}
