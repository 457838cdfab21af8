package streambench.common;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * Storage requests of one unit of work (a micro-batch, a checkpoint), by operation, from two readings of
 * the lake file system's cumulative counters. The counter names are hadoop-azure's {@code AbfsStatistic}
 * (identical in 3.4.2 and 3.5.0); a consumer reads them with {@code IOStatisticsSupport.retrieveIOStatistics}
 * and passes them here as a plain map, since this module may not depend on Hadoop.
 *
 * <p>{@code total} is every HTTP request sent, retries included. The file-system operations count calls,
 * not requests: one {@code rename} on the Blob endpoint is a copy and a delete and more. Writes to an open
 * stream (append, flush) have no operation counter of their own, as {@code AbfsOutputStream} keeps its
 * statistics per stream; their requests are in {@code total} and in the HTTP method counts (Blob endpoint:
 * PUT block and PUT block list; DFS endpoint: PATCH).
 *
 * <p>Thread-safe: {@code /metrics} reads {@link #total()} from its own thread.
 */
public final class StorageRequests {
    /** The telemetry field both JVM consumers write the per-unit counts to. */
    public static final String FIELD = "storage_requests";
    /** The cumulative count on {@code /metrics}. */
    public static final String METRIC = "storage_requests_total";
    /** Every HTTP request sent; the one entry present even when zero. */
    public static final String TOTAL = "total";

    /** Requests a consumer sends to the Blob endpoint itself, past the file system (one-request log writes). */
    private static final String OWN_PUTS = "streambench_blob_put";

    private static final Map<String, List<String>> OPERATIONS = operations();
    private static final Set<String> COUNTERS =
            OPERATIONS.values().stream().flatMap(List::stream).collect(Collectors.toUnmodifiableSet());

    private final AtomicLong total = new AtomicLong();
    private Map<String, Long> last;

    /** Counting starts from {@code baseline}, a reading taken before the first unit of work. */
    public StorageRequests(Map<String, Long> baseline) {
        this.last = Map.copyOf(baseline);
    }

    private static Map<String, List<String>> operations() {
        Map<String, List<String>> ops = new LinkedHashMap<>();
        ops.put(TOTAL, List.of("connections_made"));
        // createNonRecursive does not pass through create() in 3.4.2 and 3.5.0: the two never count one call twice
        ops.put("create", List.of("op_create", "op_create_non_recursive"));
        ops.put("open", List.of("op_open"));
        // not op_exists: exists() is a getFileStatus and counts there too
        ops.put("get_status", List.of("op_get_file_status"));
        ops.put("list", List.of("op_list_status"));
        ops.put("rename", List.of("op_rename"));
        ops.put("delete", List.of("op_delete"));
        ops.put("mkdirs", List.of("op_mkdirs"));
        ops.put("blob_put", List.of(OWN_PUTS));
        // one per REST operation, failed ones too (a HEAD answered 404); retries inside it are not counted again
        for (String method : List.of("put", "patch", "get", "head", "delete", "post")) {
            ops.put("http_" + method, List.of("action_http_" + method + "_request"));
        }
        return ops;
    }

    /**
     * {@code counters} with {@code ownPuts} requests that went to the store past the file system added: under
     * their own operation, and to the total and the PUT count so those stay every request sent.
     */
    public static Map<String, Long> withOwnPuts(Map<String, Long> counters, long ownPuts) {
        if (ownPuts == 0) {
            return counters;
        }
        Map<String, Long> all = new HashMap<>(counters);
        all.put(OWN_PUTS, ownPuts);
        all.merge("connections_made", ownPuts, Long::sum);
        all.merge("action_http_put_request", ownPuts, Long::sum);
        return all;
    }

    /**
     * The counters {@link #between} reads, copied out of a file system's full (and live) set: what a consumer
     * keeps of each reading.
     */
    public static Map<String, Long> countersIn(Map<String, Long> all) {
        Map<String, Long> wanted = new HashMap<>();
        for (String name : COUNTERS) {
            Long value = all.get(name);
            if (value != null) {
                wanted.put(name, value);
            }
        }
        return wanted;
    }

    /**
     * Requests from {@code before} to {@code after}, {@link #TOTAL} first, then each operation that made
     * any. Empty when {@code after} has no request count: a file system that keeps no such counters, such
     * as the local one.
     */
    public static Map<String, Long> between(Map<String, Long> before, Map<String, Long> after) {
        Map<String, Long> out = new LinkedHashMap<>();
        if (!after.containsKey("connections_made")) {
            return out;
        }
        OPERATIONS.forEach((name, counters) -> {
            long n = 0;
            for (String c : counters) {
                n += increase(before.getOrDefault(c, 0L), after.getOrDefault(c, 0L));
            }
            if (n > 0 || name.equals(TOTAL)) {
                out.put(name, n);
            }
        });
        return out;
    }

    /** A counter that went down belongs to a new file-system instance, which started from zero. */
    private static long increase(long before, long after) {
        return after >= before ? after - before : after;
    }

    /** Requests since the previous reading (or the baseline), as {@link #between}; adds them to {@link #total()}. */
    public synchronized Map<String, Long> next(Map<String, Long> reading) {
        Map<String, Long> d = between(last, reading);
        last = Map.copyOf(reading);
        total.addAndGet(d.getOrDefault(TOTAL, 0L));
        return d;
    }

    /** Every request counted by {@link #next} so far. */
    public long total() {
        return total.get();
    }
}
