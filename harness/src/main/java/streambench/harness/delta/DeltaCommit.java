package streambench.harness.delta;

import java.util.List;

/**
 * One version of a Delta table as its {@code _delta_log/<version>.json} records it: when the writer
 * says it committed ({@code commitInfo.timestamp}, epoch ms) and which data files it added.
 */
public record DeltaCommit(long version, long commitTimestampMillis, String operation, List<AddedFile> added) {
    /**
     * {@code path} as written in the log (relative to the table, URI-encoded); {@code numRecords} and
     * the smallest {@code ts} (epoch µs) from the file's statistics, -1 / {@link Long#MIN_VALUE} when absent.
     */
    public record AddedFile(String path, long size, long numRecords, long minTsMicros) {
    }

    /** Smallest ts in this commit per the statistics, or {@link Long#MIN_VALUE}. */
    public long minTsMicros() {
        return added.stream().mapToLong(AddedFile::minTsMicros).filter(t -> t != Long.MIN_VALUE).min()
                .orElse(Long.MIN_VALUE);
    }

    public long recordCount() {
        return added.stream().mapToLong(AddedFile::numRecords).filter(n -> n >= 0).sum();
    }
}
