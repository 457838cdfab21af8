package streambench.services;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Times the store alone while an engine writes to it: every interval, in a folder of its own beside the engine's
 * table, one existence check of a file it wrote (HEAD), one listing of a folder that holds nothing (LIST), one
 * small file written (PUT: create, append, flush) and that file deleted (DELETE). None of it depends on what the
 * engine does, so when these grow over a run the store slowed, whatever the engine's own figures say. On Azurite
 * a listing tests every blob of every container and a delete is several times that; on a real account neither
 * grows with the table.
 */
public final class StoreProbe implements AutoCloseable {
    /** What one look at the store did. */
    public enum Kind {
        HEAD,
        LIST,
        PUT,
        DELETE
    }

    /** One request (or, for PUT, the three of a small file) and how long it took, µs; failed requests are kept. */
    public record Sample(long epochMillis, Kind kind, long micros, boolean failed) {}

    private final FileSystem fs;
    private final Path dir;
    private final Path marker;
    private final Path empty;
    private final List<Sample> samples = new ArrayList<>();
    private final Thread thread;
    /** Counted down once, by close: the loop's wait between rounds ends there, never a request mid-way. */
    private final java.util.concurrent.CountDownLatch stop = new java.util.concurrent.CountDownLatch(1);

    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();

    private long round;

    /**
     * Creates {@code dir} with a marker file and an empty folder, then probes every {@code intervalMillis} until
     * closed.
     */
    public StoreProbe(FileSystem fs, Path dir, long intervalMillis) throws IOException {
        if (intervalMillis <= 0) {
            throw new IllegalArgumentException("probe interval must be positive, got " + intervalMillis);
        }
        this.fs = fs;
        this.dir = dir;
        this.marker = new Path(dir, "marker");
        this.empty = new Path(dir, "empty");
        fs.mkdirs(empty);
        write(marker);
        this.thread = new Thread(() -> loop(intervalMillis), "store-probe");
        this.thread.setDaemon(true);
        this.thread.start();
    }

    private void loop(long intervalMillis) {
        try {
            do {
                probeOnce();
            } while (!stop.await(intervalMillis, java.util.concurrent.TimeUnit.MILLISECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** One round: HEAD, LIST, PUT, DELETE, each timed on its own. */
    synchronized void probeOnce() {
        Path file = new Path(dir, "put-" + round++);
        time(Kind.HEAD, () -> fs.getFileStatus(marker));
        time(Kind.LIST, () -> fs.listStatus(empty));
        boolean written = time(Kind.PUT, () -> write(file));
        if (written) {
            time(Kind.DELETE, () -> fs.delete(file, false));
        }
    }

    private interface Request {
        void run() throws IOException;
    }

    private boolean time(Kind kind, Request request) {
        long at = System.currentTimeMillis();
        long t0 = System.nanoTime();
        boolean failed = false;
        try {
            request.run();
        } catch (IOException | RuntimeException e) {
            failed = true;
        }
        Sample s = new Sample(at, kind, (System.nanoTime() - t0) / 1000, failed);
        synchronized (samples) {
            samples.add(s);
        }
        return !failed;
    }

    private void write(Path file) throws IOException {
        try (FSDataOutputStream out = fs.create(file, true)) {
            out.write(new byte[] {'p', 'r', 'o', 'b', 'e', '\n'});
        }
    }

    /** Every request so far, in the order they were made. */
    public List<Sample> samples() {
        synchronized (samples) {
            return List.copyOf(samples);
        }
    }

    /**
     * Stops probing once the round under way is done (it is never cut short: a cut request would count as the
     * store's failure) and removes its folder (a store that refuses leaves it: nothing reads it).
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return; // closed already: once after the load, once more by whoever opened it
        }
        stop.countDown();
        try {
            thread.join(60_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            fs.delete(dir, true);
        } catch (IOException | RuntimeException e) {
            // left behind in the run's own folder of the container
        }
    }
}
