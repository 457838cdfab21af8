package streambench.harness.analysis;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import streambench.services.delta.DeltaCommit;

/**
 * How a table grew over a run, as its log and its log's directory tell it: the files each version added and removed,
 * and every file of {@code _delta_log} with its size and time, the log checkpoints among them. A streaming job runs
 * for days: its files multiply, its log grows and checkpoints come due every so many commits, the costs a minute's
 * run never meets.
 */
public record TableGrowth(List<Step> steps, List<LogFile> log) {
    public static final TableGrowth EMPTY = new TableGrowth(List.of(), List.of());

    /** One version: when it committed (epoch ms) and the data files it added (with their bytes) and removed. */
    public record Step(long version, long commitMillis, int filesAdded, long bytesAdded, int filesRemoved) {
        static Step of(DeltaCommit c) {
            List<DeltaCommit.AddedFile> added = new ArrayList<>(c.added());
            added.addAll(c.rewritten());
            return new Step(
                    c.version(),
                    c.commitTimestampMillis(),
                    added.size(),
                    added.stream().mapToLong(DeltaCommit.AddedFile::size).sum(),
                    c.removed().size());
        }
    }

    /**
     * A file of {@code _delta_log}: a commit, a checkpoint (of {@code version}) or another (-1); its size and when the
     * store says it was written (epoch ms).
     */
    public record LogFile(String name, long version, boolean checkpoint, long bytes, long modifiedMillis) {}

    private static final Pattern CHECKPOINT = Pattern.compile("(\\d{20})\\.checkpoint(\\..*)?\\.parquet");
    private static final Pattern COMMIT = Pattern.compile("(\\d{20})\\.json");

    /** The table's {@code _delta_log} as listed now; empty when it cannot be listed. */
    static List<LogFile> listLog(FileSystem fs, String tableUri) {
        List<LogFile> out = new ArrayList<>();
        try {
            for (FileStatus f : fs.listStatus(new Path(tableUri, "_delta_log"))) {
                if (!f.isFile()) {
                    continue;
                }
                String name = f.getPath().getName();
                Matcher cp = CHECKPOINT.matcher(name);
                Matcher commit = COMMIT.matcher(name);
                long version = cp.matches()
                        ? Long.parseLong(cp.group(1))
                        : commit.matches() ? Long.parseLong(commit.group(1)) : -1;
                out.add(new LogFile(name, version, cp.matches(), f.getLen(), f.getModificationTime()));
            }
        } catch (IOException e) {
            return List.of(); // the growth report goes without the log; the analysis does not depend on it
        }
        return out;
    }

    /** Data files in the table at {@code atMillis}: added minus removed by the versions committed by then. */
    public long filesAt(long atMillis) {
        return steps.stream()
                .filter(s -> s.commitMillis() <= atMillis)
                .mapToLong(s -> s.filesAdded() - s.filesRemoved())
                .sum();
    }

    /** Bytes of the log's files written by {@code atMillis}. */
    public long logBytesAt(long atMillis) {
        return log.stream()
                .filter(f -> f.modifiedMillis() <= atMillis)
                .mapToLong(LogFile::bytes)
                .sum();
    }

    /** Data files the versions committed in [from, to) added, and their bytes. */
    public long[] addedBetween(long fromMillis, long toMillis) {
        long files = 0;
        long bytes = 0;
        for (Step s : steps) {
            if (s.commitMillis() >= fromMillis && s.commitMillis() < toMillis) {
                files += s.filesAdded();
                bytes += s.bytesAdded();
            }
        }
        return new long[] {files, bytes};
    }

    /** The log checkpoints written in [from, to), in the order of their versions (one per version). */
    public List<LogFile> checkpointsBetween(long fromMillis, long toMillis) {
        List<LogFile> out = new ArrayList<>();
        long lastVersion = Long.MIN_VALUE;
        for (LogFile f : log.stream()
                .filter(LogFile::checkpoint)
                .sorted(java.util.Comparator.comparingLong(LogFile::version))
                .toList()) {
            if (f.version() != lastVersion && f.modifiedMillis() >= fromMillis && f.modifiedMillis() < toMillis) {
                out.add(f);
            }
            lastVersion = f.version();
        }
        return out;
    }
}
