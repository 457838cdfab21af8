package streambench.flink.delta;

import org.apache.parquet.io.DelegatingPositionOutputStream;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;

import java.io.IOException;

/**
 * Remembers how many bytes went into the file. Delta's {@code add.size} must be the exact length
 * (readers locate the Parquet footer with it), and asking the store afterwards would cost one more
 * request per file on the checkpoint's critical path.
 */
final class SizedOutputFile implements OutputFile {
    private final OutputFile delegate;
    private long size = -1;

    SizedOutputFile(OutputFile delegate) {
        this.delegate = delegate;
    }

    long size() {
        if (size < 0) {
            throw new IllegalStateException("file not closed yet: " + delegate.getPath());
        }
        return size;
    }

    @Override
    public PositionOutputStream create(long blockSizeHint) throws IOException {
        return counted(delegate.create(blockSizeHint));
    }

    @Override
    public PositionOutputStream createOrOverwrite(long blockSizeHint) throws IOException {
        return counted(delegate.createOrOverwrite(blockSizeHint));
    }

    @Override
    public boolean supportsBlockSize() {
        return delegate.supportsBlockSize();
    }

    @Override
    public long defaultBlockSize() {
        return delegate.defaultBlockSize();
    }

    @Override
    public String getPath() {
        return delegate.getPath();
    }

    private PositionOutputStream counted(PositionOutputStream out) {
        return new DelegatingPositionOutputStream(out) {
            @Override
            public long getPos() throws IOException {
                return out.getPos();
            }

            @Override
            public void close() throws IOException {
                long pos = out.getPos();
                super.close();
                size = pos; // only once the store accepted the close
            }
        };
    }
}
