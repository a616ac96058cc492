/**
 * {@code gsf echo}: the blocking vs non-blocking echo test of Viktorov &amp; Dichter ("Efficiency Comparison of
 * Blocking and Non-blocking TCP/IP Sockets using Java in Single and Multi-core Systems"), with NIO.2 and virtual
 * threads.
 *
 * <ul>
 *   <li>{@link dev.gsf.micro.echo.EchoCommand} runs an {@link dev.gsf.micro.echo.EchoMatrix} of
 *       {@link dev.gsf.micro.echo.EchoCell}s and reports with {@link dev.gsf.micro.echo.EchoReport}.</li>
 *   <li>{@link dev.gsf.micro.echo.EchoKind}: the four socket styles; an {@link dev.gsf.micro.echo.EchoPair} is a
 *       server kind with a client kind.</li>
 *   <li>{@link dev.gsf.micro.echo.EchoServer} and {@link dev.gsf.micro.echo.EchoClient}: one implementation per
 *       style; {@link dev.gsf.micro.echo.EchoActivity} is what a running cell is doing (the watchdog's view).</li>
 * </ul>
 *
 * <p>Threads: each client runs on its own client thread and blocks it for its whole transfer; servers run on their
 * own threads; the watchdog's teardown may close everything from its thread.
 */
package dev.gsf.micro.echo;
