package streambench.harness.engine;

import java.util.Map;
import java.util.Optional;
import streambench.common.ConsumerContract;

/**
 * What a consumer's JVM sees of its machine, from its {@code /metrics} once it is ready: in a container, the
 * {@code cpus} and {@code mem_limit} it was given, so a run can show they were in force. For Feldera it is the
 * client's JVM, not Feldera's.
 */
public record ConsumerJvm(long availableProcessors, long maxHeapBytes) {
    /** Empty when the consumer did not answer or predates these two counters. */
    public static Optional<ConsumerJvm> from(Map<String, Long> metrics) {
        Long processors = metrics.get(ConsumerContract.JVM_AVAILABLE_PROCESSORS);
        Long heap = metrics.get(ConsumerContract.JVM_MAX_HEAP_BYTES);
        return processors == null || heap == null ? Optional.empty() : Optional.of(new ConsumerJvm(processors, heap));
    }

    public long maxHeapMiB() {
        return maxHeapBytes / (1024 * 1024);
    }

    /** For the console, e.g. {@code 2 processors, max heap 4,096 MiB}. */
    public String describe() {
        return String.format(
                java.util.Locale.ROOT,
                "%d processor%s, max heap %,d MiB",
                availableProcessors,
                availableProcessors == 1 ? "" : "s",
                maxHeapMiB());
    }
}
