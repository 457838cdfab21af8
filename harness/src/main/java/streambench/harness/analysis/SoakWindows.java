package streambench.harness.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * A run told window by window ({@link TableAnalysis#WINDOW_SECONDS} each): the latency of the records due in it, the
 * consumer's memory while they were, the table at its end, and the store beside the engine ({@link StoreWindows}). A soak passes or fails on the same checks as any run;
 * these say what grew when it fails, and whether anything was growing when it passed.
 */
public record SoakWindows(List<Window> windows, StoreWindows store) {
    public static final SoakWindows NONE = new SoakWindows(List.of());

    public SoakWindows(List<Window> windows) {
        this(windows, StoreWindows.NONE);
    }

    /** The same windows, with the store's figures beside them. */
    public SoakWindows withStore(StoreWindows storeWindows) {
        return new SoakWindows(windows, storeWindows);
    }

    /** The store's figures of the window that starts at {@code fromSecond}, if the store was measured. */
    public java.util.Optional<StoreWindows.Window> storeAt(long fromSecond) {
        return store.windows().stream()
                .filter(w -> w.fromSecond() == fromSecond)
                .findFirst();
    }

    /** The consumer's resident memory and its heap after its latest GC (NaN when not read), at epoch ms. */
    public record MemoryReading(long epochMillis, double rssMiB, double heapAfterGcMiB) {}

    /**
     * @param fromSecond        the window's first second of the schedule (ts), inclusive
     * @param toSecond          its end, exclusive
     * @param maxSeconds        the largest latency of its records, exact
     * @param p99Seconds        the 99th percentile of its records
     * @param rows              its measured records
     * @param rssMaxMiB         the consumer's largest resident memory in it (NaN: not sampled)
     * @param heapAfterGcMinMiB the consumer's smallest heap after a GC in it: its live data at most (NaN: not read)
     * @param heapAfterGcMaxMiB the largest
     * @param files             data files in the table at its end
     * @param filesAdded        data files the versions committed in it added
     * @param meanFileBytes     their mean size (NaN when none)
     * @param logBytes          what {@code _delta_log} held at its end
     * @param checkpointSeconds when a log checkpoint was written in it, seconds since the schedule began
     */
    public record Window(
            long fromSecond,
            long toSecond,
            double maxSeconds,
            double p99Seconds,
            long rows,
            double rssMaxMiB,
            double heapAfterGcMinMiB,
            double heapAfterGcMaxMiB,
            long files,
            long filesAdded,
            double meanFileBytes,
            long logBytes,
            List<Long> checkpointSeconds) {
        public long seconds() {
            return toSecond - fromSecond;
        }

        public double filesPerMinute() {
            return filesAdded * 60.0 / Math.max(1, seconds());
        }
    }

    /** @param startMicros the schedule's second 0, epoch µs */
    public static SoakWindows of(
            List<LatencyWindow> latency, TableGrowth growth, List<MemoryReading> consumer, long startMicros) {
        List<Window> out = new ArrayList<>();
        long start = startMicros / 1000;
        for (LatencyWindow w : latency) {
            long from = start + w.fromSecond() * 1000;
            long to = start + w.toSecond() * 1000;
            List<MemoryReading> in = consumer.stream()
                    .filter(m -> m.epochMillis() >= from && m.epochMillis() < to)
                    .toList();
            long[] added = growth.addedBetween(from, to);
            out.add(new Window(
                    w.fromSecond(),
                    w.toSecond(),
                    w.maxSeconds(),
                    w.p99Seconds(),
                    w.count(),
                    max(in, MemoryReading::rssMiB),
                    -max(in, m -> -m.heapAfterGcMiB()),
                    max(in, MemoryReading::heapAfterGcMiB),
                    growth.filesAt(to),
                    added[0],
                    added[0] == 0 ? Double.NaN : added[1] / (double) added[0],
                    growth.logBytesAt(to),
                    growth.checkpointsBetween(from, to).stream()
                            .map(c -> Math.floorDiv(c.modifiedMillis() - start, 1000L))
                            .toList()));
        }
        return new SoakWindows(List.copyOf(out));
    }

    /** The windows that ran their whole length: the last one of a run is usually shorter. */
    public List<Window> whole() {
        return windows.stream()
                .filter(w -> w.seconds() == TableAnalysis.WINDOW_SECONDS)
                .toList();
    }

    private static double max(List<MemoryReading> in, ToDoubleFunction<MemoryReading> f) {
        return in.stream().mapToDouble(f).filter(v -> !Double.isNaN(v)).max().orElse(Double.NaN);
    }
}
