package streambench.flink.delta;

import io.delta.kernel.expressions.Literal;
import io.delta.kernel.types.BooleanType;
import io.delta.kernel.types.DataType;
import io.delta.kernel.types.DoubleType;
import io.delta.kernel.types.IntegerType;
import io.delta.kernel.types.LongType;
import io.delta.kernel.types.StringType;
import io.delta.kernel.types.TimestampType;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * The column types the sink writes, each with its Parquet encoding, its Delta type and how its
 * statistics are compared and serialised. Deliberately few: enough for event tables, every one
 * readable by Spark, Kernel and delta-rs.
 */
public enum ColumnType {
    INT(IntegerType.INTEGER) {
        Type parquet(String name, Type.Repetition r) {
            return Types.primitive(PrimitiveTypeName.INT32, r).named(name);
        }

        void write(Object v, RecordConsumer c) {
            c.addInteger((Integer) v);
        }

        Literal literal(Object v) {
            return Literal.ofInt((Integer) v);
        }

        void writeValue(Object v, DataOutput out) throws IOException {
            out.writeInt((Integer) v);
        }

        Object readValue(DataInput in) throws IOException {
            return in.readInt();
        }
    },
    LONG(LongType.LONG) {
        Type parquet(String name, Type.Repetition r) {
            return Types.primitive(PrimitiveTypeName.INT64, r).named(name);
        }

        void write(Object v, RecordConsumer c) {
            c.addLong((Long) v);
        }

        Literal literal(Object v) {
            return Literal.ofLong((Long) v);
        }

        void writeValue(Object v, DataOutput out) throws IOException {
            out.writeLong((Long) v);
        }

        Object readValue(DataInput in) throws IOException {
            return in.readLong();
        }
    },
    /** Microseconds since the epoch, UTC: Delta's TIMESTAMP, Parquet INT64 TIMESTAMP(MICROS, UTC). */
    TIMESTAMP_MICROS(TimestampType.TIMESTAMP) {
        Type parquet(String name, Type.Repetition r) {
            return Types.primitive(PrimitiveTypeName.INT64, r)
                    .as(LogicalTypeAnnotation.timestampType(true, LogicalTypeAnnotation.TimeUnit.MICROS))
                    .named(name);
        }

        void write(Object v, RecordConsumer c) {
            c.addLong((Long) v);
        }

        Literal literal(Object v) {
            return Literal.ofTimestamp((Long) v);
        }

        void writeValue(Object v, DataOutput out) throws IOException {
            out.writeLong((Long) v);
        }

        Object readValue(DataInput in) throws IOException {
            return in.readLong();
        }
    },
    DOUBLE(DoubleType.DOUBLE) {
        Type parquet(String name, Type.Repetition r) {
            return Types.primitive(PrimitiveTypeName.DOUBLE, r).named(name);
        }

        void write(Object v, RecordConsumer c) {
            c.addDouble((Double) v);
        }

        Literal literal(Object v) {
            return Literal.ofDouble((Double) v);
        }

        void writeValue(Object v, DataOutput out) throws IOException {
            out.writeDouble((Double) v);
        }

        Object readValue(DataInput in) throws IOException {
            return in.readDouble();
        }
    },
    BOOLEAN(BooleanType.BOOLEAN) {
        Type parquet(String name, Type.Repetition r) {
            return Types.primitive(PrimitiveTypeName.BOOLEAN, r).named(name);
        }

        void write(Object v, RecordConsumer c) {
            c.addBoolean((Boolean) v);
        }

        Literal literal(Object v) {
            return Literal.ofBoolean((Boolean) v);
        }

        void writeValue(Object v, DataOutput out) throws IOException {
            out.writeBoolean((Boolean) v);
        }

        Object readValue(DataInput in) throws IOException {
            return in.readBoolean();
        }
    },
    STRING(StringType.STRING) {
        Type parquet(String name, Type.Repetition r) {
            return Types.primitive(PrimitiveTypeName.BINARY, r).as(LogicalTypeAnnotation.stringType()).named(name);
        }

        void write(Object v, RecordConsumer c) {
            c.addBinary(Binary.fromString((String) v));
        }

        Literal literal(Object v) {
            return Literal.ofString((String) v);
        }

        void writeValue(Object v, DataOutput out) throws IOException {
            out.writeUTF((String) v);
        }

        Object readValue(DataInput in) throws IOException {
            return in.readUTF();
        }
    };

    private final DataType deltaType;

    ColumnType(DataType deltaType) {
        this.deltaType = deltaType;
    }

    DataType deltaType() {
        return deltaType;
    }

    abstract Type parquet(String name, Type.Repetition repetition);

    abstract void write(Object value, RecordConsumer consumer);

    abstract Literal literal(Object value);

    abstract void writeValue(Object value, DataOutput out) throws IOException;

    abstract Object readValue(DataInput in) throws IOException;

    /** Values of one column are of one Java type (Integer, Long, Double, Boolean, String), all Comparable. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static int compare(Object a, Object b) {
        return ((Comparable) a).compareTo(b);
    }

    /** Throws with the column's name when a row's value is not of this type's Java class. */
    Object check(String column, Object value) {
        boolean ok = switch (this) {
            case INT -> value instanceof Integer;
            case LONG, TIMESTAMP_MICROS -> value instanceof Long;
            case DOUBLE -> value instanceof Double;
            case BOOLEAN -> value instanceof Boolean;
            case STRING -> value instanceof String;
        };
        if (!ok) {
            throw new IllegalArgumentException("column " + column + " (" + this + ") got a "
                    + value.getClass().getSimpleName() + ": " + value);
        }
        return value;
    }
}
