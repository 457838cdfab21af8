package streambench.harness.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import streambench.common.ConfigException;
import streambench.services.ConsumerProcess;
import streambench.services.FreePort;
import streambench.services.InstallLayout;
import streambench.services.Machine;
import streambench.services.ProducerReport;

class EnginesTest {
    private final InstallLayout layout = InstallLayout.load();

    @Test
    void byDefaultEveryEngineEvenOneThatCannotRunHereSoTheRunNamesIt() {
        // Feldera needs a server, which none of these machines has: it is still judged, as not run
        assertThat(Engines.select(List.of(), layout))
                .extracting(Engine::id)
                .containsExactly("yardstick", "spark-3.5", "spark-4.2", "flink-1.16", "feldera");
    }

    /**
     * The knob names are the anchors' and the consumers': a misspelt one would size every confirmation wrongly.
     * Spark and the yardstick name the background checkpoint alike and mean the same by it.
     */
    @Test
    void eachEngineNamesTheLogCheckpointIntervalItsKnobsSet() {
        KnobDefaults defaults = KnobDefaults.load(layout.composeFile());
        for (Engine engine : List.of(engine("spark-3.5"), engine("spark-4.2"), engine(Engines.YARDSTICK))) {
            Map<String, String> knobs = new java.util.HashMap<>(defaults.anchor(engine.knobAnchor()));
            assertThat(knobs)
                    .as(engine.id())
                    .containsKeys("DELTA_BACKGROUND_CHECKPOINT_EVERY", "DELTA_CHECKPOINT_INTERVAL");
            knobs.put("DELTA_BACKGROUND_CHECKPOINT_EVERY", "10");
            knobs.put("DELTA_CHECKPOINT_INTERVAL", "100");
            assertThat(engine.logCheckpointEveryCommits(knobs)).as(engine.id()).hasValue(10);
            knobs.put("DELTA_BACKGROUND_CHECKPOINT_EVERY", "0"); // inside the commit
            assertThat(engine.logCheckpointEveryCommits(knobs)).as(engine.id()).hasValue(100);
        }
        Engine flink = engine("flink-1.16");
        Map<String, String> knobs = new java.util.HashMap<>(defaults.anchor(flink.knobAnchor()));
        assertThat(knobs)
                .containsKey("DELTA_CHECKPOINT_INTERVAL")
                .doesNotContainKey("DELTA_BACKGROUND_CHECKPOINT_EVERY");
        knobs.put("DELTA_CHECKPOINT_INTERVAL", "25");
        assertThat(flink.logCheckpointEveryCommits(knobs)).hasValue(25);
        knobs.remove("DELTA_CHECKPOINT_INTERVAL");
        assertThat(flink.logCheckpointEveryCommits(knobs)).isEmpty();
        Engine feldera = engine("feldera");
        assertThat(feldera.logCheckpointEveryCommits(defaults.anchor(feldera.knobAnchor())))
                .isEmpty();
    }

    private static Engine engine(String id) {
        return Engines.byId(id).orElseThrow();
    }

    @Test
    void anEngineThatDidNotRunFailsTheStatusLine() {
        Engine feldera = Engines.all().get(4);
        EngineResult notRun = EngineResult.didNotRun(feldera, "no Feldera server answers", false, Map.of(), "");
        assertThat(notRun.status()).isEqualTo(EngineStatus.NOT_RUN);
        assertThat(EngineResult.allPassed(List.of(notRun))).isFalse();
        assertThat(EngineResult.allPassed(List.of())).isFalse();
    }

    @Test
    void anEngineWhoseTurnThrowsFailsWithTheReasonAndTheRunGoesOn() throws Exception {
        // no services at all: the turn throws as soon as it needs Kafka
        RunInfo info = new RunInfo(
                "r", java.time.Instant.now(), Machine.current(), 100, 10, 1, 100, 1, 5, 10, 0.01, 1, 0.95, 50);
        EngineRun run = new EngineRun(
                layout,
                null,
                KnobDefaults.load(layout.composeFile()),
                null,
                info,
                Map.of(),
                "1g",
                new java.io.PrintStream(java.io.OutputStream.nullOutputStream()),
                List.of());
        Engine engine = new JarEngineStub();
        EngineResult r = run.runContained(engine);
        assertThat(r.status()).isEqualTo(EngineStatus.FAILED);
        assertThat(r.notRun()).hasValueSatisfying(why -> assertThat(why).isNotBlank());
    }

