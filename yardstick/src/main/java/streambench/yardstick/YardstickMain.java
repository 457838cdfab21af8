package streambench.yardstick;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.conf.Configuration;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import streambench.common.ConfigException;
import streambench.common.ConsumerContract;
import streambench.common.ConsumerStartup;
import streambench.common.HealthServer;
import streambench.common.Knobs;
import streambench.common.MainRunner;
import streambench.common.MalformedEventException;
import streambench.common.StartingOffsets;
import streambench.common.StorageRequests;
import streambench.deltawriter.DeltaTableCommitter;
import streambench.deltawriter.EventTable;
import streambench.deltawriter.LakeCounters;
import streambench.deltawriter.WarmUp;
import streambench.preflight.KafkaPreflight;

/**
 * The yardstick consumer: a plain Kafka consumer appending to the Delta table through our Delta writer,
 * one commit per interval with the Kafka positions inside it. Not a product: the measuring rod that says
 * what Kafka → Delta costs on this store and machine with no engine in between. Exit 2 for bad
 * configuration, 1 when a commit fails for good.
 */
public final class YardstickMain {
    private YardstickMain() {}

    private static final String PROGRAM = "yardstick";
    private static final String ENGINE_INFO = "streambench-yardstick Delta-Kernel/4.4.0";

    public static void main(String[] args) {
        if (streambench.common.ReadBack.asked(args)) {
            MainRunner.runAndExit(
                    PROGRAM + " " + streambench.common.ReadBack.ARG,
                    () -> streambench.deltawriter.KernelTableRead.run(Knobs.fromEnvironment(), System.out));
        }
        MainRunner.runAndExit(PROGRAM, args, YardstickKnobs.sheet(), () -> run(Knobs.fromEnvironment(), System.out));
    }

    static int run(Knobs knobs, PrintStream out) throws Exception {
        YardstickSettings s = YardstickSettings.fromKnobs(knobs);
        s.telemetryFile().ifPresent(streambench.common.TelemetryFile::checkWritable);
        ConsumerStartup startup = new ConsumerStartup(PROGRAM, s.consumer(), out);
        HealthServer health = startup.start(
                knobs,
                KafkaPreflight::check,
                s.kafkaConnectTimeout(),
                "table: " + s.tableUri() + "  commit every "
                        + s.commitInterval().toMillis() + " ms or " + s.commitMaxRows() + " rows, "
                        + (s.writerThreads() == 1
                                ? "written on the poll loop's thread"
                                : "written on " + s.writerThreads() + " threads beside it"));
        health.registerMetric(ConsumerContract.MALFORMED_ROWS_TOTAL, Counters.MALFORMED::get);
        health.registerMetric("records_committed_total", Counters.RECORDS_COMMITTED::get);
        health.registerMetric("commits_total", Counters.COMMITS::get);
        health.registerMetric("delta_version", Counters.LAST_DELTA_VERSION::get);
        health.registerMetric(StorageRequests.METRIC, Counters.STORAGE_REQUESTS::get);
        try {
            return stream(s, startup, health, out);
        } catch (ConfigException e) {
            throw e; // exit 2, naming what to change: e.g. a table written from another topic
        } catch (IOException | RuntimeException e) {
            out.println(PROGRAM + ": failed: "
                    + MainRunner.describe(e, s.consumer().lake().secretValues()));
            return ConsumerContract.EXIT_FAILED;
        } finally {
            health.close();
        }
    }

