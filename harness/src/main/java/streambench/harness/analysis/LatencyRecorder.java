package streambench.harness.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Collects per-record latencies (commit time minus intended send time, in microseconds) into one
 * HdrHistogram per second of {@code ts} and one for the whole run, for percentiles (3 significant
 * digits: 1 ms at 1 s), and beside them the exact maximum of each second and of the run, which is what
 * the threshold check judges: a histogram reports the top of a bucket, not the value.
 */
public final class LatencyRecorder {
    /** The histograms stop at an hour; the exact maxima do not. */
    private static final long HISTOGRAM_MAX_MICROS = 3_600_000_000L;

    private final long startMicros;
    private final Map<Long, Second> bySecond = new TreeMap<>();
    private final Histogram whole = new Histogram(HISTOGRAM_MAX_MICROS, 3);
    private long maxMicros = Long.MIN_VALUE;
    private long negative;
    private long worstNegativeMicros;

    private long censored;

    private static final class Second {
        final Histogram histogram = new Histogram(HISTOGRAM_MAX_MICROS, 3);
        long maxMicros = Long.MIN_VALUE;
        long censored;
    }

    /** @param startMicros the run's first scheduled event time: second 0 starts here */
    public LatencyRecorder(long startMicros) {
        this.startMicros = startMicros;
    }

    public void record(long tsMicros, long commitMicros) {
        bin(tsMicros, commitMicros);
    }

    /**
     * A record that never became visible: it counts with the latency it had at {@code censoredAtMicros} (when the
     * harness stopped looking), at least that much, in the maxima and the percentiles like any other, and is counted
     * as censored in its second. A record due after that moment counts as 0: it was not late yet.
     */
    public void recordCensored(long tsMicros, long censoredAtMicros) {
        bin(tsMicros, Math.max(tsMicros, censoredAtMicros)).censored++;
        censored++;
    }

    private Second bin(long tsMicros, long commitMicros) {
        long latency = commitMicros - tsMicros;
        long second = Math.floorDiv(tsMicros - startMicros, 1_000_000L);
        Second bin = bySecond.computeIfAbsent(second, s -> new Second());
        bin.maxMicros = Math.max(bin.maxMicros, latency);
        maxMicros = Math.max(maxMicros, latency);
        if (latency < 0) {
            // committed before it was due: clocks disagree. Kept exactly in the maxima and reported by
            // the clocks check; a histogram cannot hold it, so it records 0 there.
            negative++;
            worstNegativeMicros = Math.min(worstNegativeMicros, latency);
        }
        long recorded = Math.min(Math.max(0, latency), HISTOGRAM_MAX_MICROS);
        bin.histogram.recordValue(recorded);
        whole.recordValue(recorded);
        return bin;
    }

    /** Records that never became visible, counted at the moment the harness stopped looking. */
    public long censored() {
        return censored;
    }

    public List<SecondBin> bins() {
        List<SecondBin> out = new ArrayList<>();
        bySecond.forEach((second, b) -> out.add(new SecondBin(
                second,
                seconds(b.maxMicros),
                seconds(b.histogram.getValueAtPercentile(50)),
                seconds(b.histogram.getValueAtPercentile(99)),
                b.histogram.getMean() / 1e6,
                b.histogram.getTotalCount(),
                b.censored)));
        return out;
    }

    /**
     * The run in windows of {@code windowSeconds} of {@code ts} from second 0 (the last may be shorter): each window's
     * exact maximum and the 99th percentile of all its records, not of its seconds'.
     */
    public List<LatencyWindow> windows(long windowSeconds) {
        Map<Long, Histogram> merged = new TreeMap<>();
        Map<Long, long[]> maxAndLast = new TreeMap<>(); // per window: its exact maximum, its last second with records
        bySecond.forEach((second, b) -> {
            long w = Math.floorDiv(second, windowSeconds);
            merged.computeIfAbsent(w, x -> new Histogram(HISTOGRAM_MAX_MICROS, 3))
                    .add(b.histogram);
            long[] m = maxAndLast.computeIfAbsent(w, x -> new long[] {Long.MIN_VALUE, second});
            m[0] = Math.max(m[0], b.maxMicros);
            m[1] = second; // the seconds come in order
        });
        List<LatencyWindow> out = new ArrayList<>();
        merged.forEach((w, h) -> out.add(new LatencyWindow(
                w * windowSeconds,
                Math.min((w + 1) * windowSeconds, maxAndLast.get(w)[1] + 1),
                seconds(maxAndLast.get(w)[0]),
                seconds(h.getValueAtPercentile(99)),
                h.getTotalCount())));
        return out;
    }

    /** Percentiles of the whole run; its maximum is {@link #maxSeconds()}, exact. */
    public Histogram whole() {
        return whole;
    }

    /** The run's largest latency, exact; NaN before any record. */
    public double maxSeconds() {
        return maxMicros == Long.MIN_VALUE ? Double.NaN : seconds(maxMicros);
    }

    /** Records whose commit time was before their ts. */
    public long negativeLatencies() {
        return negative;
    }

    /** The most negative latency in µs (0 when none was negative): how far the writer's clock is at least behind. */
    public long worstNegativeMicros() {
        return worstNegativeMicros;
    }

    private static double seconds(long micros) {
        return micros / 1e6;
    }
}
