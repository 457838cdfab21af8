package streambench.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import streambench.common.ConsumerContract;
import streambench.services.ConsumerProcess;
import streambench.services.LakeFileSystem;
import streambench.services.ProducerLauncher;
import streambench.testkit.ConsumerChecks;
import streambench.testkit.ConsumerContractSuite;
import streambench.testkit.DeltaTableContents;

/**
 * A Spark consumer jar against the consumer contract, and: {@code MAX_OFFSETS_PER_TRIGGER} bounding batches, the
 * batch telemetry and its storage requests, the warm-up's checkpointed scratch table, {@code _last_checkpoint} never
 * seen empty across kill -9 and a SIGTERM during a background checkpoint, a fresh checkpoint against a filled table
 * refused, and a second query on one checkpoint stopped at the first conflicting write. Each Spark module runs it
 * against its own jar ({@value #JAR_PROPERTY}, set by its failsafe configuration).
 */
class SparkConsumerIT extends ConsumerContractSuite {
    static final String JAR_PROPERTY = "streambench.spark.jar";

    /**
     * Less than half a second of load: any micro-batch that takes longer than 0.4 s (every batch that commits to the
     * lake does) finds more waiting than this. At the rate itself, a batch had to take a full 0.8 s to reach the
     * bound, and on a fast machine none did.
     */
    private static final int BATCH_BOUND = 2000;

    @Override
    protected String jarKey() {
        String key = System.getProperty(JAR_PROPERTY);
        if (key == null || key.isBlank()) {
            throw new IllegalStateException("system property " + JAR_PROPERTY + " is not set: run this test from "
                    + "spark-consumer/spark-3.5 or spark-4.2 (`mvn -pl spark-consumer/spark-4.2 -am verify`)");
        }
        return key;
    }

    @Override
    protected int partitions() {
        return 2;
    }

    @Override
    protected BadKnob badKnob() {
        return new BadKnob("SPARK_SCHEDULER_MODE", "LIFO", "SPARK_SCHEDULER_MODE must be one of");
    }

    @Override
    protected Map<String, String> happyKnobs(Path telemetry) {
        return Map.of(
                ConsumerContract.TELEMETRY_FILE,
                telemetry.toString(),
                "MAX_OFFSETS_PER_TRIGGER",
                Integer.toString(BATCH_BOUND));
    }

    @Override
    protected void whileRunning(ConsumerProcess consumer, Path telemetry) throws Exception {
        ConsumerChecks.awaitLastTelemetry(telemetry, "malformed_rows_total", HOSTILE.size(), drainTimeout());
    }

