package dev.gsf.server.testing;

import dev.gsf.server.FileServer;
import java.io.IOException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * Base of the test classes whose every test gets a server, started by the subclass, and one connection to it; after
 * the test the connection is closed, then the server (unless the subclass shares one server among its tests).
 */
public abstract class ConnectedServerFixture {
    protected FileServer server;
    protected RawHttp http;

    /** The server for one test; called before each. */
    protected abstract FileServer startServer() throws IOException;

    /** How the connection reaches the server (HTTPS needs a server started with {@link Transport#keys}). */
    protected Transport transport() {
        return Transport.HTTP;
    }

    @BeforeEach
    void connect() throws IOException {
        server = startServer();
        http = transport().connect(server);
    }

    @AfterEach
    void closeConnectionAndServer() throws IOException {
        if (http != null) {
            http.close();
        }
        if (server != null) {
            stopServer(server);
        }
    }

    /** After each test, with its server: closes it. A class whose tests share a server closes it itself instead. */
    protected void stopServer(FileServer server) {
        server.close();
    }
}
