package streambench.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import streambench.common.ConsumerContract;
import streambench.common.Event;
import streambench.common.HostileRecords;
import streambench.common.LakeSettings;
import streambench.services.ConsumerProcess;
import streambench.services.InstallLayout;
import streambench.services.ProducerLauncher;

/**
 * What every consumer promises, whatever the engine, checked against its shaded jar running as its own JVM with a
 * real KRaft broker and real Azurite behind the strict lake proxy. A consumer's integration test extends this class,
 * names its jar and its bad knob, and adds what only its engine does through the hooks below; a new engine passes
 * these four tests before the harness runs it.
 *
 * <ol>
 *   <li>Every event of the producer exactly once, each {@code ts} where the schedule put it, every record of the
 *       hostile corpus dropped and counted on {@code /metrics} while the stream lives on (half of them waiting in the
 *       topic at the start, half arriving in the running stream), and the lake key never printed.
 *   <li>{@code /health} answers 200 once the consumer is ready, and every listener it opens is on loopback.
 *   <li>Exactly once across {@code kill -9} and a restart on the same table.
 *   <li>A bad knob, a missing topic and an unreachable broker each exit 2 naming what is wrong.
 * </ol>
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class ConsumerContractSuite {
    /** Modest, so a 2-core machine keeps up with any engine; the tests count rows, they do not time them. */
    protected static final int RATE = 5000;

    protected static final int SECONDS = 10;
    protected static final int EVENTS = RATE * SECONDS;
    /** The producer's events and the four good events around the two halves of the hostile records. */
    protected static final int GOOD = EVENTS + 4;
    /** Rows committed before the kill: several commits of every engine at its test settings. */
    protected static final int ROWS_BEFORE_KILL = 6000;

    protected static final List<HostileRecords.Entry> HOSTILE = ConsumerChecks.HOSTILE;
    protected static final InstallLayout LAYOUT = InstallLayout.load();

    protected ItServices services;

    @TempDir
    protected Path tmp;

    /** The build's name for the consumer's jar, e.g. {@code yardstick.jar} (InstallLayout). */
    protected abstract String jarKey();

    /** A knob of this consumer set to a value it must refuse, and a part of the message that names it. */
    protected abstract BadKnob badKnob();

    /** A knob, a value the consumer refuses, and what its message must contain. */
    public record BadKnob(String name, String value, String message) {}

    /** A short name for topics, tables and logs, unique to this consumer: e.g. {@code spark-3-5}. */
    protected String name() {
        return jarKey().replace(".jar", "").replace('.', '-');
    }

    protected int partitions() {
        return 4;
    }

    protected Duration readyTimeout() {
        return Duration.ofMinutes(3);
    }

    protected Duration drainTimeout() {
        return Duration.ofMinutes(3);
    }

    /**
     * Whether the consumer writes each record's Kafka timestamp ({@code kafka_ts}) beside the event, for the latency
     * waterfall. An engine that cannot says so here.
     */
    protected boolean writesKafkaTimestamps() {
        return true;
    }

    /** Aborts the class (an assumption) where this consumer cannot run; called before any service starts. */
    protected void assumeRunnable() {}

    /** Knobs of the first test's run, e.g. a short commit interval and a telemetry file. */
    protected Map<String, String> happyKnobs(Path telemetry) {
        return Map.of();
    }

    /** Called while the first test's consumer still runs, every row committed: e.g. await a telemetry line. */
    protected void whileRunning(ConsumerProcess consumer, Path telemetry) throws Exception {}

    /** What only this engine shows after the first test's run: its telemetry, its output, another reader. */
    protected void checkHappyRun(HappyRun run) throws Exception {}

    /** The first test's run, for {@link #checkHappyRun}. */
    public record HappyRun(String table, Path telemetry, String output) {}

    /** Knobs of every consumer the kill test starts. */
    protected Map<String, String> restartKnobs() {
        return Map.of();
    }

    /** Something to watch the table with while the kill test's consumers run, closed (and checked) after them. */
    protected AutoCloseable watchAcrossRestart(String tableUri) throws Exception {
        return () -> {};
    }

    /** Called with the first consumer's output once enough rows are committed, just before it is killed. */
    protected void beforeKill(List<String> output) throws Exception {}

    /** Called between the kill and the restart that finishes the work: e.g. one more start and stop. */
    protected void betweenKillAndRestart(Map<String, String> env) throws Exception {}

    /** What the consumer that finished the work after the kill printed. */
    protected void checkRestarted(String output) {}

    /** Called once the killed-and-restarted table holds every event exactly once: e.g. a refused restart. */
    protected void afterRestart(String table, Map<String, String> env) throws Exception {}

    /** Starts this consumer; its log goes to {@code <tmp>/<name>-<run>.log}. */
    protected ConsumerProcess launch(Map<String, String> env, String run, Consumer<String> lines) {
        return ConsumerChecks.startConsumer(LAYOUT.jar(jarKey()), name() + "-" + run, env, tmp, lines);
    }

    @BeforeAll
    void startServices(@TempDir Path logs) throws Exception {
        assumeRunnable();
        services = ItServices.start(LAYOUT, logs);
    }

    @AfterAll
    void stopServices() {
        if (services != null) {
            services.close();
        }
    }

    @Test
    void deliversEveryEventExactlyOnceAndDropsAndCountsEveryHostileRecord() throws Exception {
        String topic = name() + "-happy";
        String table = "it/" + topic;
        services.topics.create(topic, partitions());
        List<HostileRecords.Entry> firstHalf = HOSTILE.subList(0, HOSTILE.size() / 2);
        List<Event> around = new ArrayList<>(
                ConsumerChecks.sendBetweenGoodEvents(services.kafka.bootstrapServers(), topic, firstHalf, 0));
        Path telemetry = tmp.resolve(name() + "-telemetry.jsonl");
        Map<String, String> env = services.consumerEnv(topic, table);
        env.putAll(happyKnobs(telemetry));

        List<String> output = Collections.synchronizedList(new ArrayList<>());
        try (ConsumerProcess consumer = launch(env, "happy", output::add)) {
            consumer.awaitReady(readyTimeout());
            assertThat(ListeningSockets.listenersOf(consumer.process().pid()))
                    .as("every listener of a consumer whose LISTEN_ADDRESS is the default")
                    .isNotEmpty()
                    .allSatisfy(a -> assertThat(a).matches("127\\.0\\.0\\.1:\\d+|\\[::1\\]:\\d+"));
            assertThat(consumer.metrics()).containsKey(ConsumerContract.MALFORMED_ROWS_TOTAL);

            ProducerLauncher.Outcome produced = services.produce(LAYOUT, topic, RATE, SECONDS, tmp, name() + "-happy");
            assertThat(produced.succeeded()).as(produced.logTail()).isTrue();
            around.addAll(ConsumerChecks.sendBetweenGoodEvents(
                    services.kafka.bootstrapServers(), topic, HOSTILE.subList(firstHalf.size(), HOSTILE.size()), 2));
            long rows =
                    DeltaTableContents.awaitRows(services.lake, services.lake.tableUri(table), GOOD, drainTimeout());
            assertThat(rows).as("rows committed within %s", drainTimeout()).isEqualTo(GOOD);
            ConsumerChecks.awaitMalformed(consumer, HOSTILE.size(), drainTimeout());
            assertThat(consumer.metrics()).containsEntry(ConsumerContract.MALFORMED_ROWS_TOTAL, (long) HOSTILE.size());
            whileRunning(consumer, telemetry);
            assertThat(consumer.process().isAlive())
                    .as("alive after every hostile record")
                    .isTrue();
        }

        DeltaTableContents contents = DeltaTableContents.read(services.lake, services.lake.tableUri(table));
        ConsumerChecks.assertExactlyOnceOnSchedule(contents, EVENTS, RATE, around);
        if (writesKafkaTimestamps()) {
            assertThat(contents.unstamped())
                    .as("rows without their Kafka timestamp")
                    .isZero();
            assertThat(contents.stampedBeforeTs())
                    .as("rows whose Kafka timestamp is before they were due")
                    .isZero();
        }
        String printed = String.join("\n", output);
        assertThat(printed).as("the lake's key").doesNotContain(LakeSettings.AZURITE_KEY);
        checkHappyRun(new HappyRun(table, telemetry, printed));
    }

    @Test
    void staysExactlyOnceAcrossKillDashNineAndRestart() throws Exception {
        String topic = name() + "-kill";
        String table = "it/" + topic;
        services.topics.create(topic, partitions());
        Map<String, String> env = services.consumerEnv(topic, table);
        env.putAll(restartKnobs());

        CompletableFuture<ProducerLauncher.Outcome> produced;
        List<String> restarted = Collections.synchronizedList(new ArrayList<>());
        try (AutoCloseable watch = watchAcrossRestart(services.lake.tableUri(table))) {
            List<String> beforeKill = new java.util.concurrent.CopyOnWriteArrayList<>();
            try (ConsumerProcess first = launch(env, "before-kill", beforeKill::add)) {
                first.awaitReady(readyTimeout());
                produced = CompletableFuture.supplyAsync(() -> {
                    try {
                        return services.produce(LAYOUT, topic, RATE, SECONDS, tmp, name() + "-kill");
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                });
                long rows = DeltaTableContents.awaitRows(
                        services.lake, services.lake.tableUri(table), ROWS_BEFORE_KILL, drainTimeout());
                assertThat(rows).as("rows committed before the kill").isGreaterThanOrEqualTo(ROWS_BEFORE_KILL);
                beforeKill(beforeKill);
                first.kill();
            }
            betweenKillAndRestart(env);
            try (ConsumerProcess last = launch(env, "after-kill", restarted::add)) {
                last.awaitReady(readyTimeout());
                ProducerLauncher.Outcome outcome = produced.get();
                assertThat(outcome.succeeded()).as(outcome.logTail()).isTrue();
                long rows = DeltaTableContents.awaitRows(
                        services.lake, services.lake.tableUri(table), EVENTS, drainTimeout());
                assertThat(rows).isEqualTo(EVENTS);
            }
        }
        checkRestarted(String.join("\n", restarted));
        ConsumerChecks.assertExactlyOnceOnSchedule(
                DeltaTableContents.read(services.lake, services.lake.tableUri(table)), EVENTS, RATE);
        afterRestart(table, env);
        ConsumerChecks.assertExactlyOnceOnSchedule(
                DeltaTableContents.read(services.lake, services.lake.tableUri(table)), EVENTS, RATE);
    }

    @Test
    void aBadKnobAMissingTopicOrAnUnreachableKafkaExitsTwoNamingIt() throws Exception {
        BadKnob bad = badKnob();
        Map<String, String> env = services.consumerEnv("any", "it/" + name() + "-bad-config");
        env.put(bad.name(), bad.value());
        assertThat(exitsTwo(env, "bad-knob")).contains(bad.name()).contains(bad.message());

        env = services.consumerEnv("no-such-topic", "it/" + name() + "-bad-config");
        assertThat(exitsTwo(env, "no-topic")).contains("TOPIC no-such-topic does not exist");

        env = services.consumerEnv("any", "it/" + name() + "-bad-config");
        env.put("KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:1"); // nothing listens on port 1
        env.put(ConsumerContract.KAFKA_CONNECT_TIMEOUT, "3s");
        assertThat(exitsTwo(env, "no-kafka")).contains("Kafka at 127.0.0.1:1 did not answer within 3 s");
    }

    /** Runs this consumer to its end, asserts exit code 2 (a configuration error), returns what it printed. */
    protected String exitsTwo(Map<String, String> env, String run) throws Exception {
        List<String> output = Collections.synchronizedList(new ArrayList<>());
        try (ConsumerProcess consumer = launch(new LinkedHashMap<>(env), run, output::add)) {
            java.util.OptionalInt exit = consumer.process().waitFor(Duration.ofMinutes(1));
            assertThat(exit).as(consumer.process().logTail()).hasValue(2);
        }
        return String.join("\n", output);
    }
}
