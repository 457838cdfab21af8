package streambench.flink.delta;

/**
 * What the committer did for one completed checkpoint. {@code deltaVersion} is -1 when nothing was
 * written: no files ({@code files == 0}) or the checkpoint was already in the log
 * ({@code alreadyCommitted}, after a restart). {@code checkpointMillis} runs from the first writer's
 * pre-barrier flush to the checkpoint-complete notification.
 */
public record CommitReport(
        long checkpointId,
        long txnVersion,
        long deltaVersion,
        int files,
        long records,
        boolean alreadyCommitted,
        long checkpointMillis,
        long commitMillis,
        long completedAtMillis) {}
