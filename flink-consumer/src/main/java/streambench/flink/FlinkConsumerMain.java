package streambench.flink;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.streaming.api.CheckpointingMode;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.CheckpointConfig;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.kafka.clients.consumer.OffsetResetStrategy;
import streambench.common.ConsumerContract;
import streambench.common.ConsumerStartup;
import streambench.common.HealthServer;
import streambench.common.Knobs;
import streambench.common.MainRunner;
import streambench.common.MalformedEventException;
import streambench.common.StartingOffsets;
import streambench.common.StorageRequests;
import streambench.common.TelemetryFile;
import streambench.deltawriter.EventRow;
import streambench.deltawriter.EventTable;
import streambench.deltawriter.WarmUp;
import streambench.flink.delta.CommitReport;
import streambench.flink.delta.DeltaSink;
import streambench.preflight.KafkaPreflight;

/**
 * Kafka → parse → our exactly-once Delta sink, on Flink 1.16, nothing else: no rebalance, no keyBy.
 * {@code java -jar} runs the job in a MiniCluster inside this JVM; {@code flink run} submits it to a
 * cluster. Exit 2 for bad configuration, 1 when the job fails.
 */
public final class FlinkConsumerMain {
    private FlinkConsumerMain() {}

    private static final String PROGRAM = "flink-consumer";

    public static void main(String[] args) {
        MainRunner.runAndExit(PROGRAM, args, FlinkKnobs.sheet(), () -> run(Knobs.fromEnvironment(), System.out));
    }

    static int run(Knobs knobs, PrintStream out) throws Exception {
        FlinkSettings s = FlinkSettings.fromKnobs(knobs);
        ConsumerStartup startup = new ConsumerStartup(PROGRAM, s.consumer(), out);
        HealthServer health = startup.start(
                knobs,
                KafkaPreflight::check,
                s.kafkaConnectTimeout(),
                "table: " + s.tableUri() + "  checkpoints: " + s.checkpointDir());
        health.registerMetric(ConsumerContract.MALFORMED_ROWS_TOTAL, LocalJobCounters.MALFORMED::get);
        health.registerMetric("records_committed_total", LocalJobCounters.RECORDS_COMMITTED::get);
        health.registerMetric("checkpoints_completed", LocalJobCounters.CHECKPOINTS::get);
        health.registerMetric("delta_version", LocalJobCounters.LAST_DELTA_VERSION::get);
        health.registerMetric(StorageRequests.METRIC, LocalJobCounters.STORAGE_REQUESTS::get);
        try {
            return runJob(s, startup, health, out);
        } catch (ExecutionException e) {
            out.println(
                    PROGRAM + ": job failed: " + MainRunner.describe(e, s.lake().secretValues()));
            return ConsumerContract.EXIT_FAILED;
        } finally {
            health.close();
        }
    }

    private static int runJob(FlinkSettings s, ConsumerStartup startup, HealthServer health, PrintStream out)
            throws Exception {
        warmUp(s, out);
        DeltaSink<EventRow> sink = deltaSink(s, out);
        CheckpointLocator.Owner owner = new CheckpointLocator.Owner(s.topic(), s.tableUri());
        Configuration conf = flinkConfiguration(s);
        resumeIfAsked(s, owner, conf, out);
        // the checkpoint directory may be on the lake (abfs): Flink's Hadoop fallback reads flink.hadoop.* keys
        FileSystem.initialize(conf, null);
        StreamExecutionEnvironment env = environment(s, conf);
        checkTelemetryFileWhenLocal(s, env);
        sink.addTo(kafkaEvents(s, env), "delta");

        CountDownLatch firstCheckpoint = printEachCommit(out);
        JobClient job = submit(s, env, owner, out);
        CancelOnStop cancel = new CancelOnStop(job);
        startup.onStop(health, cancel);
        awaitReady(job, isLocal(env), firstCheckpoint, health, out);
        awaitEnd(job, cancel, s, out);
        return ConsumerContract.EXIT_OK;
    }

    /** Commits to {@code <table>_warmup} through the same JSON decoder as the stream, so the parser is warm too. */
    private static void warmUp(FlinkSettings s, PrintStream out) throws IOException, MalformedEventException {
        if (s.warmupCommits() == 0) {
            return;
        }
        long t0 = System.nanoTime();
        WarmUp.events(s.tableUri() + "_warmup", s.hadoopConf(), s.parquet(), s.warmupRows(), s.warmupCommits());
        out.printf(
                "flink: warmed up with %d commits of %,d rows to %s_warmup in %.1f s%n",
                s.warmupCommits(), s.warmupRows(), s.tableUri(), (System.nanoTime() - t0) / 1e9);
    }

