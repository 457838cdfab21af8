package streambench.feldera;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A stand-in for Feldera's pipeline manager, because Feldera itself cannot run on our machines (every
 * pipeline is compiled with cargo against crates.io). It follows the documented API and state machine
 * (docs/verified-facts.md, Feldera): each status read moves a pipeline one step — program Pending → CompilingSql →
 * CompilingRust → Success (or SqlError), deployment Provisioning → Initializing → Running (or back to
 * Stopped with a deployment_error), Stopping → Stopped, storage Clearing → Cleared. Plain stop answers 501
 * as the open-source build does; delete is refused until the storage is cleared. {@code GET /v0/config}
 * answers as Feldera v0.336 does. It also adds a field no client knows, to prove unknown fields are ignored.
 */
final class StubFeldera implements AutoCloseable {
    /** STATS_EMPTY: /stats answers 200 without a body; STOP_HANGS: a forced stop never reaches Stopped. */
    enum Mode {
        OK,
        SQL_ERROR,
        START_FAILS,
        STATS_EMPTY,
        STOP_HANGS
    }

    private static final Pattern PIPELINE = Pattern.compile("/v0/pipelines/([^/?]+)(/[a-z]+)?");
    private final ObjectMapper json = new ObjectMapper();
    private final HttpServer server;
    private final Map<String, Pipe> pipelines = new ConcurrentHashMap<>();
    final List<String> requests = Collections.synchronizedList(new ArrayList<>());
    final AtomicInteger unavailableResponses = new AtomicInteger();
    volatile Mode mode = Mode.OK;
    /** Every DELETE answers 500, as a manager whose database fails would; in any mode. */
    volatile boolean deleteRefused;

    volatile String apiKey;
    volatile String lastProgram;

    private static final class Pipe {
        String program;
        String programStatus = "Pending";
        String deployment = "Stopped";
        String storage = "Cleared";
        ObjectNode deploymentError;
        long input;
    }

    StubFeldera() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    boolean exists(String name) {
        return pipelines.containsKey(name);
    }

    /** The program of every pipeline the stub holds: what Feldera would hand to anyone who may list pipelines. */
    List<String> programs() {
        return pipelines.values().stream().map(p -> p.program).toList();
    }

