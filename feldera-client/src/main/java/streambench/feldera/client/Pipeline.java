package streambench.feldera.client;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Predicate;

/** One pipeline on a Feldera pipeline manager: its lifecycle calls and the waits between them. */
public final class Pipeline {
    private static final Duration POLL = Duration.ofMillis(500);

    private final FelderaClient client;
    private final String name;
    private final String path;

    Pipeline(FelderaClient client, String name) {
        this.client = client;
        this.name = name;
        this.path = "/v0/pipelines/" + URLEncoder.encode(name, StandardCharsets.UTF_8);
    }

    public String name() {
        return name;
    }

    /** Creates the pipeline or replaces its definition (only while it is stopped); true when it was created. */
    public boolean createOrReplace(PipelineDefinition definition) {
        if (!definition.name().equals(name)) {
            throw new IllegalArgumentException("definition is for " + definition.name() + ", not " + name);
        }
        FelderaClient.Response r = client.exchange("PUT", path, definition.body());
        if (r.status() / 100 != 2) {
            throw client.failure("PUT", path, r);
        }
        return r.status() == 201;
    }

    /** The current status, or empty when no such pipeline exists. */
    public Optional<PipelineStatus> find() {
        FelderaClient.Response r = client.exchange("GET", path + "?selector=status", null);
        if (r.status() == 404) {
            return Optional.empty();
        }
        if (r.status() / 100 != 2) {
            throw client.failure("GET", path, r);
        }
        return Optional.of(PipelineStatus.from(r.body()));
    }

    public PipelineStatus status() {
        return find().orElseThrow(() -> new FelderaException("pipeline " + name + " does not exist", 404, null, null));
    }

    /** Waits until the program compiled; raises {@link ProgramFailedException} with the compiler's messages. */
    public PipelineStatus awaitCompiled(Duration timeout, Consumer<PipelineStatus> onChange) {
        PipelineStatus s = await("compiled", timeout, onChange, st -> st.compiled() || st.programFailed());
        if (s.programFailed()) {
            throw new ProgramFailedException(name, s.programStatus(), client.redact(s.programErrorText()));
        }
        return s;
    }

    /** {@code POST /start?initial=running}: asks for the pipeline to run; returns at once. */
    public void start() {
        client.send("POST", path + "/start?initial=running", null);
    }

    /** Waits for {@code Running}; raises {@link DeploymentFailedException} when it stops instead. */
    public PipelineStatus awaitRunning(Duration timeout, Consumer<PipelineStatus> onChange) {
        PipelineStatus s = await(
                "Running", timeout, onChange, st -> st.running() || (st.stopped() && st.deploymentError() != null));
        if (!s.running()) {
            throw new DeploymentFailedException(name, "Running", redacted(s.deploymentError()));
        }
        return s;
    }

    public PipelineStats stats() {
        com.fasterxml.jackson.databind.JsonNode body = client.send("GET", path + "/stats", null);
        if (body == null || !body.isObject()) {
            // an empty answer would read as all-zero counters, or fail later as a NullPointerException
            throw new FelderaException("GET " + path + "/stats answered no JSON object: " + body, 0, null, null);
        }
        return PipelineStats.from(body);
    }

    /**
     * {@code POST /stop?force=...}. The open-source manager only implements {@code force=true} (a graceful
     * stop with a checkpoint is an enterprise feature and answers 501).
     */
    public void stop(boolean force) {
        client.send("POST", path + "/stop?force=" + force, null);
    }

    public PipelineStatus awaitStopped(Duration timeout) {
        return await("Stopped", timeout, s -> {}, PipelineStatus::stopped);
    }

    /** {@code POST /clear}: removes the pipeline's storage; only when stopped. */
    public void clearStorage() {
        client.send("POST", path + "/clear", null);
    }

    public PipelineStatus awaitStorageCleared(Duration timeout) {
        return await("storage Cleared", timeout, s -> {}, PipelineStatus::storageCleared);
    }

    /** Deletes the pipeline; Feldera refuses while it runs or still has storage. A missing pipeline is fine. */
    public void delete() {
        FelderaClient.Response r = client.exchange("DELETE", path, null);
        if (r.status() != 404 && r.status() / 100 != 2) {
            throw client.failure("DELETE", path, r);
        }
    }

    /**
     * Stop (forced), clear storage, delete — from whatever state the pipeline is in, within {@code timeout}
     * in all rather than per step, as a caller with a stop grace needs one bound (past it, only the request
     * in flight finishes: the client's request timeout and retries bound that). A pipeline that disappears
     * meanwhile (someone else removed it) counts as removed.
     */
    public void tearDown(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            Optional<PipelineStatus> s = find();
            if (s.isEmpty()) {
                return;
            }
            if (!s.get().stopped()) {
                stop(true);
                awaitStopped(remaining(deadline, timeout));
            }
            if (!s.get().storageCleared()) {
                clearStorage();
                awaitStorageCleared(remaining(deadline, timeout));
            }
            remaining(deadline, timeout);
            delete();
        } catch (FelderaException e) {
            if (e.httpStatus() != 404 && find().isPresent()) {
                throw e;
            }
        }
    }

    /** What is left of a teardown's time; past its end, the teardown stops there and says so. */
    private Duration remaining(long deadline, Duration timeout) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            throw new FelderaException(
                    "pipeline " + name + " not torn down within " + timeout.toMillis() + " ms", 0, null, null);
        }
        return Duration.ofNanos(left);
    }

    private FelderaError redacted(FelderaError e) {
        return e == null ? null : new FelderaError(client.redact(e.message()), e.errorCode(), e.details());
    }

    private PipelineStatus await(
            String what, Duration timeout, Consumer<PipelineStatus> onChange, Predicate<PipelineStatus> done) {
        long deadline = System.nanoTime() + timeout.toNanos();
        PipelineStatus last = null;
        while (true) {
            PipelineStatus s = status();
            if (last == null
                    || !s.programStatus().equals(last.programStatus())
                    || !s.deploymentStatus().equals(last.deploymentStatus())
                    || !s.storageStatus().equals(last.storageStatus())) {
                onChange.accept(s);
            }
            last = s;
            if (done.test(s)) {
                return s;
            }
            if (System.nanoTime() > deadline) {
                throw new FelderaException(
                        "pipeline " + name + " not " + what + " after " + timeout.toSeconds() + " s (program "
                                + s.programStatus() + ", deployment " + s.deploymentStatus() + ", storage "
                                + s.storageStatus() + ")",
                        0,
                        null,
                        null);
            }
            client.sleep(POLL);
        }
    }
}