    /** Creates the table (or finds it) before the job exists, so a lake that refuses us fails here, exit 1. */
    private static DeltaSink<EventRow> deltaSink(FlinkSettings s, PrintStream out) {
        DeltaSink.Builder<EventRow> builder = DeltaSink.builder(s.tableUri(), s.hadoopConf(), EventTable.FORMAT)
                .parquet(s.parquet())
                .maxRecordsPerFile(s.maxRecordsPerFile())
                .writeChecksum(s.writeChecksum())
                .appIdPrefix("streambench-flink")
                .engineInfo("streambench-flink-consumer Flink/1.16.3 Delta-Kernel/4.4.0")
                .listener(new CheckpointTelemetry(s.telemetryFile().orElse(null), s.tableUri(), s.hadoopConf()));
        s.tableProperties().forEach(builder::tableProperty);
        DeltaSink<EventRow> sink = builder.build();
        out.println("flink: table ready at " + sink.tablePath());
        return sink;
    }

    /** Only from a checkpoint of this topic and table: one of another run's would skip or repeat events. */
    private static void resumeIfAsked(
            FlinkSettings s, CheckpointLocator.Owner owner, Configuration conf, PrintStream out) throws IOException {
        Optional<String> restore = s.resumeFromCheckpoint()
                ? CheckpointLocator.resumable(s.checkpointDir(), s.hadoopConf(), owner, out)
                : Optional.empty();
        restore.ifPresent(path -> {
            conf.setString("execution.savepoint.path", path);
            out.println("flink: resuming from checkpoint " + path);
        });
    }

    /**
     * The committer opens the file inside the job, where an unwritable path fails the job, restarts and exits
     * 1. Locally its TaskManager is this JVM: checked here, it exits 2 naming the variable. On a cluster the
     * file is on a TaskManager's disk, which this client cannot check.
     */
    private static void checkTelemetryFileWhenLocal(FlinkSettings s, StreamExecutionEnvironment env) {
        if (isLocal(env)) {
            s.telemetryFile().ifPresent(TelemetryFile::checkWritable);
        }
    }

    private static DataStream<EventRow> kafkaEvents(FlinkSettings s, StreamExecutionEnvironment env) {
        Properties kafkaProps = new Properties();
        kafkaProps.putAll(s.kafkaProperties());
        KafkaSource<EventRow> source = KafkaSource.<EventRow>builder()
                .setProperties(kafkaProps)
                .setTopics(s.topic())
                .setGroupId(s.groupId())
                .setStartingOffsets(OffsetsInitializer.committedOffsets(
                        s.startingOffsets() == StartingOffsets.EARLIEST
                                ? OffsetResetStrategy.EARLIEST
                                : OffsetResetStrategy.LATEST))
                .setDeserializer(new EventDeserializer())
                .build();
        return env.fromSource(source, WatermarkStrategy.noWatermarks(), "kafka").uid("kafka-source");
    }

    /** One line per completed checkpoint; the latch opens at the first, which makes a local job ready. */
    private static CountDownLatch printEachCommit(PrintStream out) {
        CountDownLatch firstCheckpoint = new CountDownLatch(1);
        long started = System.nanoTime();
        LocalJobCounters.onCommit((r, storage) -> {
            firstCheckpoint.countDown();
            out.println(progressLine(r, storage, (System.nanoTime() - started) / 1_000_000_000L));
        });
        return firstCheckpoint;
    }

    /** Records topic and table beside the job's checkpoints, so that a restart knows whose they are. */
    private static JobClient submit(
            FlinkSettings s, StreamExecutionEnvironment env, CheckpointLocator.Owner owner, PrintStream out)
            throws Exception {
        JobClient job = env.executeAsync("streambench-flink-consumer");
        try {
            CheckpointLocator.record(s.checkpointDir(), job.getJobID().toString(), owner, s.hadoopConf());
        } catch (IOException e) {
            out.println("flink: could not record topic and table beside this job's checkpoints in CHECKPOINT_DIR="
                    + s.checkpointDir() + " (" + e + "); a restart will not resume them");
        }
        out.println("flink: job " + job.getJobID() + " submitted, parallelism " + s.parallelism()
                + ", checkpoint every " + s.checkpointIntervalMs() + " ms");
        return job;
    }

    /** Ready = running and one checkpoint through the committer (locally; on a cluster: running). */
    private static void awaitReady(
            JobClient job, boolean local, CountDownLatch firstCheckpoint, HealthServer health, PrintStream out)
            throws Exception {
        awaitRunning(job, out);
        while (!firstCheckpoint.await(1, TimeUnit.SECONDS)) {
            if (job.getJobStatus().get().isGloballyTerminalState() || !local) {
                break;
            }
        }
        if (!job.getJobStatus().get().isGloballyTerminalState()) {
            health.markReady();
            out.println("flink: ready");
        }
    }

    /** A job that fails on its own ends main with the cause (exit 1); one cancelled on SIGTERM ends well. */
    private static void awaitEnd(JobClient job, CancelOnStop cancel, FlinkSettings s, PrintStream out)
            throws Exception {
        try {
            job.getJobExecutionResult().get();
        } catch (ExecutionException e) {
            if (!cancel.requested()) {
                throw e;
            }
            out.println("flink: job cancelled on request; its last checkpoint stays in " + s.checkpointDir());
        }
        out.println("flink: malformed records dropped: " + LocalJobCounters.MALFORMED.get());
        cancel.reported();
    }

