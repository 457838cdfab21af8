package streambench.spark;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.Path;

/**
 * Delta's log store for {@code abfs}/{@code abfss} with each commit file written by one exclusive
 * {@code Put Blob} ({@link AtomicBlobPut}) instead of Delta's {@code AzureLogStore} temporary file and rename.
 * Delta's contract holds: a commit file is visible whole or not at all, and writing version N fails with
 * {@code java.nio.file.FileAlreadyExistsException} when another writer already committed it. Paths the
 * address cannot sign for (OAuth accounts, other schemes) go through {@code AzureLogStore} unchanged.
 * Chosen with {@code DELTA_LOG_STORE=blob-put}.
 */
public final class BlobPutLogStore extends io.delta.storage.AzureLogStore {
    public BlobPutLogStore(Configuration hadoop) {
        super(hadoop);
    }

    @Override
    public void write(Path path, Iterator<String> actions, Boolean overwrite, Configuration hadoop) throws IOException {
        Optional<BlobAddress> blob = BlobAddress.of(resolve(path, hadoop), hadoop);
        if (blob.isEmpty()) {
            super.write(path, actions, overwrite, hadoop);
            return;
        }
        StringBuilder text = new StringBuilder();
        // as Delta's own stores write a commit: one action per line, each ended by a newline
        actions.forEachRemaining(a -> text.append(a).append('\n'));
        try {
            AtomicBlobPut.put(blob.get(), text.toString().getBytes(StandardCharsets.UTF_8), !overwrite);
        } catch (FileAlreadyExistsException e) {
            throw new java.nio.file.FileAlreadyExistsException(path.toString());
        }
    }

    private Path resolve(Path path, Configuration hadoop) throws IOException {
        return path.getFileSystem(hadoop).makeQualified(path);
    }
}
