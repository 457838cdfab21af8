package streambench.harness.analysis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.BiFunction;

/**
 * The store beside the engine, window by window (the latency windows' seconds): what the harness's store probe met
 * (the median and the largest time of each kind of request, none of which depends on the engine), the store
 * process's CPU where it runs on this machine (and per request, where the consumer counts its requests), and the
 * engine's own cost: its CPU per row and its storage requests per unit of work. When latency grows over a long run,
 * these say whether the store slowed under an engine whose own cost stayed flat, or the engine's cost grew.
 */
public record StoreWindows(List<Window> windows) {
    public static final StoreWindows NONE = new StoreWindows(List.of());

    /** One timed request of the probe: its kind ({@code HEAD}, {@code LIST}, {@code PUT}, {@code DELETE}). */
    public record ProbeReading(long epochMillis, String kind, long micros, boolean failed) {}

    /** A process's CPU, percent of one core, at epoch ms. */
    public record CpuReading(long epochMillis, double cpuPercent) {}

    /**
     * @param probeP50Ms            by kind, the median time of the probe's requests that succeeded, ms
     * @param probeMaxMs            by kind, the largest
     * @param probeFailures         the probe's requests that failed
     * @param storeCpuPercent       the store's mean CPU, percent of a core; NaN where it does not run here
     * @param storeCpuMsPerRequest  that CPU per storage request the consumer made, ms; NaN when either is unknown
     * @param consumerCpuMicrosPerRow the consumer's CPU per measured row due in the window, µs; NaN when not sampled
     * @param requestsPerUnit       the consumer's storage requests per unit of work; NaN when it counts none
     */
    public record Window(
            long fromSecond,
            long toSecond,
            Map<String, Double> probeP50Ms,
            Map<String, Double> probeMaxMs,
            long probeFailures,
            double storeCpuPercent,
            double storeCpuMsPerRequest,
            double consumerCpuMicrosPerRow,
            double requestsPerUnit) {
        public long seconds() {
            return toSecond - fromSecond;
        }
    }

    /**
     * @param latency     the run's latency windows: their seconds and rows
     * @param startMicros the schedule's second 0, epoch µs
     * @param anatomy     the consumer's units of work between two epoch ms, empty when it wrote none
     */
    public static StoreWindows of(
            List<LatencyWindow> latency,
            long startMicros,
            List<ProbeReading> probe,
            List<CpuReading> store,
            List<CpuReading> consumer,
            BiFunction<Long, Long, Optional<BatchAnatomy>> anatomy) {
        if (probe.isEmpty()) {
            return NONE;
        }
        long start = startMicros / 1000;
        List<Window> out = new ArrayList<>();
        for (LatencyWindow w : latency) {
            long from = start + w.fromSecond() * 1000;
            long to = start + w.toSecond() * 1000;
            Map<String, List<Long>> byKind = new TreeMap<>();
            long failures = 0;
            for (ProbeReading p : probe) {
                if (p.epochMillis() < from || p.epochMillis() >= to) {
                    continue;
                }
                if (p.failed()) {
                    failures++;
                } else {
                    byKind.computeIfAbsent(p.kind(), k -> new ArrayList<>()).add(p.micros());
                }
            }
            Map<String, Double> p50 = new LinkedHashMap<>();
            Map<String, Double> max = new LinkedHashMap<>();
            byKind.forEach((kind, micros) -> {
                micros.sort(null);
                p50.put(kind, median(micros) / 1000.0);
                max.put(kind, micros.get(micros.size() - 1) / 1000.0);
            });
            double seconds = (to - from) / 1000.0;
            double storeCpu = meanCpu(store, from, to);
            double consumerCpu = meanCpu(consumer, from, to);
            Optional<BatchAnatomy> units = anatomy.apply(from, to);
            double perUnit = units.map(a -> a.requestsPerUnit().getOrDefault("total", Double.NaN))
                    .orElse(Double.NaN);
            double requests = units.map(a -> a.units() * perUnit).orElse(Double.NaN);
            out.add(new Window(
                    w.fromSecond(),
                    w.toSecond(),
                    p50,
                    max,
                    failures,
                    storeCpu,
                    requests > 0 ? storeCpu / 100 * seconds * 1000 / requests : Double.NaN,
                    w.count() > 0 ? consumerCpu / 100 * seconds * 1e6 / w.count() : Double.NaN,
                    perUnit));
        }
        return new StoreWindows(List.copyOf(out));
    }

    /** The windows of {@code seconds} each: the last one of a run is usually shorter. */
    public List<Window> whole(long seconds) {
        return windows.stream().filter(w -> w.seconds() == seconds).toList();
    }

    private static double median(List<Long> sorted) {
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2.0;
    }

    private static double meanCpu(List<CpuReading> readings, long from, long to) {
        return readings.stream()
                .filter(r -> r.epochMillis() >= from && r.epochMillis() < to)
                .mapToDouble(CpuReading::cpuPercent)
                .average()
                .orElse(Double.NaN);
    }
}
