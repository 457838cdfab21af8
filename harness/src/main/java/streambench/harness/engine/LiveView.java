package streambench.harness.engine;

import java.io.PrintStream;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import streambench.services.delta.DeltaLogTail;

/**
 * The console during a run: one dense line per second per engine, driven by the producer's own
 * per-second line and the table's log: progress, produced/s, committed/s, the latest commit's worst
 * latency (from file statistics) and the backlog.
 */
public final class LiveView {
    private static final Pattern PRODUCER_LINE =
            Pattern.compile("^producer t=(\\d+)s .*acked=(\\d+)/s .*total_sent=(\\d+)$");

    private static final int BAR = 20;

    private final String engine;
    private final long durationSeconds;
    private final DeltaLogTail tail;
    private final PrintStream out;
    /** Commits land every few seconds: committed/s is shown over the last few lines, not one. */
    private static final int WINDOW = 5;

    private final java.util.ArrayDeque<long[]> history = new java.util.ArrayDeque<>();

    /** The rows it counts are the measured producers' ({@link DeltaLogTail#measuredRows()}): no warm start, no pre-roll. */
    public LiveView(String engine, long durationSeconds, DeltaLogTail tail, PrintStream out) {
        this.engine = engine;
        this.durationSeconds = durationSeconds;
        this.tail = tail;
        this.out = out;
    }

    /** Fed every line the producer prints; answers the per-second ones. */
    public void onProducerLine(String line) {
        Matcher m = PRODUCER_LINE.matcher(line);
        if (!m.matches()) {
            if (line.startsWith("producer:") || line.contains("failed")) {
                out.println("  " + line);
            }
            return;
        }
        long t = Long.parseLong(m.group(1));
        long sent = Long.parseLong(m.group(3));
        long rows = tail.measuredRows();
        long now = System.nanoTime();
        history.addLast(new long[] {rows, now});
        if (history.size() > WINDOW + 1) {
            history.removeFirst();
        }
        long[] first = history.peekFirst();
        double committedPerSecond = history.size() < 2 ? 0 : (rows - first[0]) / Math.max(1e-3, (now - first[1]) / 1e9);
        double latency = tail.latestMaxLatencySeconds();
        out.println(String.format(
                Locale.ROOT,
                "  %s %-10s %4d/%d s  produced %,9d/s  committed %,9.0f/s  max latency %s  backlog %,d",
                bar(t),
                engine,
                t,
                durationSeconds,
                Long.parseLong(m.group(2)),
                committedPerSecond,
                Double.isNaN(latency) ? "   -  " : String.format(Locale.ROOT, "%5.2f s", latency),
                Math.max(0, sent - rows)));
    }

    private String bar(long t) {
        int filled = (int) Math.min(BAR, Math.round(BAR * (double) t / Math.max(1, durationSeconds)));
        return "[" + "#".repeat(filled) + ".".repeat(BAR - filled) + "]";
    }
}
