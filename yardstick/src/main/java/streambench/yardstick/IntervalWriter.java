package streambench.yardstick;

import java.io.IOException;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import streambench.deltawriter.DataFile;

/**
 * Where the poll loop hands an interval's records to become Parquet files: on its own thread
 * ({@code WRITER_THREADS=1}) or on writer threads beside it, each owning a fixed share of the partitions.
 */
interface IntervalWriter extends AutoCloseable {
    static IntervalWriter of(int threads, java.util.function.Supplier<EventFile> files) {
        return threads == 1 ? new InlineIntervalWriter(files.get()) : new ThreadedIntervalWriter(threads, files);
    }

    void append(ConsumerRecords<byte[], byte[]> records) throws IOException;

    /** Records handed over since the last {@link #finish}, for {@code COMMIT_MAX_ROWS}. */
    long rows();

    /** Waits for every handed record, finishes the interval's files and returns them (none without rows). */
    List<DataFile> finish() throws IOException, InterruptedException;

    /** Milliseconds spent decoding and writing since the last call, summed over threads. */
    long takeWriteMillis();

    /** Drops the interval's unfinished files and stops any thread. */
    @Override
    void close();
}
