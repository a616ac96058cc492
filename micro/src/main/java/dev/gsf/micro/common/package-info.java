/**
 * What the socket micro-tests share: loopback sockets, test data, bounded waiting, the deadlock watchdog and the
 * command line's choices.
 *
 * <ul>
 *   <li>{@link dev.gsf.micro.common.ProgressWatchdog}: turns a stall into DL and an overrun into TO, and tears the
 *       run down so that no thread stays blocked.</li>
 *   <li>{@link dev.gsf.micro.common.Loopback}, {@link dev.gsf.micro.common.SocketBuffers}: where sockets are made,
 *       and the SO_SNDBUF/SO_RCVBUF request with what the kernel really set.</li>
 *   <li>{@link dev.gsf.micro.common.Payload}: reproducible test bytes.</li>
 *   <li>{@link dev.gsf.micro.common.Closer}, {@link dev.gsf.micro.common.Threads},
 *       {@link dev.gsf.micro.common.Futures}, {@link dev.gsf.micro.common.Programs}: teardown, bounded joins,
 *       blocking on NIO.2 futures, optional external tools.</li>
 *   <li>{@link dev.gsf.micro.common.Choices}: a word of the command line as one of an enum's constants.</li>
 * </ul>
 *
 * <p>Threads: the watchdog runs on its own daemon thread; the closer is thread-safe; the rest is used by the thread
 * that calls it.
 */
package dev.gsf.micro.common;
