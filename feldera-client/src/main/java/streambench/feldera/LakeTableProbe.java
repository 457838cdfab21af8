package streambench.feldera;

import java.io.IOException;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import streambench.common.LakeSettings;

/**
 * Whether the Delta table Feldera writes exists yet ({@code _delta_log} under the table), seen through
 * the same ABFS driver and settings the harness reads it with.
 */
final class LakeTableProbe implements TableProbe {
    private final FileSystem fs;
    private final Path log;

    LakeTableProbe(LakeSettings lake, String tableUri) throws IOException {
        Configuration conf = new Configuration();
        lake.hadoopConf().forEach(conf::set);
        this.fs = FileSystem.newInstance(URI.create(tableUri), conf); // never the JVM-wide cache: see LakeParquetFiles
        this.log = new Path(tableUri + "/_delta_log");
    }

    @Override
    public boolean tableExists() throws IOException {
        return fs.exists(log);
    }

    @Override
    public void close() throws IOException {
        fs.close();
    }
}
