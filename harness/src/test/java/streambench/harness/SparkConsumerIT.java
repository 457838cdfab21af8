package streambench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.common.Event;
import streambench.common.HostileRecords;
import streambench.common.LakeSettings;
import streambench.harness.engine.ConsumerProcess;
import streambench.harness.services.InstallLayout;
import streambench.harness.services.LakeFileSystem;
import streambench.harness.services.ProducerLauncher;

/**
 * A Spark consumer jar as its own JVM against a real KRaft broker and real Azurite, at a modest
 * rate: every event exactly once (also across kill -9, and a fresh checkpoint against a filled table
 * refused), every hostile record (common's corpus) dropped and counted as malformed, knobs taking effect.
 * One subclass per Spark version.
 */
abstract class SparkConsumerIT {
    private static final int RATE = 5000;
    /**
     * Less than half a second of load: any micro-batch that takes longer than 0.4 s (every batch that
     * commits to the lake does) finds more waiting than this. At the rate itself, a batch had to take a
     * full 0.8 s to reach the bound, and on a fast machine none did.
     */
    private static final int BATCH_BOUND = 2000;

    private static final int SECONDS = 10;
    private static final int EVENTS = RATE * SECONDS;
    /** The producer's events and the four good events around the two halves of the hostile records. */
    private static final int GOOD = EVENTS + 4;

    private static final Duration READY = Duration.ofMinutes(3);
    private static final Duration DRAIN = Duration.ofMinutes(3);
    private static final List<HostileRecords.Entry> HOSTILE = ConsumerChecks.HOSTILE;

    private static final InstallLayout LAYOUT = InstallLayout.load();
    private static ItServices services;

    @TempDir
    Path tmp;

    /** The harness's name for the jar, e.g. {@code spark-4.2.jar}. */
    abstract String jarKey();

    @BeforeAll
    static void startServices(@TempDir Path logs) throws Exception {
        services = ItServices.start(LAYOUT, logs);
    }

    @AfterAll
    static void stopServices() {
        if (services != null) {
            services.close();
        }
    }

