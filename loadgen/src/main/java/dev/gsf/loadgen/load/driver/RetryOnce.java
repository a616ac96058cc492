package dev.gsf.loadgen.load.driver;

/**
 * A request sent on a kept-alive connection that the server had closed before it saw the request is asked again,
 * once, on a new connection; anything else that breaks is an error. Used by one client on its event loop.
 */
final class RetryOnce {
    private boolean reusedConnection;
    private boolean retried;

    void newDownload() {
        retried = false;
    }

    /** The download goes on a new connection ({@code false}) or a kept-alive one. */
    void connection(boolean reused) {
        reusedConnection = reused;
    }

    /** @param nothingAnswered the request was not fully sent, or no byte of an answer came */
    boolean allows(boolean nothingAnswered) {
        return reusedConnection && !retried && nothingAnswered;
    }

    void retrying() {
        retried = true;
    }
}
