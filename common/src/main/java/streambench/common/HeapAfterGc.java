package streambench.common;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * The heap in use just after the JVM's latest garbage collection, young or full, from the collectors' own
 * notifications: what a long run watches to tell a heap that fills and empties from one that climbs. A pool's
 * {@code getCollectionUsage} would not do: G1's old generation updates it only when the old generation itself is
 * collected, which a healthy stream may not see for hours. -1 until the first collection.
 */
final class HeapAfterGc {
    private final AtomicLong bytes = new AtomicLong(-1);
    private final Set<String> heapPools = ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(p -> p.getType() == MemoryType.HEAP)
            .map(MemoryPoolMXBean::getName)
            .collect(Collectors.toUnmodifiableSet());

    static HeapAfterGc listen() {
        HeapAfterGc h = new HeapAfterGc();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener(
                        (n, handback) -> {
                            if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
                                h.collected(GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData())
                                        .getGcInfo()
                                        .getMemoryUsageAfterGc());
                            }
                        },
                        null,
                        null);
            }
        }
        return h;
    }

    private void collected(Map<String, MemoryUsage> afterGc) {
        long used = 0;
        for (Map.Entry<String, MemoryUsage> pool : afterGc.entrySet()) {
            if (heapPools.contains(pool.getKey())) {
                used += pool.getValue().getUsed();
            }
        }
        bytes.set(used);
    }

    long bytes() {
        return bytes.get();
    }
}
