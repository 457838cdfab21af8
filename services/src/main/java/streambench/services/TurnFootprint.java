package streambench.services;

import java.util.Locale;

/**
 * What one engine's turn leaves on the embedded services, estimated before anything starts: every event of the turn
 * stays in the broker's log until the turn's topic is deleted, and every row in Azurite until the turn's table is.
 * A 30-minute run at 200,000 msg/s is 360 million events: tens of gigabytes of log and about ten of table, which
 * neither an in-memory Azurite nor every disk holds.
 *
 * @param events       events sent in one turn, warm start and pre-roll included
 * @param messageBytes the encoded size of each
 */
public record TurnFootprint(long events, int messageBytes) {
    /** Nothing sent: the services are only checked. */
    public static final TurnFootprint NONE = new TurnFootprint(0, 0);

    /**
     * Bytes a row takes in a table, compressed Parquet plus its share of the log, rounded up: the default run's
     * tables took 29-33 (Azurite's resident memory over the rows it held).
     */
    static final int TABLE_BYTES_PER_ROW = 40;

    /** A record's framing in the broker's log beside its value (no compression). */
    static final int LOG_BYTES_PER_RECORD = 30;

    public long tableBytes() {
        return events * TABLE_BYTES_PER_ROW;
    }

    public long kafkaBytes() {
        return events * ((long) messageBytes + LOG_BYTES_PER_RECORD);
    }

    static String gib(long bytes) {
        return String.format(Locale.ROOT, "%.1f GiB", bytes / (1024.0 * 1024 * 1024));
    }
}
