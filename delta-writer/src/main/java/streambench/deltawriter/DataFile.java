package streambench.deltawriter;

import java.util.Map;

/**
 * A closed Parquet file in the table directory, not yet (or already) added to the Delta log: what the
 * committer needs to write its {@code add} action. {@code path} is absolute; min/max hold the column
 * values Delta keeps as statistics (nulls are not counted in them).
 */
public record DataFile(
        String path,
        long sizeBytes,
        long modificationTime,
        long numRecords,
        Map<String, Object> minValues,
        Map<String, Object> maxValues,
        Map<String, Long> nullCounts) {
    public DataFile {
        minValues = Map.copyOf(minValues);
        maxValues = Map.copyOf(maxValues);
        nullCounts = Map.copyOf(nullCounts);
    }
}
