package streambench.harness.engine;

import java.io.PrintStream;
import streambench.services.LakeFileSystem;
import streambench.services.Services;

/** What a turn leaves in the lake, removed once it is analysed (unless the run keeps its tables). */
final class LakeCleanup {
    private LakeCleanup() {}

    /** {@code folder}: the turn's folder under the lake root, its table, checkpoints and warm-up table. */
    static void afterTurn(Services services, String folder, PrintStream out) {
        if (services.lakeOnDisk()) {
            // a soak's table is tens of thousands of blobs, which Azurite deleted one by one for many minutes;
            // emptying its directory (before the next turn, or at the end) takes a second
            out.println("  its tables go when the on-disk Azurite is emptied: before the next turn or at the end "
                    + "(--keep-tables keeps them)");
            return;
        }
        LakeFileSystem.deleteFolder(services.lake(), folder).ifPresent(said -> out.println("  " + said));
    }
}
