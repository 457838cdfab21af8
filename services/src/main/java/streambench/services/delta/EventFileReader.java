package streambench.services.delta;

import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.NanoTime;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

/**
 * Reads {@code ts}, {@code producer_id} and {@code seq} from one Parquet data file, whatever else
 * it holds (Feldera adds columns), and {@code kafka_ts} where the file has it: the record's Kafka timestamp,
 * which the consumers write so the latency waterfall can tell the broker's share from the engine's. A timestamp
 * may be INT64 micros or millis (Spark with TIMESTAMP_MICROS, delta-rs, our Flink sink) or legacy INT96 (Spark's
 * default).
 */
public final class EventFileReader {
    /** The column with each record's Kafka timestamp (the broker's append time on the topics the harness makes). */
    public static final String KAFKA_TS = "kafka_ts";

    /** {@code kafkaTsMicros} when a file or a row has no Kafka timestamp. */
    public static final long NO_KAFKA_TS = Long.MIN_VALUE;

    /**
     * Receives one row; timestamps are UTC epoch microseconds, {@code kafkaTsMicros} {@link #NO_KAFKA_TS} where the
     * file has no {@value #KAFKA_TS} column or the row no value in it.
     */
    @FunctionalInterface
    public interface RowSink {
        void accept(long tsMicros, int producerId, long seq, long kafkaTsMicros);
    }

    private EventFileReader() {}

    /** @return rows read */
    public static long read(FileSystem fs, Path file, RowSink sink) throws IOException {
        long rows = 0;
        try (ParquetFileReader reader = ParquetFileReader.open(LakeParquetFiles.input(fs, file))) {
            MessageType fileSchema = reader.getFooter().getFileMetaData().getSchema();
            Type tsType = field(fileSchema, "ts", file);
            field(fileSchema, "producer_id", file);
            field(fileSchema, "seq", file);
            // optional and only for the waterfall: a column of that name that is not a timestamp is left unread
            boolean stamped = fileSchema.containsField(KAFKA_TS) && TsDecoder.isTimestamp(fileSchema.getType(KAFKA_TS));
            Types.MessageTypeBuilder columns = Types.buildMessage();
            columns.addField(fileSchema.getType("ts"));
            columns.addField(fileSchema.getType("producer_id"));
            columns.addField(fileSchema.getType("seq"));
            if (stamped) {
                columns.addField(fileSchema.getType(KAFKA_TS));
            }
            MessageType projection = columns.named("events");
            reader.setRequestedSchema(projection);
            TsDecoder ts = TsDecoder.of(tsType.asPrimitiveType(), 0, "ts", file);
            TsDecoder kafkaTs =
                    stamped ? TsDecoder.of(fileSchema.getType(KAFKA_TS).asPrimitiveType(), 3, KAFKA_TS, file) : null;
            MessageColumnIO io = new ColumnIOFactory().getColumnIO(projection, fileSchema);
            PageReadStore pages;
            while ((pages = reader.readNextRowGroup()) != null) {
                RecordReader<Group> records = io.getRecordReader(pages, new GroupRecordConverter(projection));
                for (long i = 0, n = pages.getRowCount(); i < n; i++) {
                    Group g = records.read();
                    if (g.getFieldRepetitionCount(0) == 0
                            || g.getFieldRepetitionCount(1) == 0
                            || g.getFieldRepetitionCount(2) == 0) {
                        throw new IOException(file + " row " + (rows + 1) + " has a null ts, producer_id or seq");
                    }
                    long kafka = kafkaTs == null || g.getFieldRepetitionCount(3) == 0 ? NO_KAFKA_TS : kafkaTs.micros(g);
                    sink.accept(ts.micros(g), g.getInteger(1, 0), g.getLong(2, 0), kafka);
                    rows++;
                }
            }
        }
        return rows;
    }

    private static Type field(MessageType schema, String name, Path file) throws IOException {
        if (!schema.containsField(name)) {
            throw new IOException(file + " has no column " + name + " (columns: " + schema.getFields() + ")");
        }
        return schema.getType(name);
    }

    private interface TsDecoder {
        long micros(Group g);

        /** A primitive INT96, or INT64 with a timestamp unit: what {@link #of} decodes. */
        static boolean isTimestamp(Type type) {
            if (!type.isPrimitive()) {
                return false;
            }
            PrimitiveType p = type.asPrimitiveType();
            return switch (p.getPrimitiveTypeName()) {
                case INT96 -> true;
                case INT64 ->
                    p.getLogicalTypeAnnotation() instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
                default -> false;
            };
        }

        /** Decodes field {@code index} of a row, column {@code name} of {@code file}. */
        static TsDecoder of(PrimitiveType type, int index, String name, Path file) throws IOException {
            switch (type.getPrimitiveTypeName()) {
                case INT96:
                    return g -> {
                        NanoTime t = NanoTime.fromBinary(g.getInt96(index, 0));
                        // Julian day 2440588 is 1970-01-01
                        return (t.getJulianDay() - 2_440_588L) * 86_400_000_000L + t.getTimeOfDayNanos() / 1000;
                    };
                case INT64:
                    if (type.getLogicalTypeAnnotation()
                            instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation t) {
                        return switch (t.getUnit()) {
                            case MILLIS -> g -> g.getLong(index, 0) * 1000;
                            case MICROS -> g -> g.getLong(index, 0);
                            case NANOS -> g -> g.getLong(index, 0) / 1000;
                        };
                    }
                    throw new IOException(file + ": " + name + " is INT64 without a timestamp unit");
                default:
                    throw new IOException(file + ": " + name + " has type " + type + ", expected a timestamp");
            }
        }
    }
}
