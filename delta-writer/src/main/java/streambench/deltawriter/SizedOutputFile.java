package streambench.deltawriter;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.StreamCapabilities;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;

/**
 * A data file on the table's Hadoop file system that remembers how many bytes went into it. Delta's
 * {@code add.size} must be the exact length (readers locate the Parquet footer with it), and asking the
 * store afterwards would cost one more request per file on the checkpoint's critical path.
 *
 * <p>It can also be given up: closing a Hadoop stream completes the file (on ABFS, commits the upload),
 * so an abandoned file must not be closed through Parquet, which would write its footer first.
 */
final class SizedOutputFile implements OutputFile {
    // what parquet-hadoop's own HadoopOutputFile asks for
    private static final int BUFFER_BYTES = 4096;

    private final FileSystem fs;
    private final Path path;
    private FSDataOutputStream stream;
    private long size = -1;
    private boolean aborted;

    SizedOutputFile(Path path, Configuration conf) throws IOException {
        this.path = path;
        this.fs = path.getFileSystem(conf);
    }

    long size() {
        if (size < 0) {
            throw new IllegalStateException("file not closed yet: " + path);
        }
        return size;
    }

    @Override
    public PositionOutputStream create(long blockSizeHint) throws IOException {
        return open(false, blockSizeHint);
    }

    @Override
    public PositionOutputStream createOrOverwrite(long blockSizeHint) throws IOException {
        return open(true, blockSizeHint);
    }

    /** No padding of row groups to blocks: parquet-hadoop pads only on HDFS, and the lake is ABFS or a local disk. */
    @Override
    public boolean supportsBlockSize() {
        return false;
    }

    @Override
    public long defaultBlockSize() {
        return fs.getDefaultBlockSize(path);
    }

    @Override
    public String getPath() {
        return path.toString();
    }

    /**
     * Removes the file: aborted where the store can (nothing becomes visible), closed and deleted
     * elsewhere. Whatever is written afterwards, such as the footer of a Parquet writer being closed to
     * release its buffers, goes nowhere.
     */
    void abort() throws IOException {
        if (aborted) {
            return;
        }
        aborted = true;
        if (stream == null) {
            return;
        }
        try {
            if (stream.hasCapability(StreamCapabilities.ABORTABLE_STREAM)) {
                stream.abort();
            } else {
                stream.close();
            }
        } finally {
            fs.delete(path, false);
        }
    }

    private PositionOutputStream open(boolean overwrite, long blockSizeHint) throws IOException {
        FSDataOutputStream s = fs.create(
                path,
                overwrite,
                BUFFER_BYTES,
                fs.getDefaultReplication(path),
                Math.max(fs.getDefaultBlockSize(path), blockSizeHint));
        stream = s;
        return new PositionOutputStream() {
            @Override
            public long getPos() {
                return s.getPos();
            }

            @Override
            public void write(int b) throws IOException {
                if (!aborted) {
                    s.write(b);
                }
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                if (!aborted) {
                    s.write(b, off, len);
                }
            }

            @Override
            public void flush() throws IOException {
                if (!aborted) {
                    s.flush();
                }
            }

            @Override
            public void close() throws IOException {
                if (aborted) {
                    return;
                }
                long pos = s.getPos();
                s.close();
                size = pos; // only once the store accepted the close
            }
        };
    }
}
