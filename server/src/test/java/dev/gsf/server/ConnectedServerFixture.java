package dev.gsf.server;

import java.io.IOException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * Base of the test classes whose every test gets a fresh server, started by the subclass, and one connection to it;
 * after the test the connection is closed, then the server.
 */
abstract class ConnectedServerFixture {
    FileServer server;
    RawHttp http;

    /** The server for one test; called before each. */
    abstract FileServer startServer() throws IOException;

    @BeforeEach
    void connect() throws IOException {
        server = startServer();
        http = new RawHttp(server.port());
    }

    @AfterEach
    void closeConnectionAndServer() throws IOException {
        if (http != null) {
            http.close();
        }
        if (server != null) {
            server.close();
        }
    }
}
