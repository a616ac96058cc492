package dev.gsf.micro.echo;

import dev.gsf.micro.common.SocketBuffers;
import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * A client's count of what it sent and got back, with a CRC32C of each stream so that content is checked, not
 * only length. Used by one client thread only.
 */
public final class EchoTally {
    private final CRC32C sentCrc = new CRC32C();
    private final CRC32C receivedCrc = new CRC32C();
    // written by the client's loop, read by the cell after the client thread ended (both in this package)
    long sent;
    long received;
    long nanos;
    SocketBuffers.Actual buffers;

    /** Counts the bytes between the buffer's position and limit as sent; the position is left unchanged. */
    void sent(ByteBuffer slice) {
        sent += slice.remaining();
        sentCrc.update(slice.duplicate());
    }

    void received(ByteBuffer slice) {
        received += slice.remaining();
        receivedCrc.update(slice.duplicate());
    }

    /** Same length and same content both ways. */
    public boolean intact() {
        return sent == received && sentCrc.getValue() == receivedCrc.getValue();
    }
}
