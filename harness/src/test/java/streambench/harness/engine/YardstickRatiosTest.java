package streambench.harness.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import streambench.harness.analysis.Verdict;
import streambench.services.ProcessSampler;

class YardstickRatiosTest {
    /** An engine that ran: every latency at {@code seconds}, the consumer at {@code cores} for 2,000 msg/s. */
    private static EngineResult ran(String id, double seconds, double cores) {
        Histogram h = new Histogram(3600_000_000L, 3);
        h.recordValue((long) (seconds * 1e6));
        return new EngineResult(
                id,
                id,
                true,
                Optional.empty(),
                0,
                List.of(),
                h,
                seconds,
                List.of(),
                Optional.empty(),
                Optional.empty(),
                0,
                List.of(),
                2000,
                2000,
                0,
                0,
                0,
                0,
                Map.of("consumer", List.of(new ProcessSampler.Sample(1000, cores * 100, 100))),
                Map.of(),
                List.of(),
                -1,
                new Verdict.Outcome(List.of(new Verdict.Check("threshold", true, ""))),
                "",
                WarmStart.NONE,
                Optional.empty(),
                Optional.empty(),
                List.of(),
                streambench.harness.analysis.LatencyWaterfall.Result.NONE,
                streambench.harness.analysis.SoakWindows.NONE,
                java.util.List.of());
    }

    @Test
    void eachEngineIsSetAgainstTheYardstickOfTheSameRun() {
        EngineResult yardstick = ran("yardstick", 0.5, 0.1);
        EngineResult spark = ran("spark-4.2", 2.0, 0.4);
        List<EngineResult> all = List.of(yardstick, spark);

        YardstickRatios r = YardstickRatios.of(spark, all).orElseThrow();
        assertThat(r.max()).isEqualTo(4.0);
        assertThat(r.p99()).isCloseTo(4.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat(r.coresPerThousand()).isEqualTo(4.0);
        assertThat(r.describe()).startsWith("4.00× yardstick p99, 4.00× its max, 4.00× its CPU per 1k msg/s");
        assertThat(YardstickRatios.of(yardstick, all)).as("not against itself").isEmpty();
    }

    @Test
    void withoutAYardstickThatRanThereAreNoRatios() {
        EngineResult spark = ran("spark-4.2", 2.0, 0.4);
        EngineResult notRun =
                EngineResult.didNotRun(Engines.byId(Engines.YARDSTICK).orElseThrow(), "not built", false, Map.of(), "");
        assertThat(YardstickRatios.of(spark, List.of(spark))).isEmpty();
        assertThat(YardstickRatios.of(spark, List.of(notRun, spark))).isEmpty();
    }

    @Test
    void aCapacityIsAFractionOfTheYardsticks() {
        assertThat(YardstickRatios.capacity(35_000, 110_000)).hasValue(0.32);
        assertThat(YardstickRatios.capacity(35_000, 0)).isEmpty();
    }

    /** A capacity the load generator stopped short is a lower bound: its ratio can only be bounded. */
    @Test
    void aCapacityRatioSaysWhichWayALowerBoundLeansIt() {
        assertThat(YardstickRatios.capacityText(35_000, false, 140_000, false)).hasValue("0.25×");
        assertThat(YardstickRatios.capacityText(35_000, false, 140_000, true)).hasValue("<= 0.25×");
        assertThat(YardstickRatios.capacityText(120_000, true, 140_000, false)).hasValue(">= 0.86×");
        assertThat(YardstickRatios.capacityText(120_000, true, 140_000, true)).hasValue("? (both lower bounds)");
        assertThat(YardstickRatios.capacityText(0, false, 140_000, false)).isEmpty();
    }
}
