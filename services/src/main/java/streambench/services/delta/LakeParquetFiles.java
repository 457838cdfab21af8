package streambench.services.delta;

import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.hadoop.util.HadoopStreams;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;
import org.apache.parquet.io.SeekableInputStream;

/**
 * Parquet files on the FileSystem the caller opened. parquet-hadoop's own HadoopInputFile/OutputFile
 * go through Hadoop's global FileSystem cache, keyed by scheme and authority only: every Azurite has
 * the same authority ({@code container@devstoreaccount1...}), so a JVM that had met an earlier Azurite
 * got that one's cached instance, pointed at a dead port, and retried for a quarter of an hour.
 */
public final class LakeParquetFiles {
    private LakeParquetFiles() {}

    public static InputFile input(FileSystem fs, Path path) throws IOException {
        long length = fs.getFileStatus(path).getLen();
        return new InputFile() {
            @Override
            public long getLength() {
                return length;
            }

            @Override
            public SeekableInputStream newStream() throws IOException {
                return HadoopStreams.wrap(fs.open(path));
            }

            @Override
            public String toString() {
                return path.toString();
            }
        };
    }

    public static OutputFile output(FileSystem fs, Path path) {
        return new OutputFile() {
            @Override
            public PositionOutputStream create(long blockSizeHint) throws IOException {
                return HadoopStreams.wrap(fs.create(path, false));
            }

            @Override
            public PositionOutputStream createOrOverwrite(long blockSizeHint) throws IOException {
                return HadoopStreams.wrap(fs.create(path, true));
            }

            @Override
            public boolean supportsBlockSize() {
                return false;
            }

            @Override
            public long defaultBlockSize() {
                return 0;
            }

            @Override
            public String getPath() {
                return path.toString();
            }
        };
    }
}
