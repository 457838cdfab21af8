package streambench.services;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import streambench.common.ConfigException;

class ProducerReportTest {
    private static ProducerReport report(
            String topic, String started, long rate, int firstId, double ackLag, boolean completed) {
        return new ProducerReport(
                topic,
                started,
                rate,
                60.0,
                60,
                completed,
                rate * 60,
                rate * 60,
                0,
                rate,
                5,
                ackLag,
                perSecond(rate, 60),
                List.of(new ProducerReport.PerProducer(firstId, 0L, rate * 60 - 1, rate * 60, 0)),
                0,
                null);
    }

    private static long[] perSecond(long rate, int seconds) {
        long[] out = new long[seconds];
        java.util.Arrays.fill(out, rate);
        return out;
    }

    @Test
    void summariesOfSeveralProducerProcessesAddUp() {
        ProducerReport merged = ProducerReport.merge(List.of(
                report("events", "2026-11-30T06:00:00.500Z", 100_000, 0, 40, true),
                report("events", "2026-11-30T06:00:00.100Z", 150_000, 100, 90, true)));

        assertThat(merged.targetRate()).isEqualTo(250_000);
        assertThat(merged.acked()).isEqualTo(15_000_000);
        assertThat(merged.started()).isEqualTo("2026-11-30T06:00:00.100Z");
        assertThat(merged.maxAckLagMs()).isEqualTo(90);
        assertThat(merged.completedSchedule()).isTrue();
        assertThat(merged.expectedRanges()).containsOnlyKeys(0, 100);
        assertThat(ProducerReport.merge(List.of(
                                report("events", "2026-11-30T06:00:00Z", 1, 0, 1, true),
                                report("events", "2026-11-30T06:00:00Z", 1, 1, 1, false)))
                        .completedSchedule())
                .isFalse();
    }

    @Test
    void overlappingProducerIdsOrTopicsAreRefused() {
        assertThatThrownBy(() -> ProducerReport.merge(List.of(
                        report("events", "2026-11-30T06:00:00Z", 1, 0, 1, true),
                        report("events", "2026-11-30T06:00:00Z", 1, 0, 1, true))))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("producer_id 0")
                .hasMessageContaining("PRODUCER_ID_BASE");
        assertThatThrownBy(() -> ProducerReport.merge(List.of(
                        report("a", "2026-11-30T06:00:00Z", 1, 0, 1, true),
                        report("b", "2026-11-30T06:00:00Z", 1, 1, 1, true))))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("different topics");
    }
}
