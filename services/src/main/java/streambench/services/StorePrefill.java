package streambench.services;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Puts many small files in the store before a turn, as a control: an engine's table that has grown for half an hour
 * holds some 17,000 blobs, and a store whose every listing and delete tests each blob it holds (Azurite) slows with
 * them whatever writes next. Prefilled, a short turn meets that store from its first second, with no engine's growth
 * in the way. Several writers at once, since each file is a few requests and the store answers them one by one.
 */
public final class StorePrefill {
    /** Writers at once: enough to keep a local store busy, few enough not to take the machine from it. */
    static final int WRITERS = 4;

    private StorePrefill() {}

    /**
     * Writes {@code count} files of a few bytes under {@code dir}, in sub-folders of 1,000 (a folder of 17,000 would
     * be one listing of them all for anything that lists it); {@code progress} is told the count written every
     * 1,000 files.
     */
    public static void fill(FileSystem fs, Path dir, long count, LongConsumer progress) throws IOException {
        AtomicLong written = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS, r -> {
            Thread t = new Thread(r, "store-prefill");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<?>> writers = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                int writer = w;
                writers.add(pool.submit(() -> {
                    for (long i = writer; i < count; i += WRITERS) {
                        Path file = new Path(dir, String.format(java.util.Locale.ROOT, "%04d/f-%07d", i / 1000, i));
                        try (FSDataOutputStream out = fs.create(file, true)) {
                            out.write(new byte[] {'f', 'i', 'l', 'l', '\n'});
                        }
                        long n = written.incrementAndGet();
                        if (n % 1000 == 0) {
                            progress.accept(n);
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : writers) {
                f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while prefilling " + dir);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }
}
