package streambench.harness.engine;

import java.io.PrintStream;
import java.util.function.LongConsumer;

/**
 * The console while a table is read back: a line every 10 s at most. A soak's table is hundreds of millions of rows;
 * a line per million would bury the rest of the console.
 */
public final class ReadProgress {
    private static final long EVERY_NANOS = 10_000_000_000L;

    private ReadProgress() {}

    /** Told the rows read so far, now and then; prints when 10 s have passed since it last did. */
    public static LongConsumer to(PrintStream out) {
        long[] last = {System.nanoTime()};
        return rows -> {
            long now = System.nanoTime();
            if (now - last[0] >= EVERY_NANOS) {
                last[0] = now;
                out.printf("  ... %,d rows read%n", rows);
            }
        };
    }
}
