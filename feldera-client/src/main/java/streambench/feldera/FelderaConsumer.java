package streambench.feldera;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import streambench.common.ConfigException;
import streambench.common.ConsumerContract;
import streambench.common.HealthServer;
import streambench.common.MainRunner;
import streambench.common.Secrets;
import streambench.feldera.client.DeploymentFailedException;
import streambench.feldera.client.FelderaClient;
import streambench.feldera.client.FelderaException;
import streambench.feldera.client.FelderaServer;
import streambench.feldera.client.NotFelderaException;
import streambench.feldera.client.Pipeline;
import streambench.feldera.client.PipelineDefinition;
import streambench.feldera.client.PipelineStatus;
import streambench.feldera.client.ProgramFailedException;

/**
 * The consumer contract (a process that reads Kafka, writes Delta, says ready on /health, telemetry to a
 * file, SIGTERM stops it) for an engine that runs elsewhere: deploys the Feldera pipeline, follows it
 * while it runs, and on {@link #requestStop()} or any failure stops it (forced), clears its storage and
 * deletes it, in that order — the only order Feldera accepts. A program that did not compile is deleted
 * too: it holds the storage key and the Kafka credentials, which Feldera hands to anyone who may list
 * pipelines. Where Feldera refuses the deletion, the pipeline's program is replaced by an empty one.
 */
final class FelderaConsumer {
    /**
     * The harness kills a consumer {@link ConsumerContract#STOP_GRACE} after SIGTERM, so a stop must be done
     * by then: the teardown waits at most this long, plus one request in flight (TEARDOWN_REQUEST, two
     * attempts), and {@link #requestStop()} gives up at STOP_WAIT. A forced stop takes Feldera seconds.
     */
    static final Duration TEARDOWN = Duration.ofSeconds(15);

    private static final Duration TEARDOWN_REQUEST = Duration.ofSeconds(4);
    private static final Duration STOP_WAIT = ConsumerContract.STOP_GRACE.minusSeconds(5);
    /** A pipeline an earlier run left is removed at start, when no stop grace is counting. */
    private static final Duration REMOVE_EARLIER = Duration.ofMinutes(2);

    private final FelderaSettings s;
    private final PrintStream out;
    private final List<String> secrets;
    private final TableProbe.Opener probes;
    private final FelderaClient.Sleeper sleeper;
    private final Duration teardownBudget;
    private final CountDownLatch stopRequested = new CountDownLatch(1);
    private final CountDownLatch finished = new CountDownLatch(1);
    private volatile boolean following;
    /** Guards runner and tearingDown: a stop's interrupt may cut any wait short except the teardown's own. */
    private final Object interruptLock = new Object();

    private Thread runner;
    private boolean tearingDown;
    /** The pipeline to remove on the way out, through the teardown's client; null once a teardown took it. */
    private volatile Pipeline toRemove;
    /** What was deployed: blanked and sent again when Feldera refuses to delete the pipeline. */
    private volatile PipelineDefinition definition;

    FelderaConsumer(FelderaSettings settings, PrintStream out, TableProbe.Opener probes) {
        this(settings, out, probes, d -> Thread.sleep(d.toMillis()), TEARDOWN);
    }

    /**
     * {@code sleeper}: how the client waits between retries and polls (tests pass one that does not wait);
     * {@code teardownBudget}: how long removing the pipeline may wait for Feldera (tests shorten it).
     */
    FelderaConsumer(
            FelderaSettings settings,
            PrintStream out,
            TableProbe.Opener probes,
            FelderaClient.Sleeper sleeper,
            Duration teardownBudget) {
        this.s = settings;
        this.out = out;
        this.probes = probes;
        this.sleeper = sleeper;
        this.teardownBudget = teardownBudget;
        this.secrets = PipelineProgram.secrets(settings);
    }

