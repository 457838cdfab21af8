package streambench.harness.engine;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import streambench.services.LakeFileSystem;
import streambench.services.Services;
import streambench.services.StorePrefill;
import streambench.services.StoreProbe;

/**
 * What a turn does with the store beside the engine's table, in folders next to it (the same container, never
 * inside the table, removed with it): the control's small files before the consumer starts, and the probe that
 * times the store on its own while the turn runs.
 */
final class TurnStore {
    private TurnStore() {}

    /** A folder beside the table at {@code tablePath}. */
    private static String beside(String tablePath, String name) {
        return tablePath.substring(0, tablePath.lastIndexOf('/') + 1) + name;
    }

    /** {@code files} small files beside the table (none when 0), saying how far it got every 10 s. */
    static void prefill(Services services, String tablePath, long files, PrintStream out) throws IOException {
        if (files <= 0) {
            return;
        }
        String folder = beside(tablePath, "prefill");
        long t0 = System.nanoTime();
        long[] said = {t0};
        try (FileSystem fs = LakeFileSystem.open(services.lake(), Map.of())) {
            StorePrefill.fill(fs, new Path(services.lake().tableUri(folder)), files, n -> {
                synchronized (said) { // told by every writer
                    long now = System.nanoTime();
                    if (now - said[0] >= 10_000_000_000L) {
                        said[0] = now;
                        out.printf("  prefilling the store: %,d of %,d files%n", n, files);
                    }
                }
            });
        }
        out.printf(
                "  prefilled the store with %,d small files under %s in %.0f s%n",
                files, folder, (System.nanoTime() - t0) / 1e9);
    }

    /**
     * The store probe beside the table, every {@code everyMs}; null when that is 0, or when its folder cannot be made
     * (said on the console): a side measurement never fails the turn.
     */
    static StoreProbe probe(Services services, FileSystem fs, String tablePath, long everyMs, PrintStream out) {
        if (everyMs <= 0) {
            return null;
        }
        String folder = beside(tablePath, "store-probe");
        try {
            return new StoreProbe(fs, new Path(services.lake().tableUri(folder)), everyMs);
        } catch (IOException | RuntimeException e) {
            out.println("  store probe: not running, its folder " + folder + " could not be made: " + e.getMessage());
            return null;
        }
    }
}
