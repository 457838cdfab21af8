package streambench.harness.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import streambench.services.ProducerReport;

/**
 * Every measured row's {@code ts} against when its producer's schedule said it was due. The producer writes the
 * intended send time, so latency counts a producer's lateness too; a consumer that wrote Kafka's timestamp or its
 * own processing time instead would hide that lateness and look faster. Such a table is not the run's to judge.
 */
final class ScheduleCheck {
    private static final int EXAMPLES = 3;

    private final Map<Integer, ProducerReport.PerProducer> schedules;
    private final long toleranceMicros;
    private long checked;
    private long off;
    private long worstOffMicros;
    private final List<String> examples = new ArrayList<>();

    /** What it found: rows checked, rows off their schedule, the largest offset (µs, signed) and a few examples. */
    public record Result(long checked, long off, long worstOffMicros, List<String> examples, long toleranceMicros) {
        public static final Result NOT_CHECKED = new Result(0, 0, 0, List.of(), 0);
    }

    ScheduleCheck(Map<Integer, ProducerReport.PerProducer> schedules, long toleranceMicros) {
        this.schedules = schedules;
        this.toleranceMicros = toleranceMicros;
    }

    void check(int producerId, long seq, long tsMicros) {
        ProducerReport.PerProducer p = schedules.get(producerId);
        if (p == null) {
            return;
        }
        var due = p.dueMicros(seq);
        if (due.isEmpty()) {
            return;
        }
        checked++;
        long offset = tsMicros - due.getAsLong();
        if (Math.abs(offset) > toleranceMicros) {
            off++;
            if (Math.abs(offset) > Math.abs(worstOffMicros)) {
                worstOffMicros = offset;
            }
            if (examples.size() < EXAMPLES) {
                examples.add(String.format(
                        Locale.ROOT,
                        "producer %d seq %d: ts %+.3f s from its schedule",
                        producerId,
                        seq,
                        offset / 1e6));
            }
        }
    }

    Result result() {
        return new Result(checked, off, worstOffMicros, List.copyOf(examples), toleranceMicros);
    }
}
