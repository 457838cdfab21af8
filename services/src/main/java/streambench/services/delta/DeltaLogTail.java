package streambench.services.delta;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.fs.FileSystem;

/**
 * Follows a table's log while a run is on, as a reader of the table would: every poll interval it asks for
 * the next version's commit file, and notes when each version was first found ({@link Visibility}): the
 * latency the verdict judges ends there. It also keeps running totals for the live view. It reads only the
 * JSON commits and their file statistics, never data files, so it takes almost no CPU from the engine under
 * test: one request per poll while nothing is new.
 */
public final class DeltaLogTail implements AutoCloseable {
    private final DeltaLogReader log;
    private final Map<Long, Visibility> visibility = new ConcurrentHashMap<>();
    private final long pollMillis;
    /** The start of the last look that found no newer version: no later version existed then. */
    private long notYetMillis = -1;

    private final Thread thread;
    private volatile boolean running = true;
    private volatile long committedRows = 0;
    private volatile long measuredRows = 0;
    private volatile long unmeasuredRows = 0;
    private final FileSystem fs;
    private final long unmeasuredFrom;
    private volatile double latestMaxLatencySeconds = Double.NaN;
    private volatile IOException lastError;

    /**
     * @param unmeasuredFrom the first producer_id of unmeasured load (warm start, pre-roll): rows are counted on
     *                       either side of it, from the files' statistics, or from the file itself where they say
     *                       nothing or it holds both
     */
    public DeltaLogTail(FileSystem fs, String tableUri, long pollMillis, long unmeasuredFrom) {
        if (pollMillis <= 0) {
            throw new IllegalArgumentException("poll interval must be positive, got " + pollMillis);
        }
        this.pollMillis = pollMillis;
        this.fs = fs;
        this.unmeasuredFrom = unmeasuredFrom;
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
            long asked = System.currentTimeMillis();
            var commit = log.next();
            if (commit.isEmpty()) {
                notYetMillis = asked;
                return;
            }
            DeltaCommit c = commit.get();
            visibility.putIfAbsent(
                    c.version(), new Visibility(notYetMillis, log.lastFoundMillis(), log.lastFoundMillis() - asked));
            committedRows += Math.max(0, c.recordCount());
            for (DeltaCommit.AddedFile f : c.added()) {
                count(f);
            }
            if (!c.added().isEmpty()) {
                long minTs = c.minTsMicros();
                latestMaxLatencySeconds =
                        minTs == Long.MIN_VALUE ? Double.NaN : (c.commitTimestampMillis() * 1000 - minTs) / 1e6;
            }
        }
    }

    private void count(DeltaCommit.AddedFile f) throws IOException {
        if (f.numRecords() >= 0 && f.allBelow(unmeasuredFrom)) {
            measuredRows += f.numRecords();
        } else if (f.numRecords() >= 0 && f.allFrom(unmeasuredFrom)) {
            unmeasuredRows += f.numRecords();
        } else {
            long[] split = {0, 0};
            EventFileReader.read(
                    fs,
                    log.dataFile(f),
                    (ts, producerId, seq, kafkaTs) -> split[producerId < unmeasuredFrom ? 0 : 1]++);
            measuredRows += split[0];
            unmeasuredRows += split[1];
        }
    }

    /** Rows of measured producers committed so far (below the unmeasured ids). */
    public long measuredRows() {
        return measuredRows;
    }

    /** Rows of unmeasured load (the warm start, pre-rolls) committed so far. */
    public long unmeasuredRows() {
        return unmeasuredRows;
    }

    /** When each version was found by a reader, by version. */
    public Map<Long, Visibility> visibility() {
        return Map.copyOf(visibility);
    }

    /** The interval between two looks for a new version, ms: how far a visibility time may be late. */
    public long pollMillis() {
        return pollMillis;
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
