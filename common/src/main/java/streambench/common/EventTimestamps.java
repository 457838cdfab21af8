package streambench.common;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The {@code ts} text form: ISO-8601 UTC with exactly six fraction digits, e.g.
 * {@code 2026-11-30T01:02:03.123456Z}. Formatting is on the producer's hot path (200K/s), so the
 * date-time part is cached per second instead of going through DateTimeFormatter each time.
 */
public final class EventTimestamps {
    /** Events outside this window are rejected as implausible (a wrong unit or a broken clock). */
    public static final Instant MIN_PLAUSIBLE = Instant.parse("2000-01-01T00:00:00Z");
    /** Exclusive. */
    public static final Instant MAX_PLAUSIBLE = Instant.parse("2100-01-01T00:00:00Z");

    private static final DateTimeFormatter SECOND_FORMAT = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss");

    private long cachedSecond = Long.MIN_VALUE;
    private String cachedPrefix = "";

    /** Not thread-safe: one instance per producing thread. */
    public String format(long epochMicros) {
        long second = Math.floorDiv(epochMicros, 1_000_000L);
        int micros = (int) Math.floorMod(epochMicros, 1_000_000L);
        if (second != cachedSecond) {
            cachedPrefix = SECOND_FORMAT.format(LocalDateTime.ofEpochSecond(second, 0, ZoneOffset.UTC));
            cachedSecond = second;
        }
        StringBuilder sb = new StringBuilder(27).append(cachedPrefix).append('.');
        String digits = Integer.toString(micros);
        for (int i = digits.length(); i < 6; i++) {
            sb.append('0');
        }
        return sb.append(digits).append('Z').toString();
    }

    /**
     * Parses {@code uuuu-MM-ddTHH:mm:ss[.f]Z} (1 to 9 fraction digits, at most microsecond precision,
     * 2000..2100) into epoch microseconds. Stricter than {@link Instant#parse}, which also takes a
     * lower-case {@code t}, no seconds, a leap second and years beyond 9999: a ts is a value every
     * engine must read alike, so only the form the producer writes (and its shorter fractions) passes.
     */
    public static long parse(String text) throws MalformedEventException {
        if (!text.endsWith("Z")) {
            throw new MalformedEventException("ts must be UTC ending in Z, got " + quoted(text));
        }
        if (!hasInstantShape(text)) {
            throw new MalformedEventException(
                    "ts is not an ISO-8601 instant like 2026-11-30T01:02:03.123456Z: " + quoted(text));
        }
        Instant instant;
        try {
            // STRICT (ISO_LOCAL_DATE_TIME's resolver): no 2026-02-30, no hour 24, no second 60
            instant = LocalDateTime.parse(text.substring(0, text.length() - 1), DateTimeFormatter.ISO_LOCAL_DATE_TIME)
                    .toInstant(ZoneOffset.UTC);
        } catch (DateTimeException e) {
            throw new MalformedEventException("ts is not a valid date and time: " + quoted(text));
        }
        // compared as instants, before any arithmetic on them: the micros of an arbitrary instant overflow a long
        if (instant.isBefore(MIN_PLAUSIBLE) || !instant.isBefore(MAX_PLAUSIBLE)) {
            throw new MalformedEventException("ts is outside 2000..2100: " + quoted(text));
        }
        if (instant.getNano() % 1000 != 0) {
            throw new MalformedEventException("ts has more than microsecond precision: " + quoted(text));
        }
        return instant.getEpochSecond() * 1_000_000L + instant.getNano() / 1000;
    }

    /** {@code dddd-dd-ddTdd:dd:dd}, optionally {@code .} and 1 to 9 digits, then {@code Z}; ASCII digits only. */
    private static boolean hasInstantShape(String t) {
        int n = t.length();
        if (n != 20 && (n < 22 || n > 30)) {
            return false;
        }
        String shape = "dddd-dd-ddTdd:dd:dd";
        for (int i = 0; i < shape.length(); i++) {
            char want = shape.charAt(i);
            char c = t.charAt(i);
            if (want == 'd' ? !isAsciiDigit(c) : c != want) {
                return false;
            }
        }
        if (n == 20) {
            return true;
        }
        if (t.charAt(19) != '.') {
            return false;
        }
        for (int i = 20; i < n - 1; i++) {
            if (!isAsciiDigit(t.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isAsciiDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static String quoted(String text) {
        return "\"" + EventCodec.abbreviate(text) + "\"";
    }

    public static String formatOnce(long epochMicros) {
        return new EventTimestamps().format(epochMicros);
    }
}
