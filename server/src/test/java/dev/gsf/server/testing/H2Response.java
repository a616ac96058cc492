package dev.gsf.server.testing;

import java.io.ByteArrayOutputStream;
import org.eclipse.jetty.http.HttpFields;

/** One stream's answer as it arrives. */
public final class H2Response {
    public int status;
    public HttpFields headers;
    public final ByteArrayOutputStream body = new ByteArrayOutputStream();
    /** The RST_STREAM error code the server sent, -1 for none. */
    public int reset = -1;
    public boolean ended;
    /** DATA frames received, the empty ones included (an END_STREAM that came on a frame of its own). */
    public int dataFrames;
    /** The longest DATA payload received. */
    public int largestData;
}
