package streambench.yardstick;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Optional;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import streambench.common.Event;
import streambench.common.EventCodec;
import streambench.common.MalformedEventException;
import streambench.common.Printable;
import streambench.deltawriter.DataFile;
import streambench.deltawriter.DataFileWriter;
import streambench.deltawriter.EventRow;
import streambench.deltawriter.EventTable;
import streambench.deltawriter.ParquetSettings;

/**
 * One interval's Parquet file, filled with decoded records; a malformed record is counted, printed and left
 * out. Confined to one thread at a time. The file is created with its first good row, so an interval of
 * malformed records only leaves no file.
 */
final class EventFile {
    /** How many malformed records are printed one by one before only every 10,000th is. */
    private static final long PRINTED_MALFORMED = 10;

    private final String tablePath;
    private final Configuration conf;
    private final ParquetSettings parquet;
    private final PrintStream out;
    private DataFileWriter<EventRow> file;

    EventFile(String tablePath, Configuration conf, ParquetSettings parquet, PrintStream out) {
        this.tablePath = tablePath;
        this.conf = conf;
        this.parquet = parquet;
        this.out = out;
    }

    void append(ConsumerRecord<byte[], byte[]> r) throws IOException {
        Event e;
        try {
            e = EventCodec.decode(r.value());
        } catch (MalformedEventException ex) {
            drop(r, ex.getMessage());
            return;
        } catch (RuntimeException ex) {
            // the codec promises MalformedEventException only; if a bug breaks that, the record is still the cause
            drop(r, "the decoder failed: " + ex);
            return;
        }
        if (file == null) {
            file = new DataFileWriter<>(EventTable.FORMAT, newFilePath(), conf, parquet);
        }
        file.write(new EventRow(e.tsMicros(), e.producerId(), e.seq(), EventRow.kafkaTsMicros(r.timestamp())));
    }

    long rows() {
        return file == null ? 0 : file.records();
    }

    /** The finished file, or none when no good row came since the last one; the next row starts a new file. */
    Optional<DataFile> finish() throws IOException {
        if (file == null) {
            return Optional.empty();
        }
        DataFileWriter<EventRow> done = file;
        file = null;
        return Optional.of(done.finish());
    }

    void abort() {
        if (file != null) {
            file.abort();
            file = null;
        }
    }

    private void drop(ConsumerRecord<byte[], byte[]> r, String reason) {
        long n = Counters.MALFORMED.incrementAndGet();
        if (n <= PRINTED_MALFORMED || n % 10_000 == 0) {
            // the reason may quote the record, and "the decoder failed: " quotes any exception's message
            out.printf(
                    "yardstick: malformed record #%d dropped (%s partition %d offset %d): %s%n",
                    n, r.topic(), r.partition(), r.offset(), Printable.of(reason));
        }
    }

    private String newFilePath() {
        return tablePath + "/part-yardstick-" + UUID.randomUUID() + parquet.fileSuffix();
    }
}
