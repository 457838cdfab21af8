package streambench.yardstick;

import java.io.IOException;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import streambench.deltawriter.DataFile;

/** Decodes and writes on the poll loop's thread: one file per interval, nothing running beside the loop. */
final class InlineIntervalWriter implements IntervalWriter {
    private final EventFile file;
    private long rows;
    private long writeNanos;

    InlineIntervalWriter(EventFile file) {
        this.file = file;
    }

    @Override
    public void append(ConsumerRecords<byte[], byte[]> records) throws IOException {
        long t0 = System.nanoTime();
        for (ConsumerRecord<byte[], byte[]> r : records) {
            file.append(r);
            rows++;
        }
        writeNanos += System.nanoTime() - t0;
    }

    @Override
    public long rows() {
        return rows;
    }

    @Override
    public List<DataFile> finish() throws IOException {
        rows = 0;
        return file.finish().map(List::of).orElse(List.of());
    }

    @Override
    public long takeWriteMillis() {
        long ms = writeNanos / 1_000_000;
        writeNanos = 0;
        return ms;
    }

    @Override
    public void close() {
        file.abort();
    }
}
