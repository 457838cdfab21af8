package streambench.harness.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ReadBackPhaseTest {
    private static final long START_MICROS = 1_800_000_000_000_123L;

    @Test
    void readsTheLastSecondsOfTheScheduleOrAllOfAShorterOne() {
        assertThat(ReadBackPhase.fromMicros(START_MICROS, 1800, 300)).isEqualTo(START_MICROS + 1_500_000_000L);
        assertThat(ReadBackPhase.fromMicros(START_MICROS, 60, 300)).isEqualTo(START_MICROS);
    }

    @Test
    void theReadersAreKernelFromTheYardsticksJarAndSparkFromSpark35s() {
        assertThat(Engines.readers())
                .extracting(r -> r.label() + " " + r.jarKey())
                .containsExactly("Delta Kernel yardstick.jar", "Spark 3.5 spark-3.5.jar");
    }

    /** A lake path or account given with --set reaches the readers as it reached the consumer. */
    @Test
    void aReaderGetsTheConsumersKnobsAndEndpointsTheTableAndTheTime() {
        ReadBackPhase phase = new ReadBackPhase(
                null,
                Map.of("LAKE_PATH", "it/été中", "AZURITE_BLOB_ENDPOINT", "stale:1"),
                Map.of("AZURITE_BLOB_ENDPOINT", "127.0.0.1:10000"),
                null,
                "1g",
                System.out);
        assertThat(phase.env("run/yardstick/benchmark", START_MICROS))
                .containsEntry("LAKE_PATH", "it/été中")
                .containsEntry("AZURITE_BLOB_ENDPOINT", "127.0.0.1:10000")
                .containsEntry("TABLE_PATH", "run/yardstick/benchmark")
                .containsEntry("READ_BACK_FROM_US", Long.toString(START_MICROS));
    }
}
