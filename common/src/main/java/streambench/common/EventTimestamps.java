package streambench.common;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * The {@code ts} text form: ISO-8601 UTC with exactly six fraction digits, e.g.
 * {@code 2026-11-30T01:02:03.123456Z}. Formatting is on the producer's hot path (200K/s), so the
 * date-time part is cached per second instead of going through DateTimeFormatter each time.
 */
public final class EventTimestamps {
    /** Events outside this window are rejected as implausible (a wrong unit or a broken clock). */
    public static final long MIN_PLAUSIBLE_MICROS = Instant.parse("2000-01-01T00:00:00Z").toEpochMilli() * 1000;
    public static final long MAX_PLAUSIBLE_MICROS = Instant.parse("2100-01-01T00:00:00Z").toEpochMilli() * 1000;

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

    /** Parses any ISO-8601 instant ending in Z (fraction digits optional) into epoch microseconds. */
    public static long parse(String text) throws MalformedEventException {
        if (!text.endsWith("Z")) {
            throw new MalformedEventException("ts must be UTC ending in Z, got \"" + text + "\"");
        }
        Instant instant;
        try {
            instant = Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new MalformedEventException("ts is not an ISO-8601 instant: \"" + text + "\"");
        }
        if (instant.getNano() % 1000 != 0) {
            throw new MalformedEventException("ts has more than microsecond precision: \"" + text + "\"");
        }
        long micros = Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1000);
        if (micros < MIN_PLAUSIBLE_MICROS || micros >= MAX_PLAUSIBLE_MICROS) {
            throw new MalformedEventException("ts is outside 2000..2100: \"" + text + "\"");
        }
        return micros;
    }

    public static String formatOnce(long epochMicros) {
        return new EventTimestamps().format(epochMicros);
    }
}
