package streambench.flink;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URI;
import java.util.Map;
import java.util.Optional;

/**
 * Finds the newest completed checkpoint under a checkpoint directory ({@code <dir>/<job id>/chk-<n>/_metadata}),
 * so a consumer restarted after a crash resumes where the last one left off. Checkpoints are kept on
 * cancellation, so a stopped consumer resumes too.
 */
final class CheckpointLocator {
    private CheckpointLocator() {
    }

    static Optional<String> latest(String checkpointDir, Map<String, String> hadoopConf) throws IOException {
        Configuration conf = new Configuration();
        hadoopConf.forEach(conf::set);
        Path root = new Path(checkpointDir);
        FileSystem fs = FileSystem.get(URI.create(checkpointDir), conf);
        FileStatus[] jobs;
        try {
            jobs = fs.listStatus(root);
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
                long id = Long.parseLong(name.substring(4));
                if (m.getModificationTime() > bestTime || (m.getModificationTime() == bestTime && id > bestId)) {
                    best = chk.getPath();
                    bestTime = m.getModificationTime();
                    bestId = id;
                }
            }
        }
        return Optional.ofNullable(best).map(Path::toString);
    }
}
