package streambench.flink.delta;

import java.util.List;
import streambench.deltawriter.DataFile;

/**
 * What one writer subtask hands the committer for one checkpoint: the files it closed just before
 * that checkpoint's barrier. {@code barrierMillis} is when the writer saw the barrier coming, the start
 * of the commit's critical path.
 */
public record DeltaCommittable(long checkpointId, int subtask, long barrierMillis, List<DataFile> files) {
    /** Files flushed at the end of a bounded input carry this checkpoint id. */
    public static final long END_OF_INPUT = Long.MAX_VALUE;

    public DeltaCommittable {
        files = List.copyOf(files);
    }
}
