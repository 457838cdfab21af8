package streambench.harness.engine;

import java.time.Duration;
import java.util.function.LongSupplier;

/** Waiting for rows to reach the table: the warm start's and the drain's, which end the same three ways. */
final class RowWait {
    private RowWait() {}

    /**
     * Waits until {@code count} reaches {@code rows}, the consumer dies, or {@code timeoutSeconds} pass, polling
     * every {@code pollMillis}; {@code progress} runs at the start and every 5 s.
     */
    static void await(
            ConsumerSlot slot, LongSupplier count, long rows, long pollMillis, long timeoutSeconds, Runnable progress)
            throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(timeoutSeconds).toNanos();
        long lastProgress = 0;
        while (count.getAsLong() < rows
                && System.nanoTime() < deadline
                && slot.current().process().isAlive()) {
            if (System.nanoTime() - lastProgress > 5_000_000_000L) {
                progress.run();
                lastProgress = System.nanoTime();
            }
            Thread.sleep(pollMillis);
        }
    }
}
