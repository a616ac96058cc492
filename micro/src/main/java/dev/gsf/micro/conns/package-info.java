/**
 * {@code gsf conns}: many persistent loopback connections, a thread per connection against k selector threads
 * ("Thread per connection: NIO, Linux NPTL and epoll"), with virtual threads.
 *
 * <ul>
 *   <li>{@link dev.gsf.micro.conns.ConnsCommand} runs {@link dev.gsf.micro.conns.ConnsCell} once per model and
 *       run, and reports with {@link dev.gsf.micro.conns.ConnsReport}.</li>
 *   <li>{@link dev.gsf.micro.conns.Blaster}: the clients, writing checksummed {@link dev.gsf.micro.conns.Frames}.</li>
 *   <li>{@link dev.gsf.micro.conns.ConnsServer}: the server models ({@link dev.gsf.micro.conns.ConnsModel}),
 *       {@link dev.gsf.micro.conns.ThreadPerConnectionServer} and {@link dev.gsf.micro.conns.ReactorServer}, each
 *       checking every frame with a {@link dev.gsf.micro.conns.FrameDecoder} into a
 *       {@link dev.gsf.micro.conns.ConnsTally}.</li>
 * </ul>
 *
 * <p>Threads: the command's thread runs the cells and blocks for each; clients and servers run on their own
 * threads; the tally is thread-safe; a decoder is used by the one thread that reads its connection.
 */
package dev.gsf.micro.conns;