    @Test
    void anAnalysisThatFailsFailsThatEngineWithTheReason(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        RunInfo info = new RunInfo(
                "r", java.time.Instant.now(), Machine.current(), 100, 10, 1, 100, 1, 5, 10, 0.01, 1, 0.95, 50);
        TurnAnalysis run =
                new TurnAnalysis(info, null, new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
        ProducerReport producer = new ProducerReport(
                "t",
                "2026-11-30T10:00:00Z",
                100,
                10.0,
                10,
                true,
                1000,
                1000,
                0,
                100,
                1,
                1,
                null,
                List.of(new ProducerReport.PerProducer(0, 0L, 999L, 1000, 0)),
                0,
                null);
        try (org.apache.hadoop.fs.FileSystem fs = org.apache.hadoop.fs.FileSystem.newInstance(
                java.net.URI.create("file:///"), new org.apache.hadoop.conf.Configuration())) {
            EngineResult r = run.analyse(
                    new JarEngineStub(),
                    Map.of(),
                    fs,
                    dir.resolve("no-table").toUri().toString(),
                    MeasuredTurn.ofProducer(producer));
            assertThat(r.status()).isEqualTo(EngineStatus.FAILED);
            assertThat(r.notRun())
                    .hasValueSatisfying(why ->
                            assertThat(why).startsWith("the analysis failed: ").contains("no Delta table"));
        }
    }

    /** An engine that can run (so the turn starts) but whose consumer is never reached. */
    private static final class JarEngineStub implements Engine {
        public String id() {
            return "stub";
        }

        public String label() {
            return "Stub";
        }

        public String knobAnchor() {
            return "x-flink-tuning";
        }

        public String unitOfWork() {
            return "checkpoint";
        }

        public java.util.Optional<String> unavailable(InstallLayout layout) {
            return java.util.Optional.empty();
        }

        public ConsumerProcess launch(
                InstallLayout layout,
                Map<String, String> env,
                String heap,
                java.nio.file.Path logFile,
                java.util.function.Consumer<String> lines) {
            throw new IllegalStateException("never launched");
        }
    }

    @Test
    void namedEnginesAreKeptEvenWhenTheyCannotRunSoTheRunReportsThemNotRun() {
        assertThat(Engines.select(List.of("feldera", "spark-4.2", "spark-4.2"), layout))
                .extracting(Engine::id)
                .containsExactly("feldera", "spark-4.2");
        assertThat(Engines.select(List.of("none"), layout)).isEmpty();
    }

    @Test
    void unknownNamesAreAUsageError() {
        assertThatThrownBy(() -> Engines.select(List.of("spark-9"), layout))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(
                        "--engines: unknown engine \"spark-9\"; known: yardstick, spark-3.5, spark-4.2, flink-1.16, feldera");
    }

    @Test
    void labelsAreTheCsvVersions() {
        assertThat(Engines.all())
                .extracting(Engine::label)
                .containsExactly("Yardstick", "Spark 3.5", "Spark 4.2", "Flink 1.16", "Feldera");
    }

    @Test
    void felderaRunsOnlyWhenAServerAnswers() throws Exception {
        int closed = FreePort.find();
        assertThat(Engines.feldera(Map.of("FELDERA_URL", "http://127.0.0.1:" + closed))
                        .unavailable(layout))
                .hasValueSatisfying(
                        why -> assertThat(why).startsWith("no Feldera server answers at http://127.0.0.1:" + closed));

        com.sun.net.httpserver.HttpServer server =
                com.sun.net.httpserver.HttpServer.create(new java.net.InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/v0/pipelines", x -> {
            boolean authorised = "Bearer k-1".equals(x.getRequestHeaders().getFirst("Authorization"));
            x.sendResponseHeaders(authorised ? 200 : 401, -1);
            x.close();
        });
        server.start();
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort();
            assertThat(Engines.feldera(Map.of("FELDERA_URL", url, "FELDERA_API_KEY", "k-1"))
                            .unavailable(layout))
                    .isEmpty();
            assertThat(Engines.feldera(Map.of("FELDERA_URL", url)).unavailable(layout))
                    .hasValueSatisfying(why -> assertThat(why).contains("answered HTTP 401"));
        } finally {
            server.stop(0);
        }
    }
}
