package streambench.deltawriter;

import io.delta.kernel.expressions.Literal;
import io.delta.kernel.types.BooleanType;
import io.delta.kernel.types.DataType;
import io.delta.kernel.types.DoubleType;
import io.delta.kernel.types.IntegerType;
import io.delta.kernel.types.LongType;
import io.delta.kernel.types.StringType;
import io.delta.kernel.types.TimestampType;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

/**
 * The column types the sink writes, each with its Java value class, Parquet encoding, Delta type, and how
 * its statistics become Kernel literals and travel in committables. Deliberately few: enough for event
 * tables, every one readable by Spark, Kernel and delta-rs.
 */
public enum ColumnType {
    INT(
            IntegerType.INTEGER,
            Integer.class,
            PrimitiveTypeName.INT32,
            null,
            (v, c) -> c.addInteger((Integer) v),
            v -> Literal.ofInt((Integer) v),
            (v, out) -> out.writeInt((Integer) v),
            DataInput::readInt),
    LONG(
            LongType.LONG,
            Long.class,
            PrimitiveTypeName.INT64,
            null,
            (v, c) -> c.addLong((Long) v),
            v -> Literal.ofLong((Long) v),
            (v, out) -> out.writeLong((Long) v),
            DataInput::readLong),
    /** Microseconds since the epoch, UTC: Delta's TIMESTAMP, Parquet INT64 TIMESTAMP(MICROS, UTC). */
    TIMESTAMP_MICROS(
            TimestampType.TIMESTAMP,
            Long.class,
            PrimitiveTypeName.INT64,
            LogicalTypeAnnotation.timestampType(true, LogicalTypeAnnotation.TimeUnit.MICROS),
            (v, c) -> c.addLong((Long) v),
            v -> Literal.ofTimestamp((Long) v),
            (v, out) -> out.writeLong((Long) v),
            DataInput::readLong),
    DOUBLE(
            DoubleType.DOUBLE,
            Double.class,
            PrimitiveTypeName.DOUBLE,
            null,
            (v, c) -> c.addDouble((Double) v),
            v -> Literal.ofDouble((Double) v),
            (v, out) -> out.writeDouble((Double) v),
            DataInput::readDouble),
    BOOLEAN(
            BooleanType.BOOLEAN,
            Boolean.class,
            PrimitiveTypeName.BOOLEAN,
            null,
            (v, c) -> c.addBoolean((Boolean) v),
            v -> Literal.ofBoolean((Boolean) v),
            (v, out) -> out.writeBoolean((Boolean) v),
            DataInput::readBoolean),
    STRING(
            StringType.STRING,
            String.class,
            PrimitiveTypeName.BINARY,
            LogicalTypeAnnotation.stringType(),
            (v, c) -> c.addBinary(Binary.fromString((String) v)),
            v -> Literal.ofString((String) v),
            (v, out) -> out.writeUTF((String) v),
            DataInput::readUTF);

    @FunctionalInterface
    private interface ValueWriter {
        void write(Object value, DataOutput out) throws IOException;
    }

    @FunctionalInterface
    private interface ValueReader {
        Object read(DataInput in) throws IOException;
    }

    private final DataType deltaType;
    private final Class<?> javaClass;
    private final PrimitiveTypeName parquetType;
    private final LogicalTypeAnnotation parquetAnnotation;
    private final BiConsumer<Object, RecordConsumer> parquetWriter;
    private final Function<Object, Literal> literal;
    private final ValueWriter valueWriter;
    private final ValueReader valueReader;

    ColumnType(
            DataType deltaType,
            Class<?> javaClass,
            PrimitiveTypeName parquetType,
            LogicalTypeAnnotation parquetAnnotation,
            BiConsumer<Object, RecordConsumer> parquetWriter,
            Function<Object, Literal> literal,
            ValueWriter valueWriter,
            ValueReader valueReader) {
        this.deltaType = deltaType;
        this.javaClass = javaClass;
        this.parquetType = parquetType;
        this.parquetAnnotation = parquetAnnotation;
        this.parquetWriter = parquetWriter;
        this.literal = literal;
        this.valueWriter = valueWriter;
        this.valueReader = valueReader;
    }

    DataType deltaType() {
        return deltaType;
    }

    Type parquet(String name, Type.Repetition repetition) {
        return Types.primitive(parquetType, repetition).as(parquetAnnotation).named(name);
    }

    void write(Object value, RecordConsumer consumer) {
        parquetWriter.accept(value, consumer);
    }

    Literal literal(Object value) {
        return literal.apply(value);
    }

    public void writeValue(Object value, DataOutput out) throws IOException {
        valueWriter.write(value, out);
    }

    public Object readValue(DataInput in) throws IOException {
        return valueReader.read(in);
    }

    /** Values of one column are of one Java type (Integer, Long, Double, Boolean, String), all Comparable. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static int compare(Object a, Object b) {
        return ((Comparable) a).compareTo(b);
    }

    /** Throws with the column's name when a row's value is not of this type's Java class. */
    Object check(String column, Object value) {
        if (!javaClass.isInstance(value)) {
            throw new IllegalArgumentException("column " + column + " (" + this + ") got a "
                    + value.getClass().getSimpleName() + ": " + value);
        }
        return value;
    }

    /** The type whose values travel as {@code value}'s class (TIMESTAMP_MICROS travels as LONG). */
    public static ColumnType wireTypeOf(Object value) {
        for (ColumnType t : values()) {
            if (t.javaClass.isInstance(value)) {
                return t;
            }
        }
        throw new IllegalArgumentException(
                "no wire format for a statistic of type " + value.getClass().getName());
    }
}
