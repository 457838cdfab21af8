package streambench.services.delta;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
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
        long pollNanos = pollMillis * 1_000_000L;
        long next =
                System.nanoTime(); // the schedule on the monotonic clock: a wall clock stepped back must not stall it
        while (running) {
            try {
                look();
            } catch (IOException e) {
                lastError = e;
            }
            next += pollNanos;
            long wait = next - System.nanoTime();
            if (wait <= 0) {
                next = System.nanoTime();
                continue;
            }
            try {
                Thread.sleep(wait / 1_000_000L, (int) (wait % 1_000_000L));
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
            if (!running) {
                return; // closed: nothing counts any more
            }
            counter.submit(() -> count(c));
        }
    }

    /**
     * Looks now, and returns once every version found so far is counted as well (or failed to be: see
     * {@link #lastError()}; the analysis reads every row again anyway): for the end of a turn and for tests, never
     * from the looking thread.
     */
    public void pollOnce() throws IOException {
        Future<?> counted;
        synchronized (this) {
            look();
            // one thread counts in order: once this no-op has run, everything handed over before it has
            counted = running ? counter.submit(() -> {}) : CompletableFuture.completedFuture(null);
        }
        try {
            counted.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while counting the table's rows");
        } catch (ExecutionException e) {
            throw new IOException(e.getCause());
        }
    }

    /** Reading a data file can fail once on a busy store: it is read again before the version's count is given up. */
    private static final int COUNT_ATTEMPTS = 3;

    private void count(DeltaCommit c) {
        for (int attempt = 1; ; attempt++) {
            try {
                countOnce(c);
                return;
            } catch (IOException e) {
                if (attempt == COUNT_ATTEMPTS) {
                    lastError = e; // the drain says so when it times out; the analysis reads every row again
                    return;
                }
            }
        }
    }

    private void countOnce(DeltaCommit c) throws IOException {
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
        synchronized (this) { // after any look under way: it hands nothing over once it sees the tail closed
            counter.shutdownNow();
        }
        try {
            looker.join(5000);
            counter.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
