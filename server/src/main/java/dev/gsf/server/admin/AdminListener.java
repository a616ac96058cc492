package dev.gsf.server.admin;

import dev.gsf.server.config.ConfigException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.BindException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.management.JMException;
import org.glassfish.grizzly.http.Method;
import org.glassfish.grizzly.http.server.HttpHandler;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.grizzly.http.server.NetworkListener;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;
import org.glassfish.grizzly.http.util.Header;
import org.glassfish.grizzly.threadpool.ThreadPoolConfig;

/**
 * The admin listener ({@code admin-host}:{@code admin-port}): a Grizzly HTTP server of its own, apart from the file
 * port, that serves only its routes: {@code GET /metrics} (Prometheus text format), {@code GET /admin/status} (HTML,
 * or JSON with {@code ?format=json}) and {@code POST /admin/config}. It never serves a file, and the file port never
 * serves these paths. It also registers the meters as JMX MXBeans.
 *
 * <p>Requests run on two threads of its own, so a slow scraper cannot take threads from downloads.
 */
public final class AdminListener implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(AdminListener.class.getName());

    /** What one route does; called on an admin listener thread, may write the response, must not wait long. */
    @FunctionalInterface
    interface Action {
        void handle(Request request, Response response) throws IOException;
    }

    /** One path: the method it answers and what it does. */
    record Route(Method method, Action action) {
    }

    private final HttpServer http;
    private final NetworkListener listener;
    private final Jmx jmx;

    private AdminListener(HttpServer http, NetworkListener listener, Jmx jmx) {
        this.http = http;
        this.listener = listener;
        this.jmx = jmx;
    }

    /**
     * Binds the admin listener of {@code server} and registers its meters with JMX.
     *
     * @throws ConfigException when the admin address cannot be bound
     */
    public static AdminListener start(RunningServer server, ServerMetrics metrics) throws IOException {
        metrics.bind(server);
        StatusPage status = new StatusPage(server, metrics);
        Map<String, Route> routes = Map.of(
                "/metrics", new Route(Method.GET, (request, response) -> {
                    response.setContentType(ServerMetrics.contentType());
                    metrics.write(response.getOutputStream());
                }),
                "/admin/status", new Route(Method.GET, (request, response) -> {
                    boolean json = "json".equals(request.getParameter("format"));
                    response.setContentType(json ? "application/json" : "text/html; charset=utf-8");
                    write(response, json ? status.json() : status.html());
                }),
                "/admin/config", new Route(Method.POST, new ConfigRoute(server)::handle));

        String host = server.config().adminHost();
        int port = server.config().adminPort().orElseThrow();
        HttpServer http = new HttpServer();
        NetworkListener listener = new NetworkListener("gsf-admin", host, port);
        listener.getTransport().setWorkerThreadPoolConfig(ThreadPoolConfig.defaultConfig()
                .setPoolName("gsf-admin").setCorePoolSize(2).setMaxPoolSize(2));
        listener.getTransport().setSelectorRunnersCount(1);
        http.addListener(listener);
        http.getServerConfiguration().addHttpHandler(new Routes(routes), "/");
        http.getServerConfiguration().setJmxEnabled(false);
        try {
            http.start();
        } catch (BindException e) {
            throw new ConfigException("admin-port: cannot listen on " + host + ":" + port + ": " + e.getMessage()
                    + " (is another server using it?)", e);
        } catch (IOException e) {
            throw new ConfigException("admin-host: cannot listen on " + host + ":" + port + ": " + e.getMessage(), e);
        }
        try {
            return new AdminListener(http, listener, Jmx.register(server, metrics));
        } catch (JMException e) {
            http.shutdownNow();
            throw new IllegalStateException("JMX: cannot register the server's MXBeans", e);
        }
    }

    /** The port the admin listener bound (useful with admin-port 0). */
    public int port() {
        return listener.getPort();
    }

    @Override
    public void close() {
        jmx.close();
        http.shutdownNow();
    }

    /** The route table's handler: a known path with its method, else 404 or 405. Never looks at the file root. */
    private static final class Routes extends HttpHandler {
        private final Map<String, Route> routes;

        Routes(Map<String, Route> routes) {
            this.routes = routes;
        }

        @Override
        public void service(Request request, Response response) throws IOException {
            Route route = routes.get(request.getRequestURI());
            if (route == null) {
                answer(response, 404, "not an admin path; the admin listener serves " + String.join(", ",
                        routes.keySet().stream().sorted().toList()));
                return;
            }
            Method method = request.getMethod();
            boolean headOfGet = Method.HEAD.equals(method) && Method.GET.equals(route.method());
            if (!route.method().equals(method) && !headOfGet) {
                response.setHeader(Header.Allow, Method.GET.equals(route.method()) ? "GET, HEAD"
                        : route.method().getMethodString());
                answer(response, 405, "method " + method.getMethodString() + " is not allowed on "
                        + request.getRequestURI() + "; use " + route.method().getMethodString());
                return;
            }
            try {
                route.action().handle(request, response);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "admin: " + request.getRequestURI() + " failed", e);
                if (!response.isCommitted()) {
                    response.reset();
                    answer(response, 500, "the admin listener failed: " + e);
                }
            }
        }
    }

    static void write(Response response, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        response.setContentLength(bytes.length);
        try (OutputStream out = response.getOutputStream()) {
            out.write(bytes);
        }
    }

    static void answer(Response response, int status, String message) throws IOException {
        response.setStatus(status);
        response.setContentType("text/plain; charset=utf-8");
        write(response, status + " " + message + "\n");
    }
}
