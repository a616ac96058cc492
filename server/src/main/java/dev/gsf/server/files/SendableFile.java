package dev.gsf.server.files;

import dev.gsf.server.send.LibcSendfile;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.concurrent.atomic.LongAdder;

/**
 * A file opened for downloads: its channel, and its {@link LibcSendfile} (bound to its descriptor; a session per
 * download). It is opened through a {@link FileInputStream}, whose {@code getFD()} names the descriptor its channel
 * reads (closing the channel closes the stream): a channel from {@code FileChannel.open} keeps its descriptor private
 * (reading it would take {@code --add-opens}). Nothing else differs: the same read-only open(2), the same channel.
 */
record SendableFile(FileChannel channel, LibcSendfile sendfile) {

    /** Opens {@code file}; its sendfile(2) calls are counted in {@code sendfileCalls}. */
    static SendableFile open(Path file, LongAdder sendfileCalls) throws IOException {
        FileInputStream stream = new FileInputStream(file.toFile());
        try {
            FileChannel channel = stream.getChannel();
            return new SendableFile(channel, LibcSendfile.of(channel, stream.getFD(), sendfileCalls));
        } catch (IOException | RuntimeException e) {
            stream.close();
            throw e;
        }
    }
}