    /** The requests that changed something, in order: PUT, POST and DELETE. */
    List<String> actions() {
        synchronized (requests) {
            return requests.stream().filter(r -> !r.startsWith("GET")).toList();
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }

    private void handle(HttpExchange x) throws IOException {
        String method = x.getRequestMethod();
        String path = x.getRequestURI().getPath();
        String query =
                x.getRequestURI().getRawQuery() == null ? "" : x.getRequestURI().getRawQuery();
        requests.add(method + " " + path + (query.isEmpty() ? "" : "?" + query));
        byte[] body = x.getRequestBody().readAllBytes();
        try {
            if (apiKey != null
                    && !("Bearer " + apiKey).equals(x.getRequestHeaders().getFirst("Authorization"))) {
                error(x, 401, "Unauthorized", "missing or wrong API key");
                return;
            }
            if (unavailableResponses.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                error(x, 503, "ServiceUnavailable", "the pipeline manager is starting");
                return;
            }
            if (path.equals("/v0/config") && method.equals("GET")) {
                send(x, 200, config());
                return;
            }
            if (path.equals("/v0/pipelines") && method.equals("GET")) {
                send(x, 200, json.createArrayNode());
                return;
            }
            Matcher m = PIPELINE.matcher(path);
            if (!m.matches()) {
                error(x, 404, "NotFound", "no route " + path);
                return;
            }
            route(x, method, m.group(1), m.group(2) == null ? "" : m.group(2), query, body);
        } finally {
            x.close();
        }
    }

    private void route(HttpExchange x, String method, String name, String action, String query, byte[] body)
            throws IOException {
        Pipe p = pipelines.get(name);
        if (action.isEmpty() && method.equals("PUT")) {
            if (p != null && !p.deployment.equals("Stopped")) {
                error(x, 400, "CannotUpdateNonShutdownPipeline", "pipeline " + name + " must be stopped to be updated");
                return;
            }
            JsonNode def = json.readTree(body);
            boolean created = p == null;
            p = created ? new Pipe() : p;
            p.program = def.path("program_code").asText();
            p.programStatus = "Pending";
            lastProgram = p.program;
            pipelines.put(name, p);
            send(x, created ? 201 : 200, status(name, p));
            return;
        }
        if (p == null) {
            error(x, 404, "UnknownPipelineName", "unknown pipeline name '" + name + "'");
            return;
        }
        switch (method + " " + action) {
            case "GET " -> {
                advance(p);
                send(x, 200, status(name, p));
            }
            case "POST /start" -> {
                if (!query.contains("initial=running")) {
                    error(x, 400, "InvalidInitial", "initial must be running, paused or standby");
                } else if (!p.programStatus.equals("Success")) {
                    error(x, 400, "ProgramNotYetCompiled", "the program has not been compiled yet");
                } else {
                    p.deployment = "Provisioning";
                    p.deploymentError = null;
                    p.storage = "InUse";
                    send(x, 202, json.createObjectNode());
                }
            }
            case "POST /stop" -> {
                if (!query.contains("force=true")) {
                    error(
                            x,
                            501,
                            "EnterpriseFeature",
                            "graceful stop (checkpoint) is only available in the enterprise edition");
                } else {
                    p.deployment = p.deployment.equals("Stopped") ? "Stopped" : "Stopping";
                    send(x, 202, json.createObjectNode());
                }
            }
            case "POST /clear" -> {
                if (!p.deployment.equals("Stopped")) {
                    error(x, 400, "StorageCannotBeCleared", "storage can only be cleared when the pipeline is stopped");
                } else {
                    p.storage = p.storage.equals("Cleared") ? "Cleared" : "Clearing";
                    send(x, 202, json.createObjectNode());
                }
            }
            case "GET /stats" -> {
                if (mode == Mode.STATS_EMPTY) {
                    x.sendResponseHeaders(200, -1);
                    return;
                }
                p.input += 1000;
                ObjectNode s = json.createObjectNode();
                s.putObject("global_metrics")
                        .put("total_input_records", p.input)
                        .put("total_processed_records", p.input)
                        .put("buffered_input_records", 0)
                        .put("rss_bytes", 200L << 20)
                        .put("some_new_metric", 7);
                s.putArray("inputs")
                        .addObject()
                        .put("endpoint_name", "events.kafka")
                        .putObject("metrics")
                        .put("num_parse_errors", 3)
                        .put("total_records", p.input);
                s.putArray("outputs")
                        .addObject()
                        .put("endpoint_name", "benchmark.delta")
                        .putObject("metrics")
                        .put("transmitted_records", p.input - 500);
                send(x, 200, s);
            }
            case "DELETE " -> {
                if (deleteRefused) {
                    error(x, 500, "DBError", "the database refused the deletion");
                } else if (!p.deployment.equals("Stopped") || !p.storage.equals("Cleared")) {
                    error(
                            x,
                            400,
                            "CannotDeleteWithStorage",
                            "pipeline " + name + " must be stopped with its storage cleared");
                } else {
                    pipelines.remove(name);
                    send(x, 200, json.createObjectNode());
                }
            }
            default -> error(x, 405, "MethodNotAllowed", method + " " + action);
        }
    }

    private void advance(Pipe p) {
        p.programStatus = switch (p.programStatus) {
            case "Pending" -> "CompilingSql";
            case "CompilingSql" -> mode == Mode.SQL_ERROR ? "SqlError" : "CompilingRust";
            case "CompilingRust" -> "Success";
            default -> p.programStatus;
        };
        switch (p.deployment) {
            case "Provisioning" -> p.deployment = "Initializing";
            case "Initializing" -> {
                if (mode == Mode.START_FAILS) {
                    p.deployment = "Stopped";
                    p.deploymentError = json.createObjectNode()
                            .put("message", "Kafka broker 10.0.0.1:9092 unreachable")
                            .put("error_code", "PipelineInitializationError");
                } else {
                    p.deployment = "Running";
                }
            }
            case "Stopping" -> p.deployment = mode == Mode.STOP_HANGS ? "Stopping" : "Stopped";
            default -> {}
        }
        if (p.storage.equals("Clearing")) {
            p.storage = "Cleared";
        }
    }

    /** The fields of Feldera v0.336's Configuration, abridged; the client relies on edition and version. */
    private ObjectNode config() {
        ObjectNode c = json.createObjectNode()
                .put("posthog", "")
                .put("edition", "Open source")
                .put("version", "0.336.0")
                .put("revision", "stub")
                .put("runtime_revision", "stub")
                .put("changelog_url", "https://github.com/feldera/feldera/releases/tag/v0.336.0")
                .put("build_source", "ci");
        c.putNull("unstable_features");
        c.putNull("license_validity");
        c.putNull("update_info");
        c.putObject("build_info").put("rustc_version", "1.93.1");
        return c;
    }

    private ObjectNode status(String name, Pipe p) {
        ObjectNode n = json.createObjectNode()
                .put("name", name)
                .put("program_status", p.programStatus)
                .put("deployment_status", p.deployment)
                .put("storage_status", p.storage)
                .put("a_field_from_a_newer_feldera", true);
        if (p.programStatus.equals("SqlError")) {
            ObjectNode msg = n.putObject("program_error")
                    .putObject("sql_compilation")
                    .put("exit_code", 1)
                    .putArray("messages")
                    .addObject();
            msg.put("start_line_number", 3)
                    .put("start_column", 5)
                    .put("warning", false)
                    .put("error_type", "Error parsing SQL")
                    .put("message", "Encountered \"NOT\" at line 3")
                    .put(
                            "snippet",
                            p.program
                                    .lines()
                                    .filter(l -> l.contains("account_key"))
                                    .findFirst()
                                    .orElse("    ts TIMESTAMP NOT NULL,"));
        } else {
            n.putNull("program_error");
        }
        if (p.deploymentError != null) {
            n.set("deployment_error", p.deploymentError);
        } else {
            n.putNull("deployment_error");
        }
        return n;
    }

    private void error(HttpExchange x, int status, String code, String message) throws IOException {
        ObjectNode e = json.createObjectNode().put("message", message).put("error_code", code);
        e.putObject("details").put("hint", "stub");
        send(x, status, e);
    }

    private void send(HttpExchange x, int status, JsonNode body) throws IOException {
        byte[] bytes = json.writeValueAsString(body).getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().set("Content-Type", "application/json");
        x.sendResponseHeaders(status, bytes.length);
        x.getResponseBody().write(bytes);
    }
}
