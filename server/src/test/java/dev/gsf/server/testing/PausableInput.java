package dev.gsf.server.testing;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A socket's input that its reader can be told to stop reading for a while ({@link H2Client#pauseReading}): a
 * client that takes nothing, so that what the server sends fills the kernel's buffers and then waits in the server.
 * A read waits while paused, until resumed; closing the client resumes it, so that its reader sees the close.
 */
final class PausableInput extends FilterInputStream {
    private boolean paused;

    PausableInput(InputStream in) {
        super(in);
    }

    synchronized void pause(boolean pause) {
        paused = pause;
        notifyAll();
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        synchronized (this) {
            while (paused) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while paused", e);
                }
            }
        }
        return super.read(b, off, len);
    }
}
