package streambench.harness.delta;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.fs.FileSystem;

/**
 * Follows a table's log while a run is on: notes when each version was first seen (to compare with
 * the time the writer put in it) and keeps running totals for the live view. It reads only the
 * JSON commits and their file statistics, never data files, so it takes almost no CPU from the
 * engine under test.
 */
public final class DeltaLogTail implements AutoCloseable {
    private final DeltaLogReader log;
    private final Map<Long, Long> observedMillis = new ConcurrentHashMap<>();
    private final Thread thread;
    private volatile boolean running = true;
    private volatile long committedRows = 0;
    private volatile double latestMaxLatencySeconds = Double.NaN;
    private volatile IOException lastError;

    public DeltaLogTail(FileSystem fs, String tableUri, long pollMillis) {
        this.log = new DeltaLogReader(fs, tableUri);
        this.thread = new Thread(() -> loop(pollMillis), "delta-log-tail");
        this.thread.setDaemon(true);
        this.thread.start();
    }

    private void loop(long pollMillis) {
        while (running) {
            try {
                pollOnce();
            } catch (IOException e) {
                lastError = e;
            }
            try {
                Thread.sleep(pollMillis);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Reads every version that appeared since the last call. */
    public synchronized void pollOnce() throws IOException {
        while (true) {
            var commit = log.next();
            if (commit.isEmpty()) {
                return;
            }
            long now = System.currentTimeMillis();
            DeltaCommit c = commit.get();
            observedMillis.putIfAbsent(c.version(), now);
            committedRows += Math.max(0, c.recordCount());
            if (!c.added().isEmpty()) {
                long minTs = c.minTsMicros();
                latestMaxLatencySeconds =
                        minTs == Long.MIN_VALUE ? Double.NaN : (c.commitTimestampMillis() * 1000 - minTs) / 1e6;
            }
        }
    }

    /** When each version was first seen, epoch ms. */
    public Map<Long, Long> observedMillis() {
        return Map.copyOf(observedMillis);
    }

    /** Rows committed so far per the log's file statistics. */
    public long committedRows() {
        return committedRows;
    }

    /**
     * The latest data commit's worst latency per its statistics (commit time minus its smallest ts),
     * NaN when the writer wrote no ts statistics: a live estimate; the analysis reads every row.
     */
    public double latestMaxLatencySeconds() {
        return latestMaxLatencySeconds;
    }

    public IOException lastError() {
        return lastError;
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
