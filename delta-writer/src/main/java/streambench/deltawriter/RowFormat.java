package streambench.deltawriter;

import io.delta.kernel.types.StructType;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * How rows of type {@code T} become a Delta table's columns: a name, a {@link ColumnType} and an
 * extractor per column. The sink derives the Delta schema, the Parquet schema and the file statistics
 * from it, so a new table is one {@code RowFormat}, not a new sink.
 *
 * <pre>{@code
 * RowFormat<Event> f = RowFormat.<Event>builder()
 *         .column("ts", ColumnType.TIMESTAMP_MICROS, false, Event::tsMicros)
 *         .column("producer_id", ColumnType.INT, false, Event::producerId)
 *         .build();
 * }</pre>
 */
public final class RowFormat<T> implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Reads one column's value from a row; must be serialisable because Flink ships the sink to its tasks. */
    @FunctionalInterface
    public interface Extractor<T> extends Serializable {
        Object get(T row);
    }

    /** One column: nullable columns may yield null, the others may not. */
    public record Column<T>(String name, ColumnType type, boolean nullable, Extractor<T> extractor)
            implements Serializable {}

    private final List<Column<T>> columns;

    private RowFormat(List<Column<T>> columns) {
        this.columns = List.copyOf(columns);
    }

    public static <T> Builder<T> builder() {
        return new Builder<>();
    }

    public List<Column<T>> columns() {
        return columns;
    }

    public StructType deltaSchema() {
        StructType schema = new StructType();
        for (Column<T> c : columns) {
            schema = schema.add(c.name(), c.type().deltaType(), c.nullable());
        }
        return schema;
    }

    public MessageType parquetSchema() {
        List<Type> fields = new ArrayList<>();
        for (Column<T> c : columns) {
            fields.add(c.type().parquet(c.name(), c.nullable() ? Type.Repetition.OPTIONAL : Type.Repetition.REQUIRED));
        }
        return new MessageType("spark_schema", fields);
    }

    /** The column's value of {@code row}, checked against its declared type and nullability. */
    public Object value(int column, T row) {
        Column<T> c = columns.get(column);
        Object v = c.extractor().get(row);
        if (v == null) {
            if (!c.nullable()) {
                throw new IllegalArgumentException("column " + c.name() + " is not nullable but got null from " + row);
            }
            return null;
        }
        return c.type().check(c.name(), v);
    }

    public static final class Builder<T> {
        private final List<Column<T>> columns = new ArrayList<>();
        private final Set<String> names = new HashSet<>();

        public Builder<T> column(String name, ColumnType type, boolean nullable, Extractor<T> extractor) {
            if (name == null || name.isBlank() || !names.add(name.toLowerCase(java.util.Locale.ROOT))) {
                throw new IllegalArgumentException(
                        "column names must be non-blank and unique (case-insensitive): " + name);
            }
            columns.add(new Column<>(name, type, nullable, extractor));
            return this;
        }

        public RowFormat<T> build() {
            if (columns.isEmpty()) {
                throw new IllegalArgumentException("a RowFormat needs at least one column");
            }
            return new RowFormat<>(columns);
        }
    }
}