    /**
     * SIGTERM's part: cancel the job (its retained checkpoint lets the next start resume), then give main
     * the time to say how the job ended before the JVM goes.
     */
    private static final class CancelOnStop implements Runnable {
        private final JobClient job;
        private final AtomicBoolean requested = new AtomicBoolean();
        private final CountDownLatch reported = new CountDownLatch(1);

        CancelOnStop(JobClient job) {
            this.job = job;
        }

        @Override
        public void run() {
            requested.set(true);
            try {
                job.cancel().get(30, TimeUnit.SECONDS);
                reported.await(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                // already finished, or the JVM is going down anyway; the checkpoint keeps us exactly once
            }
        }

        boolean requested() {
            return requested.get();
        }

        void reported() {
            reported.countDown();
        }
    }

    static StreamExecutionEnvironment environment(FlinkSettings s, Configuration conf) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(s.parallelism());
        env.setBufferTimeout(s.bufferTimeoutMs());
        if (s.objectReuse()) {
            env.getConfig().enableObjectReuse();
        }
        env.enableCheckpointing(s.checkpointIntervalMs(), CheckpointingMode.EXACTLY_ONCE);
        // Flink's default with checkpoints is to restart for ever: a broken job must end, with its cause
        env.setRestartStrategy(org.apache.flink.api.common.restartstrategy.RestartStrategies.fixedDelayRestart(
                s.restartAttempts(),
                org.apache.flink.api.common.time.Time.milliseconds(
                        s.restartDelay().toMillis())));
        CheckpointConfig cp = env.getCheckpointConfig();
        cp.setMinPauseBetweenCheckpoints(s.checkpointMinPauseMs());
        cp.setCheckpointTimeout(s.checkpointTimeoutMs());
        cp.setMaxConcurrentCheckpoints(1);
        // Aligned only, whatever a cluster's flink-conf.yaml says: an unaligned barrier N can overtake
        // the writers' committables, which then sit in channel state, not in the committer's state.
        // N's commit would miss them, and replayed after a restore they would look already committed.
        cp.enableUnalignedCheckpoints(false);
        cp.setCheckpointStorage(s.checkpointDir());
        cp.setExternalizedCheckpointCleanup(CheckpointConfig.ExternalizedCheckpointCleanup.RETAIN_ON_CANCELLATION);
        return env;
    }

    static Configuration flinkConfiguration(FlinkSettings s) {
        Configuration conf = new Configuration();
        conf.setString("taskmanager.numberOfTaskSlots", Integer.toString(s.parallelism()));
        conf.setString("parallelism.default", Integer.toString(s.parallelism()));
        conf.setString("rest.bind-port", "0"); // any free port: two local consumers must not collide
        // A local cluster's REST endpoint and blob server bind every interface by default and authenticate nobody;
        // on a cluster (a job submitted to one) its own configuration decides.
        conf.setString("rest.bind-address", s.listenAddress());
        conf.setString("rest.address", s.listenAddress());
        conf.setString("jobmanager.bind-host", s.listenAddress());
        conf.setString("taskmanager.bind-host", s.listenAddress());
        conf.setString("taskmanager.host", s.listenAddress());
        conf.setString("fs.allowed-fallback-filesystems", "abfs;abfss");
        s.hadoopConf().forEach((k, v) -> conf.setString("flink.hadoop." + k, v));
        return conf;
    }

    private static boolean isLocal(StreamExecutionEnvironment env) {
        return env instanceof org.apache.flink.streaming.api.environment.LocalStreamEnvironment;
    }

    private static void awaitRunning(JobClient job, PrintStream out) throws Exception {
        JobStatus last = null;
        while (true) {
            JobStatus status = job.getJobStatus().get();
            if (status != last) {
                out.println("flink: job " + status);
                last = status;
            }
            if (status == JobStatus.RUNNING) {
                return;
            }
            if (status.isGloballyTerminalState()) {
                job.getJobExecutionResult().get(); // throws with the cause
                return;
            }
            Thread.sleep(200);
        }
    }

    static String progressLine(CommitReport r, Map<String, Long> storage, long elapsedSeconds) {
        return "flink t=" + elapsedSeconds + "s checkpoint=" + r.checkpointId()
                + " files=" + r.files() + " records=" + r.records()
                + " checkpoint_ms=" + r.checkpointMillis() + " commit_ms=" + r.commitMillis()
                + " delta_version=" + r.deltaVersion()
                + (r.alreadyCommitted() ? " (already committed)" : "")
                + " malformed_total=" + LocalJobCounters.MALFORMED.get()
                + (storage.isEmpty() ? "" : " requests=" + storage.get(StorageRequests.TOTAL));
    }
}
