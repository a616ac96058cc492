/**
 * The send algorithms: how the bytes of a download reach the client once the HTTP layer has decided what to send.
 *
 * <ul>
 *   <li>{@link dev.gsf.algorithms.SendAlgorithm}: the one interface, and {@code create}, which makes the variant an
 *       {@link dev.gsf.algorithms.Algorithm} names: SBA, EBA, ENBA, VTA or ADA.</li>
 *   <li>{@link dev.gsf.algorithms.Download}: one download (open file, its body, connection) and the write path
 *       every variant shares. The body is a byte range of the file or a sequence of
 *       {@link dev.gsf.algorithms.BodyPart}s (file sections with small bytes held in memory between them, what a
 *       multi-part answer is made of; {@code BodyCursor} walks them, no write spanning two): the algorithms see
 *       sections and bytes only, never what they mean; {@link dev.gsf.algorithms.Outcome} is how it ended. It writes to
 *       the connection's {@link dev.gsf.algorithms.WriteSink} in {@link dev.gsf.algorithms.FileSection}s read only as
 *       the socket takes them: from memory, or from the file by copy or by sendfile (the two file kinds share their
 *       reading and differ only in how they write). How sendfile is called is the file's {@link dev.gsf.algorithms.Sendfile}
 *       ({@link dev.gsf.algorithms.OpenFile#sendfile()}): FileChannel.transferTo unless the HTTP layer gives a more
 *       direct call; the algorithms never see a descriptor.</li>
 *   <li>{@link dev.gsf.algorithms.Scheduler}: admission, the download cap, the write-timeout sweeper, counting
 *       ({@link dev.gsf.algorithms.AlgorithmStats}) and shutdown, written once; the package-private variants SBA,
 *       EBA, ENBA, ADA (on the worker pool) and VTA say only how a turn is scheduled.</li>
 *   <li>{@link dev.gsf.algorithms.SendSettings}: what every variant is tuned by.</li>
 * </ul>
 *
 * <p>Threads: the HTTP layer calls {@code admit} and {@code Admission.start} on a Grizzly thread, and they never
 * block; the writes run on the worker pool (SBA, EBA, ENBA), on a virtual thread per download (VTA), or first on the
 * thread that started the download and then on a selector thread or a worker (ADA, whose writes never block);
 * completion callbacks of non-blocking writes arrive on Grizzly's selector threads.
 */
package dev.gsf.algorithms;
