package streambench.harness.services;

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
}
