package dev.gsf.micro.probe;

import dev.gsf.micro.common.SocketBuffers;

/** One probe configuration: bytes offered per write(), TCP_NODELAY, and the SO_SNDBUF request. */
public record ProbeCell(int writeSize, boolean noDelay, SocketBuffers sndbuf) {
    public String label() {
        return dev.gsf.common.ByteSize.format(writeSize) + (noDelay ? " nodelay" : "") + " sndbuf " + sndbuf.label();
    }
}