    @Override
    protected void checkHappyRun(HappyRun run) throws Exception {
        List<JsonNode> batches = ConsumerChecks.readTelemetry(run.telemetry());
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
        assertThat(run.output())
                .as("the default writer answers its exactly-once check from the snapshot's checksum")
                .contains("appended by one transaction per batch on the last commit's snapshot")
                .doesNotContain("the exactly-once check rebuilds the table state")
                .contains("MAX_OFFSETS_PER_TRIGGER=" + BATCH_BOUND)
                .contains("fs.azure.account.key.devstoreaccount1.dfs.core.windows.net=<redacted>");
        try (FileSystem fs = LakeFileSystem.open(services.lake, Map.of())) {
            org.apache.hadoop.fs.Path last = new org.apache.hadoop.fs.Path(
                    services.lake.tableUri(run.table()) + "_warmup/_delta_log/_last_checkpoint");
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
    }

    /** Several commits before the kill, and a background log checkpoint every other commit for it to land in. */
    @Override
    protected Map<String, String> restartKnobs() {
        return Map.of("MAX_OFFSETS_PER_TRIGGER", "3000", "DELTA_BACKGROUND_CHECKPOINT_EVERY", "2");
    }

    /**
     * {@code _last_checkpoint} is never seen empty by a reader, across the kill and a SIGTERM that arrives just after
     * a checkpoint started (the stop lets it finish). Kernel's default log store wrote it in place, an empty blob
     * until its stream closed.
     */
    @Override
    protected AutoCloseable watchAcrossRestart(String tableUri) throws Exception {
        return new LastCheckpointWatch(tableUri);
    }

    @Override
    protected void beforeKill(List<String> output) throws Exception {
        awaitLine(output, "(background");
        assertThat(String.join("\n", output))
                .contains("spark: Delta log checkpoints every 2 commits, on a background thread, written by "
                        + "Delta Kernel (DELTA_CHECKPOINT_WRITER=kernel)")
                .containsPattern("spark: Delta log checkpoint at version \\d+ in \\d+ ms \\(background, kernel\\)");
    }

    @Override
    protected void betweenKillAndRestart(Map<String, String> env) throws Exception {
        List<String> stopped = new CopyOnWriteArrayList<>();
        try (ConsumerProcess second = launch(env, "stopped-in-checkpoint", stopped::add)) {
            second.awaitReady(readyTimeout());
            awaitLine(stopped, "starting (background");
            second.process().stop(ConsumerContract.STOP_GRACE);
            assertThat(String.join(
                            "\n",
                            stopped.subList(lastIndexContaining(stopped, "starting (background"), stopped.size())))
                    .as("the checkpoint under way when SIGTERM came finished")
                    .containsPattern("Delta log checkpoint at version \\d+ in \\d+ ms");
        }
    }

    /**
     * A fresh checkpoint against the table just filled would append the whole topic again: refused before the query
     * starts (the suite then sees no extra row).
     */
    @Override
    protected void afterRestart(String table, Map<String, String> env) throws Exception {
        Map<String, String> fresh = new LinkedHashMap<>(env);
        String freshCheckpoint = services.lake.tableUri(table) + "_other_checkpoint";
        fresh.put("CHECKPOINT_LOCATION", freshCheckpoint);
        assertThat(exitsTwo(fresh, "fresh-checkpoint"))
                .contains("CHECKPOINT_LOCATION " + freshCheckpoint + " holds no offsets (a fresh query)")
                .contains("the Delta table at TABLE_PATH (" + services.lake.tableUri(table) + ") already holds data")
                .contains("would append the whole topic again; point CHECKPOINT_LOCATION at this table's checkpoint, "
                        + "use a new TABLE_PATH, or set SPARK_APPEND_TO_EXISTING_TABLE=true if appending is intended");
    }

    /**
     * Two queries on one checkpoint: each log file is written only if absent (one exclusive Put Blob with the
     * blob-put defaults), so the two meet at the first batch both try to write, one of them stops naming the
     * conflict, and the table holds every event once.
     */
    @Test
    void aSecondQueryOnTheSameCheckpointStopsAtTheFirstConflictingWrite() throws Exception {
        String topic = name() + "-twice";
        String table = "it/" + topic;
        services.topics.create(topic, partitions());
        Map<String, String> env = services.consumerEnv(topic, table);
        env.put("MAX_OFFSETS_PER_TRIGGER", "3000");
        List<String> firstOut = new CopyOnWriteArrayList<>();
        List<String> secondOut = new CopyOnWriteArrayList<>();
        Map<String, String> secondEnv = new LinkedHashMap<>(env);
        secondEnv.put("WARMUP_COMMITS", "0");
        try (ConsumerProcess first = launch(env, "first", firstOut::add)) {
            first.awaitReady(readyTimeout());
            try (ConsumerProcess second = launch(secondEnv, "second", secondOut::add)) {
                // Load only once the second query runs: a query started after the last event finds nothing to
                // write, so the two would never meet (a CI run lost this race on a busy machine).
                long streamDeadline = System.nanoTime() + readyTimeout().toNanos();
                while (second.process().isAlive()
                        && secondOut.stream().noneMatch(l -> l.contains("spark: micro-batches appended by"))
                        && System.nanoTime() < streamDeadline) {
                    Thread.sleep(200);
                }
                CompletableFuture<ProducerLauncher.Outcome> produced = CompletableFuture.supplyAsync(() -> {
                    try {
                        return services.produce(LAYOUT, topic, RATE, SECONDS, tmp, name() + "-twice");
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                });
                long deadline = System.nanoTime() + drainTimeout().toNanos();
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
                long rows = DeltaTableContents.awaitRows(
                        services.lake, services.lake.tableUri(table), EVENTS, drainTimeout());
                assertThat(rows).isEqualTo(EVENTS);
            }
        }
        ConsumerChecks.assertExactlyOnceOnSchedule(
                DeltaTableContents.read(services.lake, services.lake.tableUri(table)), EVENTS, RATE);
    }

    private void awaitLine(List<String> lines, String part) throws InterruptedException {
        long deadline = System.nanoTime() + drainTimeout().toNanos();
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
     * cannot open the table). Closing it checks what it saw.
     */
    private final class LastCheckpointWatch implements AutoCloseable {
        private final AtomicLong empty = new AtomicLong();
        private final AtomicLong nonEmpty = new AtomicLong();
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

        @Override
        public void close() throws Exception {
            stop = true;
            thread.join(10_000);
            fs.close();
            assertThat(nonEmpty.get())
                    .as("_last_checkpoint read while the consumers ran")
                    .isPositive();
            assertThat(empty.get()).as("_last_checkpoint seen empty").isZero();
        }
    }
}
