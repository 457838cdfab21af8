package streambench.feldera;

import streambench.common.ConfigException;
import streambench.common.HealthServer;
import streambench.common.MainRunner;
import streambench.common.Secrets;
import streambench.feldera.client.DeploymentFailedException;
import streambench.feldera.client.FelderaClient;
import streambench.feldera.client.FelderaException;
import streambench.feldera.client.Pipeline;
import streambench.feldera.client.PipelineDefinition;
import streambench.feldera.client.PipelineStatus;
import streambench.feldera.client.ProgramFailedException;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The consumer contract (a process that reads Kafka, writes Delta, says ready on /health, telemetry to a
 * file, SIGTERM stops it) for an engine that runs elsewhere: deploys the Feldera pipeline, follows it
 * while it runs, and on {@link #requestStop()} stops it (forced), clears its storage and deletes it, in
 * that order — the only order Feldera accepts.
 */
final class FelderaConsumer {
    private static final Duration TEARDOWN = Duration.ofMinutes(2);

    private final FelderaSettings s;
    private final PrintStream out;
    private final List<String> secrets;
    private final TableProbe.Opener probes;
    private final FelderaClient.Sleeper sleeper;
    private final CountDownLatch stopRequested = new CountDownLatch(1);
    private final CountDownLatch finished = new CountDownLatch(1);
    private volatile Thread runner;
    private volatile boolean following;
    private volatile Pipeline pipeline;

    FelderaConsumer(FelderaSettings settings, PrintStream out, TableProbe.Opener probes) {
        this(settings, out, probes, d -> Thread.sleep(d.toMillis()));
    }

    /** {@code sleeper}: how the client waits between retries and polls (tests pass one that does not wait). */
    FelderaConsumer(FelderaSettings settings, PrintStream out, TableProbe.Opener probes, FelderaClient.Sleeper sleeper) {
        this.s = settings;
        this.out = out;
        this.probes = probes;
        this.sleeper = sleeper;
        this.secrets = PipelineProgram.secrets(settings);
    }

    /** Asks {@link #run} to tear the pipeline down and waits (bounded) until it has. For SIGTERM. */
    void requestStop() {
        stopRequested.countDown();
        Thread t = runner;
        if (t != null && !following) {
            t.interrupt(); // compiling or starting: waits of minutes, cut them short
        }
        try {
            finished.await(TEARDOWN.toSeconds() + 30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    int run() throws Exception {
        runner = Thread.currentThread();
        try (HealthServer health = HealthServer.start(s.healthPort());
             StatsTelemetry telemetry = new StatsTelemetry(s.telemetryFile(), health)) {
            out.println("health: http://0.0.0.0:" + health.port() + "/health");
            return deployAndFollow(health, telemetry);
        } catch (FelderaException | InterruptedException e) {
            if (stopRequested.getCount() == 0 && pipeline != null) {
                Thread.interrupted(); // the interrupt was ours; the teardown needs its waits
                out.println("feldera: stop requested while " + (following ? "running" : "deploying"));
                tearDown(pipeline);
                return MainRunner.EXIT_OK;
            }
            if (e instanceof InterruptedException) {
                throw e;
            }
            out.println("feldera-consumer: " + Secrets.redactText(String.valueOf(e.getMessage()), secrets));
            return MainRunner.EXIT_FAILED;
        } finally {
            finished.countDown();
        }
    }

    private int deployAndFollow(HealthServer health, StatsTelemetry telemetry) throws Exception {
        FelderaClient client = FelderaClient.builder(s.felderaUrl()).apiKey(s.apiKey().orElse(null)).redacting(secrets)
                .sleeper(sleeper).build();
        checkServer(client);
        Pipeline pipeline = client.pipeline(s.pipelineName());
        this.pipeline = pipeline;
        String program = PipelineProgram.sql(s);
        out.println("feldera: pipeline " + s.pipelineName() + " on " + s.felderaUrl() + ", program:\n"
                + PipelineProgram.redacted(program, secrets).indent(2).stripTrailing());

        pipeline.find().ifPresent(old -> {
            // a pipeline left by an earlier run would resume from its own storage instead of the fresh topic
            out.println("feldera: removing an earlier pipeline of that name (" + old.deploymentStatus() + ")");
            pipeline.tearDown(TEARDOWN);
        });
        PipelineDefinition definition = PipelineDefinition.named(s.pipelineName())
                .description("streambench: Kafka " + s.topic() + " -> Delta " + s.tablePath())
                .sql(program)
                .profile(s.compilationProfile())
                .runtime("workers", s.workers())
                .runtime("storage", s.storage())
                .runtime("min_batch_size_records", s.minBatchSizeRecords())
                .runtime("max_buffering_delay_usecs", s.maxBufferingDelayUsecs());
        boolean created = pipeline.createOrReplace(definition);
        out.println("feldera: pipeline " + (created ? "created" : "updated") + "; compiling (timeout "
                + s.compileTimeout().toMinutes() + " min)");

        long t0 = System.nanoTime();
        try {
            pipeline.awaitCompiled(s.compileTimeout(), st -> out.printf("feldera: program %s after %d s%n",
                    st.programStatus(), (System.nanoTime() - t0) / 1_000_000_000L));
        } catch (ProgramFailedException e) {
            out.println("feldera-consumer: the program did not compile; the pipeline is left in Feldera for inspection.\n"
                    + e.getMessage());
            return MainRunner.EXIT_FAILED;
        }

        pipeline.start();
        try {
            pipeline.awaitRunning(s.startTimeout(), st -> out.println("feldera: deployment " + st.deploymentStatus()));
        } catch (DeploymentFailedException e) {
            out.println("feldera-consumer: " + e.getMessage());
            tearDown(pipeline);
            return MainRunner.EXIT_FAILED;
        }

        String tableUri = s.lake().tableUri(s.tablePath());
        long started = System.nanoTime();
        try (TableProbe probe = probes.open()) {
            while (!probe.tableExists()) {
                if (stopRequested.await(500, TimeUnit.MILLISECONDS)) {
                    tearDown(pipeline);
                    return MainRunner.EXIT_OK;
                }
                if (System.nanoTime() - started > s.startTimeout().toNanos()) {
                    out.println("feldera-consumer: the pipeline runs but no Delta table appeared at " + tableUri + " within "
                            + s.startTimeout().toSeconds() + " s; check the pipeline's log in Feldera (storage endpoint "
                            + "and credentials as Feldera sees them)");
                    tearDown(pipeline);
                    return MainRunner.EXIT_FAILED;
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
                out.println("feldera-consumer: the pipeline left Running: " + st.deploymentStatus()
                        + (st.deploymentError() == null ? "" : " (" + Secrets.redactText(st.deploymentError().toString(), secrets) + ")"));
                tearDown(pipeline);
                return MainRunner.EXIT_FAILED;
            }
        }
        health.markNotReady("stopping");
        tearDown(pipeline);
        return MainRunner.EXIT_OK;
    }

    /** A wrong URL or key is a configuration error (exit 2) naming the variable, not a pipeline failure. */
    private void checkServer(FelderaClient client) {
        try {
            client.ping();
        } catch (FelderaException e) {
            if (e.httpStatus() == 0) {
                throw new ConfigException("FELDERA_URL " + s.felderaUrl() + ": no Feldera pipeline manager answers ("
                        + e.getMessage() + ")");
            }
            if (e.httpStatus() == 401 || e.httpStatus() == 403) {
                throw new ConfigException("FELDERA_API_KEY: the Feldera server at " + s.felderaUrl() + " refused it (HTTP "
                        + e.httpStatus() + ")");
            }
            throw e;
        }
    }

    private void tearDown(Pipeline pipeline) {
        out.println("feldera: stopping (force), clearing storage, deleting pipeline " + pipeline.name());
        pipeline.tearDown(TEARDOWN);
        out.println("feldera: pipeline " + pipeline.name() + " deleted");
    }
}