    /** Asks {@link #run} to tear the pipeline down and waits (bounded) until it has. For SIGTERM. */
    void requestStop() {
        stopRequested.countDown();
        synchronized (interruptLock) {
            if (runner != null && !tearingDown) {
                runner.interrupt(); // compiling, starting, a request in flight: cut the wait short
            }
        }
        try {
            finished.await(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** {@code health}: this consumer's /health, which this says ready once the pipeline writes its table. */
    int run(HealthServer health) throws Exception {
        synchronized (interruptLock) {
            runner = Thread.currentThread();
            if (stopRequested.getCount() == 0) {
                runner.interrupt(); // the stop came before this thread could be told
            }
        }
        try (StatsTelemetry telemetry = new StatsTelemetry(s.telemetryFile(), health)) {
            return deployAndFollow(health, telemetry);
        } catch (Exception | Error e) {
            return failed(e);
        } finally {
            synchronized (interruptLock) {
                runner = null; // a late stop must not interrupt whatever this thread does next
            }
            finished.countDown();
        }
    }

    /**
     * Whatever ended the run — Feldera's answer, the table probe's IOException, a bug — a pipeline we
     * deployed is removed: left behind, it would go on reading Kafka and writing the table unseen. A stop
     * request's interrupt lands here too and ends well once the pipeline is gone.
     */
    private int failed(Throwable e) throws Exception {
        if (stopRequested.getCount() == 0) {
            out.println("feldera: stop requested while " + (following ? "running" : "deploying"));
            return tearDown() ? ConsumerContract.EXIT_OK : ConsumerContract.EXIT_FAILED;
        }
        if (e instanceof ConfigException config) {
            tearDown();
            throw config;
        }
        // said first, so the cause is in the log even when the teardown runs out of time
        out.println("feldera-client: "
                + (e instanceof FelderaException
                        ? Secrets.redactText(String.valueOf(e.getMessage()), secrets)
                        : "failed: " + MainRunner.describe(e, secrets)));
        tearDown();
        if (e instanceof Error error) {
            throw error;
        }
        return ConsumerContract.EXIT_FAILED;
    }

    private int deployAndFollow(HealthServer health, StatsTelemetry telemetry) throws Exception {
        FelderaClient client = FelderaClient.builder(s.felderaUrl())
                .apiKey(s.apiKey().orElse(null))
                .redacting(secrets)
                .sleeper(sleeper)
                .build();
        checkServer(client);
        Pipeline pipeline = client.pipeline(s.pipelineName());
        // its own client: short requests and two attempts, so a teardown fits the stop grace even when
        // Feldera hangs (the main client waits up to a minute per request, eight attempts)
        toRemove = FelderaClient.builder(s.felderaUrl())
                .apiKey(s.apiKey().orElse(null))
                .redacting(secrets)
                .sleeper(sleeper)
                .connectTimeout(TEARDOWN_REQUEST)
                .requestTimeout(TEARDOWN_REQUEST)
                .retries(2, Duration.ofMillis(250), Duration.ofMillis(250))
                .build()
                .pipeline(s.pipelineName());
        String program = PipelineProgram.sql(s);
        definition = PipelineDefinition.named(s.pipelineName())
                .description("streambench: Kafka " + s.topic() + " -> Delta " + s.tablePath())
                .sql(program)
                .profile(s.compilationProfile().value())
                .runtime("workers", s.workers())
                .runtime("storage", s.storage())
                .runtime("min_batch_size_records", s.minBatchSizeRecords())
                .runtime("max_buffering_delay_usecs", s.maxBufferingDelayUsecs());
        out.println("feldera: pipeline " + s.pipelineName() + " on " + s.felderaUrl() + ", program:\n"
                + PipelineProgram.redacted(program, secrets).indent(2).stripTrailing());

        pipeline.find().ifPresent(old -> {
            // a pipeline left by an earlier run would resume from its own storage instead of the fresh topic
            out.println("feldera: removing an earlier pipeline of that name (" + old.deploymentStatus() + ")");
            pipeline.tearDown(REMOVE_EARLIER);
        });
        boolean created = pipeline.createOrReplace(definition);
        out.println("feldera: pipeline " + (created ? "created" : "updated") + "; compiling (timeout "
                + s.compileTimeout().toMinutes() + " min)");

        long t0 = System.nanoTime();
        try {
            pipeline.awaitCompiled(
                    s.compileTimeout(),
                    st -> out.printf(
                            "feldera: program %s after %d s%n",
                            st.programStatus(), (System.nanoTime() - t0) / 1_000_000_000L));
        } catch (ProgramFailedException e) {
            out.println("feldera-client: the program did not compile.\n" + e.getMessage());
            tearDown();
            return ConsumerContract.EXIT_FAILED;
        }

        pipeline.start();
        try {
            pipeline.awaitRunning(s.startTimeout(), st -> out.println("feldera: deployment " + st.deploymentStatus()));
        } catch (DeploymentFailedException e) {
            out.println("feldera-client: " + e.getMessage());
            tearDown();
            return ConsumerContract.EXIT_FAILED;
        }

        String tableUri = s.lake().tableUri(s.tablePath());
        long started = System.nanoTime();
        try (TableProbe probe = probes.open()) {
            while (!probe.tableExists()) {
                if (stopRequested.await(500, TimeUnit.MILLISECONDS)) {
                    return tearDown() ? ConsumerContract.EXIT_OK : ConsumerContract.EXIT_FAILED;
                }
                if (System.nanoTime() - started > s.startTimeout().toNanos()) {
                    out.println("feldera-client: the pipeline runs but no Delta table appeared at " + tableUri
                            + " within "
                            + s.startTimeout().toSeconds()
                            + " s; check the pipeline's log in Feldera (storage endpoint "
                            + "and credentials as Feldera sees them)");
                    tearDown();
                    return ConsumerContract.EXIT_FAILED;
                }
            }
        }
        following = true;
        health.markReady();
        out.println("feldera: ready (pipeline running, table " + tableUri + " exists)");

        while (!stopRequested.await(s.statsInterval().toMillis(), TimeUnit.MILLISECONDS)) {
            out.println(telemetry.record(pipeline.stats(), (System.nanoTime() - started) / 1_000_000_000L));
            PipelineStatus st = pipeline.status();
            if (!st.running()) {
                health.markNotReady("pipeline " + st.deploymentStatus());
                out.println("feldera-client: the pipeline left Running: " + st.deploymentStatus()
                        + (st.deploymentError() == null
                                ? ""
                                : " (" + Secrets.redactText(st.deploymentError().toString(), secrets) + ")"));
                tearDown();
                return ConsumerContract.EXIT_FAILED;
            }
        }
        health.markNotReady("stopping");
        return tearDown() ? ConsumerContract.EXIT_OK : ConsumerContract.EXIT_FAILED;
    }

    /**
     * A wrong URL or key is a configuration error (exit 2) naming the variable, not a pipeline failure. So is
     * a server that answers but is not Feldera: it would be handed the program, secrets inside.
     */
    private void checkServer(FelderaClient client) {
        try {
            FelderaServer server = client.server();
            out.println("feldera: Feldera " + server.edition() + " " + server.version() + " at " + s.felderaUrl());
        } catch (NotFelderaException e) {
            throw new ConfigException("FELDERA_URL " + s.felderaUrl() + " is not a Feldera pipeline manager: "
                    + e.getMessage() + "; point FELDERA_URL at Feldera's API (http(s)://host:port)");
        } catch (FelderaException e) {
            if (e.httpStatus() == 0) {
                throw new ConfigException("FELDERA_URL " + s.felderaUrl() + ": no Feldera pipeline manager answers ("
                        + e.getMessage() + ")");
            }
            if (e.httpStatus() == 401 || e.httpStatus() == 403) {
                throw new ConfigException("FELDERA_API_KEY: the Feldera server at " + s.felderaUrl()
                        + " refused it (HTTP " + e.httpStatus() + ")");
            }
            throw e;
        }
    }

    /**
     * Stop (forced), clear, delete, at most once per run and within the teardown budget. False, with the
     * pipeline named so it can be removed by hand, when Feldera did not let it finish.
     */
    private boolean tearDown() {
        Pipeline pipeline;
        synchronized (interruptLock) {
            tearingDown = true;
            Thread.interrupted(); // a stop's interrupt was for the waits before; the teardown needs its own
            pipeline = toRemove;
            toRemove = null;
        }
        if (pipeline == null) {
            return true;
        }
        out.println("feldera: stopping (force), clearing storage, deleting pipeline " + pipeline.name());
        try {
            pipeline.tearDown(teardownBudget);
        } catch (RuntimeException e) {
            String why = MainRunner.describe(e, secrets);
            if (e instanceof FelderaException refused && refused.httpStatus() != 0 && blank(pipeline)) {
                out.println("feldera-client: Feldera refused to remove pipeline " + pipeline.name() + " (" + why
                        + "); its program was replaced by an empty one, so it no longer holds the storage key "
                        + "or the Kafka credentials; remove the pipeline on " + s.felderaUrl());
                return false;
            }
            out.println("feldera-client: pipeline " + pipeline.name() + " may be left on " + s.felderaUrl()
                    + " (remove it there; its program holds the storage key and the Kafka credentials): " + why);
            return false;
        }
        out.println("feldera: pipeline " + pipeline.name() + " deleted (with its program and the secrets in it)");
        return true;
    }

    /**
     * Replaces the pipeline's program by an empty one, for a pipeline Feldera would not delete: the program's
     * connectors hold the storage key and the Kafka credentials, and Feldera hands programs to whoever may list
     * pipelines. Feldera takes it only from a stopped pipeline; false if not.
     */
    private boolean blank(Pipeline pipeline) {
        PipelineDefinition deployed = definition;
        if (deployed == null) {
            return false;
        }
        try {
            pipeline.createOrReplace(deployed.sql(""));
            return true;
        } catch (RuntimeException e) {
            out.println("feldera-client: Feldera refused to empty the program of pipeline " + pipeline.name() + ": "
                    + MainRunner.describe(e, secrets));
            return false;
        }
    }
}
