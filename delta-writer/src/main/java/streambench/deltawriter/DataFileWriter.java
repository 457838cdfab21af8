package streambench.deltawriter;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;

/**
 * One Parquet data file being written: rows in, a {@link DataFile} with exact size and per-column
 * statistics out. Each value is extracted once, for both the statistics and the file.
 */
public final class DataFileWriter<T> {
    private final RowFormat<T> format;
    private final String path;
    private final SizedOutputFile out;
    private final ParquetWriter<Object[]> writer;
    private final Object[] min;
    private final Object[] max;
    private final long[] nulls;
    private long records;
    private boolean closed;

    public DataFileWriter(RowFormat<T> format, String path, Configuration conf, ParquetSettings parquet)
            throws IOException {
        this.format = format;
        this.path = path;
        this.out = new SizedOutputFile(new Path(path), conf);
        int n = format.columns().size();
        this.min = new Object[n];
        this.max = new Object[n];
        this.nulls = new long[n];
        this.writer = new Builder(out, format.parquetSchema(), format.columns())
                .withConf(conf)
                .withWriteMode(ParquetFileWriter.Mode.CREATE)
                .withCompressionCodec(parquet.compression())
                .withRowGroupSize(parquet.rowGroupBytes())
                .withPageSize(parquet.pageBytes())
                .withDictionaryEncoding(parquet.dictionary())
                .build();
    }

    public String path() {
        return path;
    }

    public long records() {
        return records;
    }

    public void write(T row) throws IOException {
        int n = min.length;
        Object[] values = new Object[n];
        for (int i = 0; i < n; i++) {
            Object v = format.value(i, row);
            values[i] = v;
            if (v == null) {
                nulls[i]++;
            } else {
                if (min[i] == null || ColumnType.compare(v, min[i]) < 0) {
                    min[i] = v;
                }
                if (max[i] == null || ColumnType.compare(v, max[i]) > 0) {
                    max[i] = v;
                }
            }
        }
        writer.write(values);
        records++;
    }

    /** Finishes the file (footer written, stream closed) and describes it for the Delta log. */
    public DataFile finish() throws IOException {
        closed = true;
        writer.close();
        Map<String, Object> mins = new HashMap<>();
        Map<String, Object> maxs = new HashMap<>();
        Map<String, Long> nullCounts = new HashMap<>();
        List<RowFormat.Column<T>> columns = format.columns();
        for (int i = 0; i < columns.size(); i++) {
            String name = columns.get(i).name();
            if (min[i] != null) {
                mins.put(name, min[i]);
                maxs.put(name, max[i]);
            }
            nullCounts.put(name, nulls[i]);
        }
        return new DataFile(path, out.size(), System.currentTimeMillis(), records, mins, maxs, nullCounts);
    }

    /**
     * Abandons the file after a failure or a cancellation: nothing will reference it, so it must not
     * be completed, let alone left behind as a valid Parquet file.
     */
    public void abort() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            out.abort();
        } catch (IOException | RuntimeException e) {
            // left for Delta's VACUUM, which removes files the log does not reference
        }
        try {
            writer.close(); // releases Parquet's buffers and codecs; the aborted file takes no more bytes
        } catch (IOException | RuntimeException e) {
            // the file is already gone; nothing here can bring it back
        }
    }

    private static final class Builder extends ParquetWriter.Builder<Object[], Builder> {
        private final MessageType schema;
        private final List<? extends RowFormat.Column<?>> columns;

        Builder(OutputFile file, MessageType schema, List<? extends RowFormat.Column<?>> columns) {
            super(file);
            this.schema = schema;
            this.columns = columns;
        }

        @Override
        protected Builder self() {
            return this;
        }

        @Override
        protected WriteSupport<Object[]> getWriteSupport(Configuration conf) {
            return new ValuesWriteSupport(schema, columns);
        }
    }

    /** Writes one row's already extracted values, skipping nulls as Parquet's optional fields expect. */
    private static final class ValuesWriteSupport extends WriteSupport<Object[]> {
        private final MessageType schema;
        private final String[] names;
        private final ColumnType[] types;
        private RecordConsumer consumer;

        ValuesWriteSupport(MessageType schema, List<? extends RowFormat.Column<?>> columns) {
            this.schema = schema;
            this.names = columns.stream().map(RowFormat.Column::name).toArray(String[]::new);
            this.types = columns.stream().map(RowFormat.Column::type).toArray(ColumnType[]::new);
        }

        @Override
        public WriteContext init(Configuration configuration) {
            return new WriteContext(schema, Map.of("writer", "streambench"));
        }

        @Override
        public void prepareForWrite(RecordConsumer recordConsumer) {
            this.consumer = recordConsumer;
        }

        @Override
        public void write(Object[] values) {
            consumer.startMessage();
            for (int i = 0; i < values.length; i++) {
                if (values[i] != null) {
                    consumer.startField(names[i], i);
                    types[i].write(values[i], consumer);
                    consumer.endField(names[i], i);
                }
            }
            consumer.endMessage();
        }
    }
}
