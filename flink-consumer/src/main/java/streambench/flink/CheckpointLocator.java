package streambench.flink;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Finds the newest completed checkpoint under a checkpoint directory ({@code <dir>/<job id>/chk-<n>/_metadata}),
 * so a consumer restarted after a crash resumes where the last one left off. Checkpoints are kept on
 * cancellation, so a stopped consumer resumes too.
 *
 * <p>A checkpoint holds one topic's offsets and one table's pending files, and nothing in it says which:
 * resumed by a consumer of another topic or table, it would go on reading the old topic's partitions
 * and commit files of the old table's directory into the new table's log. So each job records its
 * topic and table in {@value #RECORD} beside its checkpoints, and only a checkpoint whose record names
 * the current ones is resumed.
 */
final class CheckpointLocator {
    static final String RECORD = "streambench-job.json";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Whose checkpoints they are: the topic they hold offsets of and the table they hold files for. */
    record Owner(String topic, String table) {
        @Override
        public String toString() {
            return "topic " + topic + " and table " + table;
        }
    }

    /** A completed checkpoint and the owner recorded beside it (empty: no readable record). */
    record Found(String path, Optional<Owner> owner) {}

    private CheckpointLocator() {}

    /**
     * The checkpoint to resume: the newest, if its record names {@code current}. Otherwise empty, after
     * telling {@code out} which checkpoint is not resumed and why.
     */
    static Optional<String> resumable(
            String checkpointDir, Map<String, String> hadoopConf, Owner current, PrintStream out) throws IOException {
        Optional<Found> found = latest(checkpointDir, hadoopConf);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        Found f = found.get();
        if (f.owner().filter(current::equals).isPresent()) {
            return Optional.of(f.path());
        }
        String why = f.owner()
                .map(o ->
                        "CHECKPOINT_DIR=" + checkpointDir + " holds it for " + o + ", but this consumer has " + current)
                .orElse("CHECKPOINT_DIR=" + checkpointDir + " has no " + RECORD
                        + " beside it naming its topic and table" + " (this consumer has " + current + ")");
        out.println("flink: not resuming checkpoint " + f.path() + ": " + why + "; starting fresh");
        return Optional.empty();
    }

    /** The newest completed checkpoint, with the owner recorded for its job. */
    static Optional<Found> latest(String checkpointDir, Map<String, String> hadoopConf) throws IOException {
        FileSystem fs = fileSystem(checkpointDir, hadoopConf);
        FileStatus[] jobs;
        try {
            jobs = fs.listStatus(new Path(checkpointDir));
        } catch (FileNotFoundException e) {
            return Optional.empty();
        }
        Path best = null;
        long bestTime = -1;
        long bestId = -1;
        for (FileStatus job : jobs) {
            if (!job.isDirectory()) {
                continue;
            }
            for (FileStatus chk : fs.listStatus(job.getPath())) {
                String name = chk.getPath().getName();
                if (!chk.isDirectory() || !name.matches("chk-\\d+")) {
                    continue;
                }
                Path metadata = new Path(chk.getPath(), "_metadata");
                FileStatus m;
                try {
                    m = fs.getFileStatus(metadata);
                } catch (FileNotFoundException e) {
                    continue; // a checkpoint that never completed
                }
                if (m.getLen() == 0) {
                    // created but never written: on ABFS the file exists from create() and its bytes arrive at
                    // close(), so a consumer killed while Flink wrote it leaves an empty _metadata behind
                    continue;
                }
                long id = Long.parseLong(name.substring(4));
                if (m.getModificationTime() > bestTime || (m.getModificationTime() == bestTime && id > bestId)) {
                    best = chk.getPath();
                    bestTime = m.getModificationTime();
                    bestId = id;
                }
            }
        }
        if (best == null) {
            return Optional.empty();
        }
        return Optional.of(new Found(best.toString(), readOwner(fs, new Path(best.getParent(), RECORD))));
    }

    /**
     * Records {@code owner} beside the checkpoints of job {@code jobId}. Flink puts a job's checkpoints
     * in {@code <dir>/<job id>/}, and a resumed job gets a new id, so every job writes its own.
     */
    static void record(String checkpointDir, String jobId, Owner owner, Map<String, String> hadoopConf)
            throws IOException {
        FileSystem fs = fileSystem(checkpointDir, hadoopConf);
        byte[] json = JSON.writeValueAsBytes(Map.of("topic", owner.topic(), "table", owner.table()));
        try (FSDataOutputStream out = fs.create(new Path(new Path(checkpointDir, jobId), RECORD), true)) {
            out.write(json);
        }
    }

    private static Optional<Owner> readOwner(FileSystem fs, Path record) throws IOException {
        byte[] bytes;
        try (FSDataInputStream in = fs.open(record)) {
            bytes = in.readAllBytes();
        } catch (FileNotFoundException e) {
            return Optional.empty();
        }
        try {
            JsonNode node = JSON.readTree(new String(bytes, StandardCharsets.UTF_8));
            if (node != null
                    && node.path("topic").isTextual()
                    && node.path("table").isTextual()) {
                return Optional.of(
                        new Owner(node.get("topic").asText(), node.get("table").asText()));
            }
        } catch (JsonProcessingException e) {
            // cut short or edited by hand: as good as no record
        }
        return Optional.empty();
    }

    private static FileSystem fileSystem(String checkpointDir, Map<String, String> hadoopConf) throws IOException {
        Configuration conf = new Configuration();
        hadoopConf.forEach(conf::set);
        return FileSystem.get(URI.create(checkpointDir), conf);
    }
}
