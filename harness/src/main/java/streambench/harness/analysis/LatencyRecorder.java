package streambench.harness.analysis;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Collects per-record latencies (commit time minus intended send time, in microseconds) into one
 * HdrHistogram per second of {@code ts} and one for the whole run. 3 significant digits: 1 ms
 * resolution at 1 s, far finer than any commit interval.
 */
public final class LatencyRecorder {
    /** Latencies are clamped at an hour: anything longer is a broken clock or a stuck run either way. */
    private static final long MAX_MICROS = 3_600_000_000L;

    private final long startMicros;
    private final Map<Long, Histogram> bySecond = new TreeMap<>();
    private final Histogram whole = new Histogram(MAX_MICROS, 3);
    private long negative;

    /** @param startMicros the run's first scheduled event time: second 0 starts here */
    public LatencyRecorder(long startMicros) {
        this.startMicros = startMicros;
    }

    public void record(long tsMicros, long commitMicros) {
        long latency = commitMicros - tsMicros;
        if (latency < 0) {
            negative++; // a commit before its event was due: the writer's clock is behind ours
            latency = 0;
        }
        latency = Math.min(latency, MAX_MICROS);
        long second = Math.floorDiv(tsMicros - startMicros, 1_000_000L);
        bySecond.computeIfAbsent(second, s -> new Histogram(MAX_MICROS, 3)).recordValue(latency);
        whole.recordValue(latency);
    }

    public List<SecondBin> bins() {
        List<SecondBin> out = new ArrayList<>();
        bySecond.forEach((second, h) -> out.add(new SecondBin(second, seconds(h.getMaxValue()),
                seconds(h.getValueAtPercentile(50)), seconds(h.getValueAtPercentile(99)), h.getMean() / 1e6,
                h.getTotalCount())));
        return out;
    }

    public Histogram whole() {
        return whole;
    }

    /** Records whose commit time was before their ts; counted as 0 s and reported as a clock problem. */
    public long negativeLatencies() {
        return negative;
    }

    private static double seconds(long micros) {
        return micros / 1e6;
    }
}
