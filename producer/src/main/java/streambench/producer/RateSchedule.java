package streambench.producer;

/**
 * When the k-th event of one producer is due. Computed from k, not accumulated, so rounding never
 * drifts over a long run; {@code startNanos} is a {@link System#nanoTime()} reading and
 * {@code startEpochMicros} the wall-clock time at that same moment, which turns a due time into the
 * event's {@code ts}.
 */
record RateSchedule(double eventsPerSecond, long startNanos, long startEpochMicros) {
    RateSchedule {
        if (!(eventsPerSecond > 0)) {
            throw new IllegalArgumentException("rate must be positive, got " + eventsPerSecond);
        }
    }

    long dueNanos(long k) {
        return startNanos + Math.round(k * (1e9 / eventsPerSecond));
    }

    long dueEpochMicros(long k) {
        return startEpochMicros + Math.round(k * (1e6 / eventsPerSecond));
    }

    /** The first event due at or after {@code nanos} (a {@link System#nanoTime()} reading). */
    long firstDueFrom(long nanos) {
        return Math.max(0, (long) Math.ceil((nanos - startNanos) * (eventsPerSecond / 1e9) - 1e-9));
    }

    /** How many events fall before {@code seconds} into the schedule. */
    long eventsWithin(double seconds) {
        return (long) Math.ceil(seconds * eventsPerSecond - 1e-9);
    }
}
