/**
 * HTTP: the strict reading of request heads and the file handler that answers them, whatever protocol carries a
 * request ({@link dev.gsf.server.http.Exchange}: HTTP/1.1's {@code GrizzlyExchange} here, HTTP/2's in
 * {@code dev.gsf.server.h2}). Nothing here writes a file's
 * byte: a download's body (a file, its ranges, a sidecar, a directory listing held in memory) goes to the send
 * algorithm on a write sink of {@code dev.gsf.server.send}; only refusals' one-line texts are written here.
 *
 * <ul>
 *   <li>{@link dev.gsf.server.http.StrictHttpFilter}: reads raw bytes ahead of Grizzly's lenient parser, one head at
 *       a time ({@code PartialHead} gathers one over reads, each byte copied and scanned once), each checked by
 *       {@link dev.gsf.server.http.RequestHead} ({@code PlainHead} reads common heads in
 *       one pass, {@code FullHead} every form RFC 9112 allows); skips request bodies by their framing
 *       ({@code ChunkedBody}); refuses what is not HTTP/1.1 as RFC 9112 reads it; offers plain GETs to the handler
 *       first; puts {@code HoldingTransportFilter} in the place of Grizzly's transport filter, which reads nothing
 *       while a plain GET's download is held ({@code dev.gsf.server.send.DownloadHold}): the client's next request
 *       and its end of stream are read after the last byte it asked for.</li>
 *   <li>{@link dev.gsf.server.http.FileHandler}: methods, paths, validators, conditional requests and ranges
 *       ({@code RangeHeader}; {@code ResponseBody}: a whole file, one range, or multipart/byteranges as a body of
 *       parts) decide the status and headers; directories get a 301, their index file, a listing
 *       ({@code Listings}, autoindex) or 403; {@code Sidecars} and {@code AcceptEncoding} pick a precompressed
 *       representation; {@code Answers} writes the refusals and the 500 of a download that failed first; it then hands
 *       the body to the generation's algorithm, on a sink whose body writer the {@code BodyWriter.Choice} it was wired
 *       with picks (TLS on the HTTPS port). It decides through an {@code Exchange}: method, path and fields in; status,
 *       fields and a body out, each protocol writing the head its own way.</li>
 *   <li>{@link dev.gsf.server.http.PlainHttpRefusal}: plain HTTP sent to the HTTPS port answered 400, as nginx
 *       does; the HTTPS port puts it below its SSL filter.</li>
 *   <li>{@code RawResponse}: the one builder of the responses written as bytes (a plain GET's 200 and 500, the
 *       filter's refusals).</li>
 * </ul>
 *
 * <p>Threads: all of it runs on the Grizzly thread that read the request (the selector thread: the handler never
 * waits for a client), except a download's end, which is told on whichever thread sent its last byte, and a TLS
 * record that a held download kept waiting, which goes on on that thread.
 */
package dev.gsf.server.http;
