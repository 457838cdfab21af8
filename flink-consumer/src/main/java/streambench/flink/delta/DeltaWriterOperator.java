package streambench.flink.delta;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.BoundedOneInput;
import org.apache.flink.streaming.api.operators.ChainingStrategy;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.hadoop.conf.Configuration;
import streambench.deltawriter.DataFile;
import streambench.deltawriter.DataFileWriter;
import streambench.deltawriter.ParquetSettings;
import streambench.deltawriter.RowFormat;

/**
 * Phase one, on every parallel subtask: rows go into a Parquet file in the table directory. Just before
 * a checkpoint barrier passes, the file is closed and described to the committer, so the committer holds
 * every file of checkpoint N when its own barrier N arrives. Nothing needs to be in this operator's
 * state: an unfinished file belongs to no checkpoint and is re-written from Kafka after a failure.
 * Emits serialised {@link DeltaCommittable}s (see {@link DeltaCommittableSerializer}).
 */
final class DeltaWriterOperator<T> extends AbstractStreamOperator<byte[]>
        implements OneInputStreamOperator<T, byte[]>, BoundedOneInput {
    private static final long serialVersionUID = 1L;

    private final String tablePath;
    private final Map<String, String> hadoopConf;
    private final RowFormat<T> format;
    private final ParquetSettings parquet;
    private final long maxRecordsPerFile;

    private transient Configuration conf;
    private transient DataFileWriter<T> current;
    private transient List<DataFile> closed;

    DeltaWriterOperator(
            String tablePath,
            Map<String, String> hadoopConf,
            RowFormat<T> format,
            ParquetSettings parquet,
            long maxRecordsPerFile) {
        this.tablePath = tablePath;
        this.hadoopConf = Map.copyOf(hadoopConf);
        this.format = format;
        this.parquet = parquet;
        this.maxRecordsPerFile = maxRecordsPerFile;
        // chained into the source's task: no serialisation, no network hop between Kafka and Parquet
        setChainingStrategy(ChainingStrategy.ALWAYS);
    }

    @Override
    public void open() throws Exception {
        super.open();
        conf = new Configuration();
        hadoopConf.forEach(conf::set);
        closed = new ArrayList<>();
    }

    @Override
    public void processElement(StreamRecord<T> element) throws Exception {
        if (current == null) {
            current = new DataFileWriter<>(format, newFilePath(), conf, parquet);
        }
        current.write(element.getValue());
        if (maxRecordsPerFile > 0 && current.records() >= maxRecordsPerFile) {
            closeCurrent();
        }
    }

    @Override
    public void prepareSnapshotPreBarrier(long checkpointId) throws Exception {
        super.prepareSnapshotPreBarrier(checkpointId);
        emit(checkpointId);
    }

    @Override
    public void endInput() throws Exception {
        emit(DeltaCommittable.END_OF_INPUT);
    }

    @Override
    public void close() throws Exception {
        if (current != null) {
            current.abort();
            current = null;
        }
        super.close();
    }

    private void emit(long checkpointId) throws IOException {
        long barrierMillis = System.currentTimeMillis();
        closeCurrent();
        if (closed.isEmpty()) {
            return;
        }
        DeltaCommittable c =
                new DeltaCommittable(checkpointId, getRuntimeContext().getIndexOfThisSubtask(), barrierMillis, closed);
        output.collect(new StreamRecord<>(DeltaCommittableSerializer.INSTANCE.toBytes(c)));
        closed = new ArrayList<>();
    }

    private void closeCurrent() throws IOException {
        if (current == null) {
            return;
        }
        DataFileWriter<T> w = current;
        current = null;
        closed.add(w.finish());
    }

    private String newFilePath() {
        return String.format(
                "%s/part-%05d-%s-c000%s",
                tablePath, getRuntimeContext().getIndexOfThisSubtask(), UUID.randomUUID(), parquet.fileSuffix());
    }
}
