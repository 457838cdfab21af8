package streambench.yardstick;

import java.util.concurrent.atomic.AtomicLong;

/** What {@code /metrics} shows, written by the commit loop and read by the health server's thread. */
final class Counters {
    private Counters() {}

    static final AtomicLong MALFORMED = new AtomicLong();
    static final AtomicLong RECORDS_COMMITTED = new AtomicLong();
    static final AtomicLong COMMITS = new AtomicLong();
    static final AtomicLong LAST_DELTA_VERSION = new AtomicLong(-1);
    static final AtomicLong STORAGE_REQUESTS = new AtomicLong();
}
