package streambench.yardstick;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import streambench.deltawriter.DataFile;

/**
 * Decodes and writes on {@code WRITER_THREADS} threads beside the poll loop, partition p always on thread
 * p mod n, so each partition's records keep their order and every interval commits up to n files. Each
 * thread owns its file; the loop only hands over records, so it can poll while the writers encode.
 *
 * <p>A writer is at most {@link #BATCHES_IN_FLIGHT} polls behind: past that the loop waits, so a slow
 * writer slows the reading (and shows as latency) instead of filling the heap.
 */
final class ThreadedIntervalWriter implements IntervalWriter {
    static final int BATCHES_IN_FLIGHT = 32;

    private final List<Writer> writers = new ArrayList<>();
    private long rows;

    ThreadedIntervalWriter(int threads, Supplier<EventFile> files) {
        for (int i = 0; i < threads; i++) {
            writers.add(new Writer(i, files.get()));
        }
    }

    @Override
    public void append(ConsumerRecords<byte[], byte[]> records) throws IOException {
        for (TopicPartition tp : records.partitions()) {
            List<ConsumerRecord<byte[], byte[]>> batch = records.records(tp);
            writers.get(tp.partition() % writers.size()).hand(batch);
            rows += batch.size();
        }
    }

    @Override
    public long rows() {
        return rows;
    }

    @Override
    public List<DataFile> finish() throws IOException, InterruptedException {
        rows = 0;
        List<Future<Optional<DataFile>>> finishing = new ArrayList<>();
        for (Writer w : writers) {
            finishing.add(w.finish());
        }
        List<DataFile> files = new ArrayList<>();
        for (Future<Optional<DataFile>> f : finishing) {
            await(f).ifPresent(files::add);
        }
        return files;
    }

    @Override
    public long takeWriteMillis() {
        long nanos = 0;
        for (Writer w : writers) {
            nanos += w.writeNanos.getAndSet(0);
        }
        return nanos / 1_000_000;
    }

    @Override
    public void close() {
        for (Writer w : writers) {
            w.close();
        }
    }

    /** A writer's failure is the loop's: the same IOException a write on the loop's thread would have thrown. */
    private static <T> T await(Future<T> f) throws IOException, InterruptedException {
        try {
            return f.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io; // a finish's, or a hand-over's that the finish rethrew
            }
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException("a yardstick writer thread failed", cause);
        }
    }

    private static final class Writer {
        private final EventFile file;
        private final ExecutorService thread;
        private final Semaphore inFlight = new Semaphore(BATCHES_IN_FLIGHT);
        private final AtomicLong writeNanos = new AtomicLong();
        /**
         * A hand-over's failure, rethrown by the next finish; the file is broken, so later hand-overs are
         * skipped. Read and written on the writer thread only: it runs hand-overs and finishes in order.
         */
        private Exception failure;

        Writer(int index, EventFile file) {
            this.file = file;
            this.thread = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "yardstick-writer-" + index);
                t.setDaemon(true);
                return t;
            });
        }

        void hand(List<ConsumerRecord<byte[], byte[]>> batch) throws IOException {
            try {
                inFlight.acquire();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("stopped while a writer was behind");
            }
            thread.execute(() -> {
                try {
                    if (failure != null) {
                        return;
                    }
                    long t0 = System.nanoTime();
                    for (ConsumerRecord<byte[], byte[]> r : batch) {
                        file.append(r);
                    }
                    writeNanos.addAndGet(System.nanoTime() - t0);
                } catch (IOException | RuntimeException e) {
                    failure = e;
                } finally {
                    inFlight.release();
                }
            });
        }

        Future<Optional<DataFile>> finish() {
            return thread.submit(() -> {
                if (failure != null) {
                    throw failure;
                }
                return file.finish();
            });
        }

        void close() {
            thread.shutdownNow();
            try {
                thread.awaitTermination(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            file.abort();
        }
    }
}