    @Test
    void deliversEveryEventExactlyOnceDropsAndCountsMalformedRecordsAndHonoursKnobs() throws Exception {
        String topic = "happy-" + jarKey().replace('.', '-');
        String table = "it/" + topic;
        services.topics.create(topic, 2);
        // half the hostile records wait in the topic for the start, half arrive in the running stream
        List<HostileRecords.Entry> firstHalf = HOSTILE.subList(0, HOSTILE.size() / 2);
        List<Event> around = new ArrayList<>(
                ConsumerChecks.sendBetweenGoodEvents(services.kafka.bootstrapServers(), topic, firstHalf, 0));
        Path telemetry = tmp.resolve("telemetry.jsonl");
        Map<String, String> env = services.consumerEnv(topic, table);
        env.put("TELEMETRY_FILE", telemetry.toString());
        env.put("MAX_OFFSETS_PER_TRIGGER", Integer.toString(BATCH_BOUND));

        List<String> output = java.util.Collections.synchronizedList(new ArrayList<>());
        try (ConsumerProcess consumer = startConsumer(env, "happy", output::add)) {
            consumer.awaitReady(READY);
            ProducerLauncher.Outcome produced = services.produce(LAYOUT, topic, RATE, SECONDS, tmp, "happy");
            assertThat(produced.succeeded()).as(produced.logTail()).isTrue();
            around.addAll(ConsumerChecks.sendBetweenGoodEvents(
                    services.kafka.bootstrapServers(), topic, HOSTILE.subList(firstHalf.size(), HOSTILE.size()), 2));
            long rows = DeltaTableContents.awaitRows(services.lake, services.lake.tableUri(table), GOOD, DRAIN);
            assertThat(rows).as("rows committed within %s", DRAIN).isEqualTo(GOOD);
            ConsumerChecks.awaitLastTelemetry(telemetry, "malformed_rows_total", HOSTILE.size(), DRAIN);
            assertThat(consumer.process().isAlive()).isTrue();
        }

        ConsumerChecks.assertExactlyOnceOnSchedule(
                DeltaTableContents.read(services.lake, services.lake.tableUri(table)), EVENTS, RATE, around);
        List<JsonNode> batches = ConsumerChecks.readTelemetry(telemetry);
        assertThat(batches)
                .allSatisfy(b -> assertThat(b.get("input_rows").asLong())
                        .as("batch %s", b.get("batch_id"))
                        .isLessThanOrEqualTo(BATCH_BOUND));
        assertThat(batches.stream()
                        .mapToLong(b -> b.get("input_rows").asLong())
                        .max()
                        .orElse(0))
                .as("MAX_OFFSETS_PER_TRIGGER bounds batches; some batch should reach it")
                .isGreaterThanOrEqualTo(BATCH_BOUND * 8L / 10);
        assertThat(batches.get(batches.size() - 1).get("malformed_rows_total").asLong())
                .isEqualTo(HOSTILE.size());
        assertThat(batches.get(0).get("durations_ms").has("addBatch")).isTrue();
        assertThat(batches)
                .as("every batch counts its storage requests on ABFS")
                .allSatisfy(
                        b -> assertThat(b.get("storage_requests").get("total").asLong())
                                .isPositive());
        assertThat(batches.stream()
                        .mapToLong(
                                b -> b.get("storage_requests").path("blob_put").asLong())
                        .sum())
                .as("offsets, commits, Delta commit and checksum as one Put Blob each (the blob-put defaults)")
                .isGreaterThanOrEqualTo(3L * batches.size());
        assertThat(String.join("\n", output))
                .as("the default writer answers its exactly-once check from the snapshot's checksum")
                .contains("appended by one transaction per batch on the last commit's snapshot")
                .doesNotContain("the exactly-once check rebuilds the table state");
        try (FileSystem fs = LakeFileSystem.open(services.lake, Map.of())) {
            org.apache.hadoop.fs.Path last = new org.apache.hadoop.fs.Path(
                    services.lake.tableUri(table) + "_warmup/_delta_log/_last_checkpoint");
            assertThat(fs.exists(last))
                    .as("the warm-up checkpoints its scratch table, so the stream's first checkpoint is not cold code")
                    .isTrue();
            try (java.io.InputStream in = fs.open(last)) {
                assertThat(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8))
                        .as("three warm-up writes (versions 0-2), each checkpointing the version before it: no "
                                + "checkpoint of a snapshot the next commit replaces")
                        .contains("\"version\":1,");
            }
        }
        assertThat(String.join("\n", output))
                .contains("MAX_OFFSETS_PER_TRIGGER=" + BATCH_BOUND)
                .contains("fs.azure.account.key.devstoreaccount1.dfs.core.windows.net=<redacted>")
                .doesNotContain(LakeSettings.AZURITE_KEY);
    }

    /**
     * Also: {@code _last_checkpoint} is never seen empty by a reader, while background checkpoints run every other
     * commit, across a kill -9 and across a SIGTERM that arrives just after a checkpoint started (the stop lets it
     * finish). Kernel's default log store wrote it in place, an empty blob until its stream closed.
     */
    @Test
    void staysExactlyOnceAcrossKillDashNineAndRestart() throws Exception {
        String topic = "kill-" + jarKey().replace('.', '-');
        String table = "it/" + topic;
        services.topics.create(topic, 2);
        Map<String, String> env = services.consumerEnv(topic, table);
        env.put("MAX_OFFSETS_PER_TRIGGER", "3000"); // several commits before the kill
        // a background log checkpoint every other commit, so the kill can land in the middle of one
        env.put("DELTA_BACKGROUND_CHECKPOINT_EVERY", "2");

        CompletableFuture<ProducerLauncher.Outcome> produced;
        List<String> beforeKill = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (LastCheckpointWatch watch = new LastCheckpointWatch(services.lake.tableUri(table))) {
            try (ConsumerProcess first = startConsumer(env, "before-kill", beforeKill::add)) {
                first.awaitReady(READY);
                produced = produceInBackground(topic, "kill");
                long rows = DeltaTableContents.awaitRows(services.lake, services.lake.tableUri(table), 6000, DRAIN);
                assertThat(rows).as("rows committed before the kill").isGreaterThanOrEqualTo(6000);
                awaitLine(beforeKill, "(background");
                first.kill();
                assertThat(String.join("\n", beforeKill))
                        .contains("spark: Delta log checkpoints every 2 commits, on a background thread, written by "
                                + "Delta Kernel (DELTA_CHECKPOINT_WRITER=kernel)")
                        .containsPattern(
                                "spark: Delta log checkpoint at version \\d+ in \\d+ ms \\(background, kernel\\)");
            }
            List<String> stopped = new java.util.concurrent.CopyOnWriteArrayList<>();
            try (ConsumerProcess second = startConsumer(env, "stopped-in-checkpoint", stopped::add)) {
                second.awaitReady(READY);
                awaitLine(stopped, "starting (background");
                second.process().stop(streambench.common.ConsumerContract.STOP_GRACE);
                assertThat(String.join(
                                "\n",
                                stopped.subList(lastIndexContaining(stopped, "starting (background"), stopped.size())))
                        .as("the checkpoint under way when SIGTERM came finished")
                        .containsPattern("Delta log checkpoint at version \\d+ in \\d+ ms");
            }
            try (ConsumerProcess third = startConsumer(env, "after-kill", null)) {
                third.awaitReady(READY);
                ProducerLauncher.Outcome outcome = produced.get();
                assertThat(outcome.succeeded()).as(outcome.logTail()).isTrue();
                long rows = DeltaTableContents.awaitRows(services.lake, services.lake.tableUri(table), EVENTS, DRAIN);
                assertThat(rows).isEqualTo(EVENTS);
            }
            assertThat(watch.nonEmptyReads())
                    .as("_last_checkpoint read while the consumers ran")
                    .isPositive();
            assertThat(watch.emptyReads()).as("_last_checkpoint seen empty").isZero();
        }
        // A fresh checkpoint against the table just filled would append the whole topic again: refused before
        // the query starts (the assertion below sees no extra row).
        Map<String, String> fresh = new java.util.LinkedHashMap<>(env);
        String freshCheckpoint = services.lake.tableUri(table) + "_other_checkpoint";
        fresh.put("CHECKPOINT_LOCATION", freshCheckpoint);
        assertThat(ConsumerChecks.runToExit(LAYOUT.jar(jarKey()), jarKey() + "-fresh-checkpoint", fresh, tmp, 2))
                .contains("CHECKPOINT_LOCATION " + freshCheckpoint + " holds no offsets (a fresh query)")
                .contains("the Delta table at TABLE_PATH (" + services.lake.tableUri(table) + ") already holds data")
                .contains("would append the whole topic again; point CHECKPOINT_LOCATION at this table's checkpoint, "
                        + "use a new TABLE_PATH, or set SPARK_APPEND_TO_EXISTING_TABLE=true if appending is intended");
        ConsumerChecks.assertExactlyOnceOnSchedule(
                DeltaTableContents.read(services.lake, services.lake.tableUri(table)), EVENTS, RATE);
    }

    /**
     * Two queries on one checkpoint: each log file is written only if absent (one exclusive Put Blob with the
     * blob-put defaults), so the two meet at the first batch both try to write, one of them stops naming the
     * conflict, and the table holds every event once.
     */
    @Test
    void aSecondQueryOnTheSameCheckpointStopsAtTheFirstConflictingWrite() throws Exception {
        String topic = "twice-" + jarKey().replace('.', '-');
        String table = "it/" + topic;
        services.topics.create(topic, 2);
        Map<String, String> env = services.consumerEnv(topic, table);
        env.put("MAX_OFFSETS_PER_TRIGGER", "3000");
        List<String> firstOut = new java.util.concurrent.CopyOnWriteArrayList<>();
        List<String> secondOut = new java.util.concurrent.CopyOnWriteArrayList<>();
        Map<String, String> secondEnv = new java.util.LinkedHashMap<>(env);
        secondEnv.put("WARMUP_COMMITS", "0");
        try (ConsumerProcess first = startConsumer(env, "first", firstOut::add)) {
            first.awaitReady(READY);
            try (ConsumerProcess second = startConsumer(secondEnv, "second", secondOut::add)) {
                // Load only once the second query runs: a query started after the last event finds nothing to
                // write, so the two would never meet (a CI run lost this race on a busy machine).
                long streamDeadline = System.nanoTime() + READY.toNanos();
                while (second.process().isAlive()
                        && secondOut.stream().noneMatch(l -> l.contains("spark: micro-batches appended by"))
                        && System.nanoTime() < streamDeadline) {
                    Thread.sleep(200);
                }
                CompletableFuture<ProducerLauncher.Outcome> produced = produceInBackground(topic, "twice");
                long deadline = System.nanoTime() + DRAIN.toNanos();
                while (first.process().isAlive() && second.process().isAlive() && System.nanoTime() < deadline) {
                    Thread.sleep(200);
                }
                assertThat(first.process().isAlive() && second.process().isAlive())
                        .as("one of two queries on one checkpoint stops")
                        .isFalse();
                String loser = String.join("\n", first.process().isAlive() ? secondOut : firstOut);
                assertThat(loser)
                        // the offset log's entry (both queries reach the same batch) or the commit log's
                        .containsPattern("Multiple streaming queries are concurrently using \\S+/offsets"
                                + "|Multiple streaming jobs detected for \\d+"
                                + "|multiple streaming queries are using the same checkpoint");
                ProducerLauncher.Outcome outcome = produced.get();
                assertThat(outcome.succeeded()).as(outcome.logTail()).isTrue();
                long rows = DeltaTableContents.awaitRows(services.lake, services.lake.tableUri(table), EVENTS, DRAIN);
                assertThat(rows).isEqualTo(EVENTS);
            }
        }
        ConsumerChecks.assertExactlyOnceOnSchedule(
                DeltaTableContents.read(services.lake, services.lake.tableUri(table)), EVENTS, RATE);
    }

    @Test
    void anUnreachableKafkaOrAMissingTopicExitsTwoNamingIt() throws Exception {
        Map<String, String> env = services.consumerEnv("no-such-topic", "it/no-topic");
        assertThat(ConsumerChecks.runToExit(LAYOUT.jar(jarKey()), jarKey() + "-no-topic", env, tmp, 2))
                .contains("TOPIC no-such-topic does not exist");
        env = services.consumerEnv("any", "it/no-kafka");
        env.put("KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:1"); // nothing listens on port 1
        env.put("KAFKA_CONNECT_TIMEOUT", "3s");
        assertThat(ConsumerChecks.runToExit(LAYOUT.jar(jarKey()), jarKey() + "-no-kafka", env, tmp, 2))
                .contains("Kafka at 127.0.0.1:1 did not answer within 3 s");
    }

    private static void awaitLine(List<String> lines, String part) throws InterruptedException {
        long deadline = System.nanoTime() + DRAIN.toNanos();
        while (lines.stream().noneMatch(l -> l.contains(part)) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(lines).as("a line with \"%s\"", part).anyMatch(l -> l.contains(part));
    }

    private static int lastIndexContaining(List<String> lines, String part) {
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (lines.get(i).contains(part)) {
                return i;
            }
        }
        return 0;
    }

    /**
     * Reads the table's {@code _last_checkpoint} as another reader would, every few milliseconds: its length, and
     * whether it exists. A length of zero is what Delta readers trip on (Spark retries for seconds, older delta-rs
     * cannot open the table).
     */
    private static final class LastCheckpointWatch implements AutoCloseable {
        private final java.util.concurrent.atomic.AtomicLong empty = new java.util.concurrent.atomic.AtomicLong();
        private final java.util.concurrent.atomic.AtomicLong nonEmpty = new java.util.concurrent.atomic.AtomicLong();
        private final FileSystem fs;
        private final Thread thread;
        private volatile boolean stop;

        LastCheckpointWatch(String tableUri) throws java.io.IOException {
            fs = LakeFileSystem.open(services.lake, Map.of());
            org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(tableUri + "/_delta_log/_last_checkpoint");
            thread = new Thread(
                    () -> {
                        while (!stop) {
                            try {
                                long length = fs.getFileStatus(file).getLen();
                                (length == 0 ? empty : nonEmpty).incrementAndGet();
                            } catch (java.io.IOException e) {
                                // not there yet
                            }
                            try {
                                Thread.sleep(5);
                            } catch (InterruptedException e) {
                                return;
                            }
                        }
                    },
                    "last-checkpoint-watch");
            thread.setDaemon(true);
            thread.start();
        }

        long emptyReads() {
            return empty.get();
        }

        long nonEmptyReads() {
            return nonEmpty.get();
        }

        @Override
        public void close() throws Exception {
            stop = true;
            thread.join(10_000);
            fs.close();
        }
    }

    /** The producer's load at {@link #RATE} for {@link #SECONDS}, while the test watches the consumers. */
    private CompletableFuture<ProducerLauncher.Outcome> produceInBackground(String topic, String name) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return services.produce(LAYOUT, topic, RATE, SECONDS, tmp, name);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private ConsumerProcess startConsumer(
            Map<String, String> env, String name, java.util.function.Consumer<String> lines) {
        return ConsumerChecks.startConsumer(LAYOUT.jar(jarKey()), jarKey() + "-" + name, env, tmp, lines);
    }
}
