package streambench.spark;

import java.io.ByteArrayOutputStream;
import java.io.IOException;

/**
 * The bytes of one log file, held in memory and put as one blob when closed; cancelled, it puts nothing. Spark's
 * logs and Delta's checksum are small (a few KB), so buffering them costs nothing a temporary file would not.
 */
final class BlobPutStream extends ByteArrayOutputStream {
    private final BlobAddress blob;
    private final boolean exclusive;
    private boolean done;

    BlobPutStream(BlobAddress blob, boolean exclusive) {
        this.blob = blob;
        this.exclusive = exclusive;
    }

    /** Nothing reaches the store; a later close does nothing either. */
    void cancel() {
        done = true;
    }

    @Override
    public void close() throws IOException {
        if (done) {
            return;
        }
        done = true; // a failed put is not retried by a second close: the caller cancels and fails
        AtomicBlobPut.put(blob, toByteArray(), exclusive);
    }
}
