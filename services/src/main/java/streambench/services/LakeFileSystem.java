package streambench.services;

import java.io.IOException;
import java.net.URI;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import streambench.common.LakeSettings;

/** A Hadoop FileSystem on the lake, configured from {@link LakeSettings} before its first use. */
public final class LakeFileSystem {
    private LakeFileSystem() {}

    /** A new, uncached instance: the caller closes it. {@code extra} overrides lake keys, e.g. retry limits. */
    public static FileSystem open(LakeSettings lake, Map<String, String> extra) throws IOException {
        Configuration conf = new Configuration();
        lake.hadoopConf().forEach(conf::set);
        extra.forEach(conf::set);
        return FileSystem.newInstance(URI.create(lake.rootUri() + "/"), conf);
    }

    /**
     * Deletes everything under {@code folder} of the lake (an engine's tables, checkpoints and warm-up table once
     * analysed: on ADLS they cost money, on the embedded Azurite they fill its memory) and says what happened, or
     * nothing when there was nothing to delete; a failure is said, never thrown.
     */
    public static java.util.Optional<String> deleteFolder(LakeSettings lake, String folder) {
        String uri = lake.tableUri(folder);
        try (FileSystem fs = open(lake, Map.of())) {
            return fs.delete(new org.apache.hadoop.fs.Path(uri), true)
                    ? java.util.Optional.of("deleted its tables, checkpoints and warm-up table under " + uri
                            + " (--keep-tables keeps them)")
                    : java.util.Optional.empty();
        } catch (IOException | RuntimeException e) {
            return java.util.Optional.of("could not delete " + uri + ": " + e.getMessage());
        }
    }
}
