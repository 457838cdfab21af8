package streambench.feldera;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** A web server that is not Feldera: it answers every request with one fixed status, type and body. */
final class ForeignServer implements AutoCloseable {
    private final HttpServer server;
    final List<String> requests = Collections.synchronizedList(new ArrayList<>());

    ForeignServer(int status, String contentType, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", x -> {
            requests.add(x.getRequestMethod() + " " + x.getRequestURI());
            x.getRequestBody().readAllBytes();
            x.getResponseHeaders().set("Content-Type", contentType);
            x.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
            if (bytes.length > 0) {
                x.getResponseBody().write(bytes);
            }
            x.close();
        });
        server.start();
    }

    static ForeignServer html() throws IOException {
        return new ForeignServer(200, "text/html", "<html><body>It works!</body></html>");
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
