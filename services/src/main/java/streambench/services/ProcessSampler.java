package streambench.services;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.LongSupplier;

/**
 * CPU% and RSS of the processes that share this machine during a run (consumer, producer, broker,
 * Azurite), sampled once a second from /proc: on 2 cores they compete, and the report must show it. For a process
 * that says how much heap it kept after its latest GC ({@link #heapAfterGc}), that too, every
 * {@link #HEAP_EVERY} samples: a long run tells a heap that climbs from one that fills and empties by it.
 */
public final class ProcessSampler implements AutoCloseable {
    /** One reading: when (epoch ms), CPU% of one core (200% = both of 2 cores), RSS in MiB. */
    public record Sample(long epochMillis, double cpuPercent, double rssMiB, double heapAfterGcMiB) {
        /** Without a heap reading. */
        public Sample(long epochMillis, double cpuPercent, double rssMiB) {
            this(epochMillis, cpuPercent, rssMiB, Double.NaN);
        }

        /** Seconds since {@code startMicros} (the run's first event), the charts' time axis. */
        public double secondsSince(long startMicros) {
            return (epochMillis * 1000 - startMicros) / 1e6;
        }
    }

    private static final double TICKS_PER_SECOND = 100.0; // USER_HZ on Linux

    /** The heap is asked for over HTTP, not read from /proc: every 5th second is plenty for a trend. */
    static final int HEAP_EVERY = 5;

    private final Map<String, Long> pids = new ConcurrentHashMap<>();
    private final Map<String, List<Sample>> samples = new ConcurrentHashMap<>();
    private final Map<String, long[]> last = new ConcurrentHashMap<>();
    private final Map<String, LongSupplier> heapAfterGc = new ConcurrentHashMap<>();
    private long round;
    private final Thread thread;
    private volatile boolean running = true;

    public ProcessSampler() {
        thread = new Thread(this::loop, "process-sampler");
        thread.setDaemon(true);
        thread.start();
    }

    public void watch(String name, long pid) {
        pids.put(name, pid);
        samples.computeIfAbsent(name, n -> new CopyOnWriteArrayList<>());
    }

    /**
     * How to ask {@code name} for its heap in use after its latest GC, bytes (negative: not known yet). Kept across
     * {@link #watch} of a new pid under the same name, so a restarted consumer is asked too.
     */
    public void heapAfterGc(String name, LongSupplier bytes) {
        heapAfterGc.put(name, bytes);
    }

    /** Samples by process name, in the order they were first watched. */
    public Map<String, List<Sample>> samples() {
        return new LinkedHashMap<>(samples);
    }

    private void loop() {
        while (running) {
            long now = System.nanoTime();
            boolean askHeap = round++ % HEAP_EVERY == 0;
            pids.forEach((name, pid) -> sample(name, pid, now, askHeap));
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void sample(String name, long pid, long now, boolean askHeap) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            // fields after the command name, which may itself contain spaces and parentheses
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]); // utime + stime
            double rssMiB = Long.parseLong(f[21]) * 4096.0 / (1024 * 1024); // rss in pages
            long[] previous = last.put(name, new long[] {ticks, now});
            if (previous != null) {
                double seconds = (now - previous[1]) / 1e9;
                double cpu = (ticks - previous[0]) / TICKS_PER_SECOND / seconds * 100;
                samples.get(name).add(new Sample(System.currentTimeMillis(), cpu, rssMiB, heap(name, askHeap)));
            }
        } catch (IOException | RuntimeException gone) {
            // the process ended or /proc is not there (not Linux): nothing to record
        }
    }

    private double heap(String name, boolean ask) {
        LongSupplier bytes = heapAfterGc.get(name);
        if (!ask || bytes == null) {
            return Double.NaN;
        }
        long b = bytes.getAsLong();
        return b < 0 ? Double.NaN : b / (1024.0 * 1024);
    }

    public static double average(List<Sample> s, java.util.function.ToDoubleFunction<Sample> f) {
        return s.stream().mapToDouble(f).average().orElse(0);
    }

    public static double max(List<Sample> s, java.util.function.ToDoubleFunction<Sample> f) {
        return s.stream().mapToDouble(f).max().orElse(0);
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
    }
}
