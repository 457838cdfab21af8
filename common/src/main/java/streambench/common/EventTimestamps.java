package streambench.common;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.Month;
import java.time.Year;
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

    /** The same bounds as years, for {@link #parse}: both instants are a year's first moment. */
    private static final int MIN_PLAUSIBLE_YEAR =
            MIN_PLAUSIBLE.atOffset(ZoneOffset.UTC).getYear();

    private static final int MAX_PLAUSIBLE_YEAR =
            MAX_PLAUSIBLE.atOffset(ZoneOffset.UTC).getYear();
    /** Where the fraction's digits start, after {@code uuuu-MM-ddTHH:mm:ss.} */
    private static final int FRACTION_START = 20;

    private static final int[] POWERS_OF_TEN = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000};

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
        // Every consumer decodes each event's ts here: the fields are read off their fixed places instead of
        // through DateTimeFormatter, which cost more than the rest of an event's decoding together. The checks
        // are STRICT ISO_LOCAL_DATE_TIME's: no 2026-02-30, no hour 24, no minute or second 60.
        int year = number(text, 0, 4);
        int month = number(text, 5, 7);
        int day = number(text, 8, 10);
        int hour = number(text, 11, 13);
        int minute = number(text, 14, 16);
        int second = number(text, 17, 19);
        if (month < 1
                || month > 12
                || day < 1
                || day > Month.of(month).length(Year.isLeap(year))
                || hour > 23
                || minute > 59
                || second > 59) {
            throw new MalformedEventException("ts is not a valid date and time: " + quoted(text));
        }
        if (year < MIN_PLAUSIBLE_YEAR || year >= MAX_PLAUSIBLE_YEAR) {
            throw new MalformedEventException("ts is outside 2000..2100: " + quoted(text));
        }
        int fractionDigits = text.length() - 1 - FRACTION_START;
        int nanos = 0;
        if (fractionDigits > 0) {
            nanos = number(text, FRACTION_START, FRACTION_START + fractionDigits) * POWERS_OF_TEN[9 - fractionDigits];
        }
        if (nanos % 1000 != 0) {
            throw new MalformedEventException("ts has more than microsecond precision: " + quoted(text));
        }
        long epochSecond =
                LocalDate.of(year, month, day).toEpochDay() * 86_400L + hour * 3_600L + minute * 60L + second;
        return epochSecond * 1_000_000L + nanos / 1000;
    }

    /** The value of the ASCII digits {@code text[from, to)}, at most nine of them; the shape check saw they are digits. */
    private static int number(String text, int from, int to) {
        int v = 0;
        for (int i = from; i < to; i++) {
            v = v * 10 + (text.charAt(i) - '0');
        }
        return v;
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
