package streambench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.harness.cli.HarnessMain;
import streambench.testkit.ListeningSockets;

/**
 * The product's main job, end to end, for every engine that exists: the harness runs each one for
 * 30 s at a rate this 2-core machine sustains, then every reading is under the bound, no upward
 * trend, kept up, nothing lost or duplicated, and every result file is there.
 *
 * The bound is a generous 10 s, not the benchmark's 5 s: on this machine Spark's steady readings are
 * 2.5-4 s at 2,000 msg/s, but the first seconds after readiness reach 5-6 s from run to run (first
 * Kafka fetch, first data batches). Tests assert behaviour with generous bounds; the 5 s verdict is
 * the benchmark's (README: measured figures).
 */
class HarnessLatencyIT {
    @Test
    void everyEnginePassesAtALowRate(@TempDir Path results) throws Exception {
        String out;
        String coresBefore = allowedCores();
        // the whole run against a lake that refuses what a real account refuses, under a path a URI must encode,
        // with every listener of every process watched: a consumer, broker or harness listening beyond loopback
        // offers an unauthenticated port (Spark's driver hands out the account key); each engine on a core of its
        // own, the rest on the other, and a store holding 100 files more before each turn
        try (ListeningSockets listeners = ListeningSockets.watchThisJvmAndItsChildren()) {
            out = runHarness(
                    "--engine-cpus",
                    "1",
                    "--prefill-store",
                    "100",
                    "--engines",
                    "yardstick,spark-3.5,spark-4.2,flink-1.16",
                    "--rate",
                    "2000",
                    "--duration",
                    "30",
                    "--warmup",
                    "5",
                    "--threshold",
                    "10",
                    "--strict-lake",
                    // a store 15 ms a request away, as cloud storage is: its round trips are not a clock behind
                    "--store-delay-ms",
                    "15",
                    // each table read back after its drain by Kernel and Spark, through the same strict, slow lake
                    "--read-back",
                    "--set",
                    "LAKE_PATH=it/été中",
                    "--results",
                    results.toString());
            assertThat(listeners.seen())
                    .as("listeners seen: the consumers' /health at least")
                    .hasSizeGreaterThan(4);
            assertThat(listeners.beyondLoopback())
                    .as("listening beyond loopback")
                    .isEmpty();
        }
        assertThat(allowedCores())
                .as("the harness (this JVM) has every core back after the run")
                .isEqualTo(coresBefore);
        assertThat(out)
                .containsPattern("cores: the consumer on 1, the broker, the store, the producer and the harness on 0"
                        + "(,\\d+)*\\n")
                .contains("prefilled the store with 100 small files under ")
                .contains("every storage request held 15 ms, refusing what a real account refuses")
                .contains("/it/été中/")
                .doesNotContain("storage request(s) that a real Azure account would refuse");

        JsonNode summary =
                new ObjectMapper().readTree(results.resolve("summary.json").toFile());
        assertThat(summary.get("complete").asBoolean()).isTrue();
        assertThat(summary.get("settings").get("warm_start_s").asLong()).isEqualTo(30);
        assertThat(summary.get("settings").get("read_back_s").asLong()).isEqualTo(300);
        assertThat(summary.get("settings").get("prefill_store").asLong()).isEqualTo(100);
        assertThat(summary.get("settings").get("engine_cpus").asText()).isEqualTo("1");
        assertThat(summary.get("settings").get("store_probe_ms").asLong()).isEqualTo(5000);
        for (JsonNode engine : summary.get("engines")) {
            String name = engine.get("engine").asText();
            assertThat(engine.get("failures")).as("%s failures", name).isEmpty();
            assertThat(engine.get("status").asText()).as(name).isEqualTo("passed");
            assertThat(engine.get("missing").asLong()).as(name).isZero();
            assertThat(engine.get("duplicates").asLong()).as(name).isZero();
            assertThat(engine.get("rows").asLong()).as(name).isEqualTo(60_000);
            assertThat(engine.get("anatomy").get("units").asLong())
                    .as("%s: its telemetry's units of work in the measured window", name)
                    .isPositive();
            assertThat(engine.get("anatomy")
                            .get("storage_requests_per_unit")
                            .get("total")
                            .asDouble())
                    .as("%s: storage requests counted on ABFS", name)
                    .isPositive();
            JsonNode probe = engine.get("windows").get(0).get("store");
            assertThat(probe.get("probe_failures").asLong()).as(name).isZero();
            assertThat(probe.get("probe_p50_ms"))
                    .as("%s: the store probe timed each kind of request through the 15 ms lake", name)
                    .hasSize(4)
                    .allSatisfy(ms -> assertThat(ms.asDouble()).isGreaterThanOrEqualTo(15));
            assertThat(probe.get("consumer_cpu_us_per_row").asDouble()).as(name).isPositive();
            assertThat(probe.get("store_cpu_percent").asDouble()).as(name).isPositive();
            JsonNode warm = engine.get("warm_start");
            assertThat(warm.get("seconds").asLong()).as(name).isEqualTo(30);
            assertThat(warm.get("completed").asBoolean()).as(name).isTrue();
            assertThat(warm.get("acked").asLong()).as(name).isEqualTo(60_000);
            assertThat(warm.get("rows_in_table").asLong())
                    .as("%s: the warm start's rows are in the table, counted apart", name)
                    .isEqualTo(60_000);
            assertThat(engine.get("latency_s").get("max").asDouble())
                    .as(name)
                    .isLessThan(10)
                    .isGreaterThan(0);
            assertThat(engine.get("read_back"))
                    .as("%s: its table read back by both readers, every measured row and no warm-start one", name)
                    .extracting(
                            x -> x.get("reader").asText() + " " + x.get("rows").asLong())
                    .containsExactly("Delta Kernel 60000", "Spark 3.5 60000");
            assertThat(engine.get("processes").has("consumer")).as(name).isTrue();
            assertThat(engine.get("processes").has("producer")).as(name).isTrue();
            assertThat(engine.get("knobs").get("ADLS_ACCOUNT_KEY"))
                    .as("secrets never reach the summary")
                    .isNull();
            // every engine's figures beside the yardstick's in the same run; none for the yardstick itself
            if (name.equals("yardstick")) {
                assertThat(engine.has("vs_yardstick")).isFalse();
            } else {
                assertThat(engine.get("vs_yardstick").get("p99").asDouble())
                        .as(name)
                        .isPositive();
                assertThat(engine.get("vs_yardstick").get("max").asDouble())
                        .as(name)
                        .isPositive();
            }
        }
        assertThat(summary.get("engines"))
                .extracting(e -> e.get("version").asText())
                .containsExactly("Yardstick", "Spark 3.5", "Spark 4.2", "Flink 1.16");
        assertThat(summary.get("status").asText()).isEqualTo("Succeeded");

        List<String> csv = Files.readAllLines(results.resolve("latency_timeseries.csv"));
        assertThat(csv.get(0))
                .startsWith("elapsed_s,latency_s,version,p50_s,p99_s,avg_s,msg_count,commit_latency_s,")
                .contains(",engine_max_s,")
                .contains(",dominant_stage,");
        // every engine's table carries each record's Kafka timestamp: every measured row is split into stages
        assertThat(summary.get("engines")).allSatisfy(e -> {
            JsonNode w = e.get("waterfall");
            assertThat(w).as("%s's waterfall", e.get("version")).isNotNull();
            assertThat(w.get("unstamped").asLong()).isZero();
            assertThat(w.get("stamped").asLong()).isEqualTo(60_000);
            assertThat(w.get("dominant_stage").asText())
                    .isIn("producer", "broker", "engine", "commit", "visibility", "engine+commit");
        });
        assertThat(Files.size(results.resolve("latency_waterfall.png"))).isGreaterThan(10_000);
        assertThat(csv)
                .anyMatch(l -> l.contains(",Spark 3.5,"))
                .anyMatch(l -> l.contains(",Spark 4.2,"))
                .anyMatch(l -> l.contains(",Flink 1.16,"))
                .anyMatch(l -> l.contains(",Yardstick,"));
        int msgCount = List.of(csv.get(0).split(",")).indexOf("msg_count");
        assertThat(csv.stream()
                        .skip(1)
                        .filter(l -> l.contains(",Spark 4.2,"))
                        .mapToLong(l -> Long.parseLong(l.split(",")[msgCount]))
                        .sum())
                .isEqualTo(60_000);
        assertThat(results.resolve("summary.csv")).exists();
        assertThat(Files.size(results.resolve("latency_chart.png"))).isGreaterThan(20_000);
        assertThat(out.strip().lines().reduce((a, b) -> b)).hasValue("{ \"status\": \"Succeeded\" }");
        assertThat(out)
                .contains("max latency")
                .containsPattern("\\d\\.\\d\\d× yardstick p99, \\d\\.\\d\\d× its max")
                .contains("drained: all 60,000 events committed")
                .contains("warm start done: 60,000 events in the table");
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive))
                .isEmpty();
    }

    /** The cores this JVM may run on, as Linux lists them. */
    private static String allowedCores() throws java.io.IOException {
        return Files.readAllLines(Path.of("/proc/self/status")).stream()
                .filter(l -> l.startsWith("Cpus_allowed_list:"))
                .findFirst()
                .orElse("");
    }

    static String runHarness(String... args) {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            HarnessMain.execute(args);
        } finally {
            System.setOut(original);
        }
        String out = captured.toString(StandardCharsets.UTF_8);
        original.print(out);
        return out;
    }
}
