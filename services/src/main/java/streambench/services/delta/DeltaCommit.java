package streambench.services.delta;

import java.util.List;

/**
 * One version of a Delta table as its {@code _delta_log/<version>.json} records it.
 *
 * @param commitTimestampMillis when it committed, epoch ms: the in-commit timestamp when the table keeps
 *                              them, else {@code commitInfo.timestamp}
 * @param added                 files whose rows this version made visible ({@code dataChange} true)
 * @param rewritten             files added with {@code dataChange} false: rows an earlier version already
 *                              made visible, written again (OPTIMIZE, compaction); their rows are not new
 * @param removed               files this version took out of the table
 */
public record DeltaCommit(
        long version,
        long commitTimestampMillis,
        String operation,
        List<AddedFile> added,
        List<AddedFile> rewritten,
        List<RemovedFile> removed) {
    /**
     * {@code path} as written in the log (relative to the table, URI-encoded); {@code numRecords}, the smallest
     * {@code ts} (epoch µs) and the range of {@code producer_id} from the file's statistics, -1 /
     * {@link Long#MIN_VALUE} when absent; {@code modificationTimeMillis}, the {@code add} action's
     * {@code modificationTime} (epoch ms, -1 when absent): when the writer says the file was written. Writers take it
     * from different clocks: ours from its own when it closes the file, Spark's Delta from the store's file status when
     * its task commits.
     */
    public record AddedFile(
            String path,
            long size,
            long numRecords,
            long minTsMicros,
            long minProducerId,
            long maxProducerId,
            long modificationTimeMillis) {
        public AddedFile(String path, long size, long numRecords, long minTsMicros) {
            this(path, size, numRecords, minTsMicros, Long.MIN_VALUE, Long.MIN_VALUE, -1);
        }

        /** All its rows below {@code id}, per its statistics (false when they say nothing). */
        public boolean allBelow(long id) {
            return maxProducerId != Long.MIN_VALUE && maxProducerId < id;
        }

        /** All its rows at or above {@code id}, per its statistics (false when they say nothing). */
        public boolean allFrom(long id) {
            return minProducerId != Long.MIN_VALUE && minProducerId >= id;
        }
    }

    /** {@code dataChange} false: the rows live on in a file of {@link #rewritten()}; true: they are deleted. */
    public record RemovedFile(String path, boolean dataChange) {}

    /** Smallest ts of the rows this commit made visible per the statistics, or {@link Long#MIN_VALUE}. */
    public long minTsMicros() {
        return added.stream()
                .mapToLong(AddedFile::minTsMicros)
                .filter(t -> t != Long.MIN_VALUE)
                .min()
                .orElse(Long.MIN_VALUE);
    }

    /** Rows this commit made visible per the statistics. */
    public long recordCount() {
        return added.stream()
                .mapToLong(AddedFile::numRecords)
                .filter(n -> n >= 0)
                .sum();
    }
}
