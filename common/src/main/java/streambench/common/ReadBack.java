package streambench.common;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A consumer's jar started as a reader of a table, not a writer: {@code java -jar <consumer>.jar read-back} reads
 * the rows of {@code TABLE_PATH} whose {@code ts} is at or after {@code READ_BACK_FROM_US}, every column of them, as a
 * query of the last minutes would, and prints one {@link Report} line. What it costs a reader to read what a stream
 * wrote (the log's replay, then one open per file) is part of what a low-latency table costs.
 */
public final class ReadBack {
    private ReadBack() {}

    /** The argument that makes a consumer's main a reader. */
    public static final String ARG = "read-back";
    /** Epoch µs: the rows to read are those with {@code ts} at or after it. Required. */
    public static final String FROM_MICROS = "READ_BACK_FROM_US";

    /** Whether {@code args} ask a consumer's main to read back instead of consume. */
    public static boolean asked(String[] args) {
        return args.length == 1 && ARG.equals(args[0]);
    }

    /** {@link #FROM_MICROS} as a reader gets it. */
    public static long fromMicros(Knobs knobs) {
        return knobs.required(FROM_MICROS, "epoch µs: the rows to read back are those with ts at or after it")
                .asNonNegativeLong();
    }

    /**
     * What one reader did: the table {@code version} it read, how long finding that version's files took
     * ({@code snapshotMillis}: the log's checkpoint and commits replayed) and then reading the rows
     * ({@code scanMillis}: planning, skipping files by their statistics, opening and decoding the rest),
     * the data files it opened and their bytes ({@code -1} where the reader does not say), and the rows it found.
     */
    public record Report(
            String reader, long version, long snapshotMillis, long scanMillis, long files, long bytes, long rows) {
        static final String PREFIX = "read-back:";

        /** The one line a reader prints, the harness finds by its prefix. */
        public String line() {
            return String.format(
                    Locale.ROOT,
                    "%s reader=%s version=%d snapshot_ms=%d scan_ms=%d files=%d bytes=%d rows=%d",
                    PREFIX,
                    reader.replace(' ', '_'),
                    version,
                    snapshotMillis,
                    scanMillis,
                    files,
                    bytes,
                    rows);
        }

        /** The report in {@code line}, if it is one a reader printed; a line that starts so and is broken throws. */
        public static Optional<Report> parse(String line) {
            if (!line.startsWith(PREFIX)) {
                return Optional.empty();
            }
            Map<String, String> fields = new LinkedHashMap<>();
            for (String pair : line.substring(PREFIX.length()).strip().split(" ")) {
                int eq = pair.indexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException("not a read-back report: " + line);
                }
                fields.put(pair.substring(0, eq), pair.substring(eq + 1));
            }
            try {
                return Optional.of(new Report(
                        fields.get("reader").replace('_', ' '),
                        Long.parseLong(fields.get("version")),
                        Long.parseLong(fields.get("snapshot_ms")),
                        Long.parseLong(fields.get("scan_ms")),
                        Long.parseLong(fields.get("files")),
                        Long.parseLong(fields.get("bytes")),
                        Long.parseLong(fields.get("rows"))));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("not a read-back report: " + line, e);
            }
        }

        public long totalMillis() {
            return snapshotMillis + scanMillis;
        }

        /** On one line: the total first, then where it went. */
        public String describe() {
            return String.format(
                    Locale.ROOT,
                    "%s %.1f s (table state %.1f s, then rows %.1f s) for %,d rows of version %d%s",
                    reader,
                    totalMillis() / 1e3,
                    snapshotMillis / 1e3,
                    scanMillis / 1e3,
                    rows,
                    version,
                    files < 0 ? "" : String.format(Locale.ROOT, " in %,d files (%,.1f MiB)", files, bytes / 1048576.0));
        }
    }
}
