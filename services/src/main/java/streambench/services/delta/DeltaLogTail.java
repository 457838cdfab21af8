package streambench.services.delta;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.FileSystem;

/**
 * Follows a table's log while a run is on, as a reader of the table would: every poll interval it asks for
 * the next version's commit file, and notes when each version was first found ({@link Visibility}): the
 * latency the verdict judges ends there. It also keeps running totals for the live view and the drain.
 *
 * <p>Two threads, so that counting never delays a look. The looking thread only opens and parses commit files
 * (one request per poll while nothing is new) and stamps each version it finds. Counting a version's rows on
 * either side of the unmeasured ids needs only the files' statistics when they say which producers a file holds;
 * a file holding both (the warm start's last rows beside the load's first) must be read whole, which can take
 * longer than the poll interval: the counting thread does that, in version order, while the looks go on.
 */
public final class DeltaLogTail implements AutoCloseable {
    private final DeltaLogReader log;
    private final Map<Long, Visibility> visibility = new ConcurrentHashMap<>();
    private final long pollMillis;
    /** The start of the last look that found no newer version: no later version existed then. */
    private long notYetMillis = -1;

    private final Thread looker;
    /** One thread: versions are counted in the order they were found, and one at a time. */
    private final ExecutorService counter;

    private volatile boolean running = true;
    private volatile long committedRows = 0;
    private volatile long measuredRows = 0;
    private volatile long unmeasuredRows = 0;
    private final FileSystem fs;
    private final long unmeasuredFrom;
    private volatile double latestMaxLatencySeconds = Double.NaN;
    private volatile IOException lastError;
    /** The counting of the last version handed over: done once everything found so far is counted. */
    private Future<?> lastCount = java.util.concurrent.CompletableFuture.completedFuture(null);

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
        this.counter = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "delta-log-count");
            t.setDaemon(true);
            return t;
        });
        this.looker = new Thread(() -> loop(pollMillis), "delta-log-tail");
        this.looker.setDaemon(true);
        this.looker.start();
    }

    /**
     * Looks at a fixed rate: each look starts a poll interval after the one before, not a poll interval after it
     * ended, so the time a look takes (and finding a version means reading it and looking once more) does not
     * stretch the interval in which a version can sit unseen. A look that overran starts the next at once.
     */
    private void loop(long pollMillis) {
        long next = System.currentTimeMillis();
        while (running) {
            try {
                look();
            } catch (IOException e) {
                lastError = e;
            }
            next += pollMillis;
            long wait = next - System.currentTimeMillis();
            if (wait <= 0) {
                next = System.currentTimeMillis();
                continue;
            }
            try {
                Thread.sleep(wait);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /**
     * Looks for every version that appeared since the last look and stamps each as found; hands them to the
     * counting thread without waiting for it.
     */
    private synchronized void look() throws IOException {
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
            lastCount = counter.submit(() -> count(c));
        }
    }

    /**
     * Looks now, and returns once every version found so far is counted as well: for the end of a turn and for
     * tests, never from the looking thread.
     */
    public void pollOnce() throws IOException {
        Future<?> counted;
        synchronized (this) {
            look();
            counted = lastCount;
        }
        try {
            counted.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while counting the table's rows");
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        }
    }

    private Void count(DeltaCommit c) throws IOException {
        try {
            long measured = 0;
            long unmeasured = 0;
            for (DeltaCommit.AddedFile f : c.added()) {
                long[] split = split(f);
                measured += split[0];
                unmeasured += split[1];
            }
            committedRows += Math.max(0, c.recordCount());
            measuredRows += measured;
            unmeasuredRows += unmeasured;
            if (!c.added().isEmpty()) {
                long minTs = c.minTsMicros();
                latestMaxLatencySeconds =
                        minTs == Long.MIN_VALUE ? Double.NaN : (c.commitTimestampMillis() * 1000 - minTs) / 1e6;
            }
            return null;
        } catch (IOException e) {
            lastError = e;
            throw e;
        }
    }

    /** A file's rows below and from the unmeasured ids. */
    private long[] split(DeltaCommit.AddedFile f) throws IOException {
        if (f.numRecords() >= 0 && f.allBelow(unmeasuredFrom)) {
            return new long[] {f.numRecords(), 0};
        }
        if (f.numRecords() >= 0 && f.allFrom(unmeasuredFrom)) {
            return new long[] {0, f.numRecords()};
        }
        long[] split = {0, 0};
        EventFileReader.read(
                fs, log.dataFile(f), (ts, producerId, seq, kafkaTs) -> split[producerId < unmeasuredFrom ? 0 : 1]++);
        return split;
    }

    /** Rows of measured producers committed so far (below the unmeasured ids), as far as they are counted. */
    public long measuredRows() {
        return measuredRows;
    }

    /** Rows of unmeasured load (the warm start, pre-rolls) committed so far, as far as they are counted. */
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

    /** Rows committed so far per the log's file statistics, as far as they are counted. */
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
        looker.interrupt();
        counter.shutdownNow();
        try {
            looker.join(5000);
            counter.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
