package dev.gsf.loadgen.micro.echo;

import dev.gsf.loadgen.micro.common.SocketBuffers;
import java.time.Duration;

/**
 * One echo cell's parameters: the application buffer (the paper's stream buffer, equal on both ends), the bytes
 * each client thread moves, the socket buffer request, and the watchdog's stall time and hard time limit.
 */
public record EchoSettings(int bufferSize, long bytesPerClient, SocketBuffers socketBuffers, Duration stall,
                           Duration limit) {
}