    private static int stream(YardstickSettings s, ConsumerStartup startup, HealthServer health, PrintStream out)
            throws IOException, InterruptedException, MalformedEventException {
        warmUp(s, out);
        DeltaTableCommitter committer = new DeltaTableCommitter(
                        s.tableUri(), s.hadoopConf(), EventTable.FORMAT, ENGINE_INFO, s.writeChecksum())
                .checkpointInBackground(s.checkpointInBackground());
        String tablePath = committer.ensureTable(s.tableProperties());
        long lastTxn = committer.lastCommitted(CommitLoop.APP_ID).orElse(0);
        KafkaPositions start = committer
                .domainMetadata(KafkaPositions.DOMAIN)
                .map(json -> KafkaPositions.fromJson(json, s.tableUri(), s.topic()))
                .orElse(new KafkaPositions(s.topic(), Map.of()));
        out.println("yardstick: table ready at " + tablePath + ", last commit " + lastTxn);
        Configuration conf = new Configuration();
        s.hadoopConf().forEach(conf::set);
        LakeCounters counters = lakeCounters(s);

        Properties props = new Properties();
        props.putAll(s.kafkaProperties());
        try (KafkaConsumer<byte[], byte[]> kafka = new KafkaConsumer<>(props)) {
            List<TopicPartition> partitions = kafka.partitionsFor(s.topic()).stream()
                    .map(p -> new TopicPartition(p.topic(), p.partition()))
                    .toList();
            kafka.assign(partitions);
            start = seek(kafka, partitions, start, s.startingOffsets(), out);
            CommitTelemetry telemetry =
                    new CommitTelemetry(counters, s.telemetryFile().orElse(null), out);
            CommitLoop loop = new CommitLoop(s, kafka, committer, tablePath, conf, start, lastTxn, telemetry, out);
            AtomicBoolean stop = new AtomicBoolean();
            CountDownLatch ended = new CountDownLatch(1);
            startup.onStop(health, () -> {
                stop.set(true);
                try {
                    kafka.wakeup();
                    ended.await(ConsumerContract.STOP_GRACE.toSeconds() / 2, TimeUnit.SECONDS);
                } catch (InterruptedException | RuntimeException e) {
                    // the JVM is going down anyway; the table's positions keep us exactly once
                }
            });
            try {
                loop.run(stop, () -> {
                    health.markReady();
                    out.println("yardstick: ready");
                });
            } finally {
                ended.countDown();
            }
        }
        out.println("yardstick: stopped; malformed records dropped: " + Counters.MALFORMED.get());
        return ConsumerContract.EXIT_OK;
    }

    private static void warmUp(YardstickSettings s, PrintStream out) throws IOException, MalformedEventException {
        if (s.warmupCommits() == 0) {
            return;
        }
        long t0 = System.nanoTime();
        WarmUp.events(s.tableUri() + "_warmup", s.hadoopConf(), s.parquet(), s.warmupRows(), s.warmupCommits());
        out.printf(
                "yardstick: warmed up with %d commits of %,d rows to %s_warmup in %.1f s%n",
                s.warmupCommits(), s.warmupRows(), s.tableUri(), (System.nanoTime() - t0) / 1e9);
    }

    /**
     * The table's positions where it has them; elsewhere {@code STARTING_OFFSETS}, resolved to offsets now,
     * so the first commit records every partition: a partition whose first events were read but not yet
     * committed before a crash resumes from there, not from a later "latest".
     */
    static KafkaPositions seek(
            org.apache.kafka.clients.consumer.Consumer<byte[], byte[]> kafka,
            List<TopicPartition> partitions,
            KafkaPositions start,
            StartingOffsets startingOffsets,
            PrintStream out) {
        Map<Integer, Long> resumed = new TreeMap<>();
        List<TopicPartition> fresh = new java.util.ArrayList<>();
        for (TopicPartition tp : partitions) {
            Long offset = start.nextOffsets().get(tp.partition());
            if (offset != null) {
                kafka.seek(tp, offset);
                resumed.put(tp.partition(), offset);
            } else {
                fresh.add(tp);
            }
        }
        // never with an empty list: Kafka takes that for every assigned partition, undoing the seeks above
        if (!fresh.isEmpty() && startingOffsets == StartingOffsets.EARLIEST) {
            kafka.seekToBeginning(fresh);
        } else if (!fresh.isEmpty()) {
            kafka.seekToEnd(fresh);
        }
        if (!resumed.isEmpty()) {
            out.println("yardstick: resuming from the table's positions " + resumed);
        }
        Map<Integer, Long> all = new TreeMap<>(start.nextOffsets());
        if (!fresh.isEmpty()) {
            Map<Integer, Long> resolved = new TreeMap<>();
            fresh.forEach(tp -> resolved.put(tp.partition(), kafka.position(tp)));
            all.putAll(resolved);
            out.println("yardstick: " + fresh.size() + " partitions from the " + startingOffsets.value() + " offset "
                    + resolved);
        }
        return new KafkaPositions(start.topic(), all);
    }

    private static LakeCounters lakeCounters(YardstickSettings s) {
        try {
            return LakeCounters.of(s.tableUri(), s.hadoopConf());
        } catch (IOException e) {
            return LakeCounters.none(); // the commit will say why the store cannot be reached; telemetry need not
        }
    }
}
