package streambench.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link EventTimestamps#parse} reads the fields off their places for speed; it must accept, refuse and convert
 * exactly as the JDK's strict ISO parser did before it, message for message.
 */
class EventTimestampsTest {
    /** The parser as it was, on {@link DateTimeFormatter#ISO_LOCAL_DATE_TIME}: the reference. */
    private static String reference(String text) {
        if (!text.endsWith("Z")) {
            return "ts must be UTC ending in Z";
        }
        if (!text.matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?Z")) {
            return "ts is not an ISO-8601 instant";
        }
        Instant instant;
        try {
            instant = LocalDateTime.parse(text.substring(0, text.length() - 1), DateTimeFormatter.ISO_LOCAL_DATE_TIME)
                    .toInstant(ZoneOffset.UTC);
        } catch (DateTimeException e) {
            return "ts is not a valid date and time";
        }
        if (instant.isBefore(EventTimestamps.MIN_PLAUSIBLE) || !instant.isBefore(EventTimestamps.MAX_PLAUSIBLE)) {
            return "ts is outside 2000..2100";
        }
        if (instant.getNano() % 1000 != 0) {
            return "ts has more than microsecond precision";
        }
        return Long.toString(instant.getEpochSecond() * 1_000_000L + instant.getNano() / 1000);
    }

    private static String actual(String text) {
        try {
            return Long.toString(EventTimestamps.parse(text));
        } catch (MalformedEventException e) {
            return e.getMessage();
        }
    }

    @Test
    void agreesWithTheJdksStrictParserOnEdgesAndOnRandomFields() {
        List<String> cases = new ArrayList<>(List.of(
                "2026-11-30T01:02:03.123456Z",
                "2026-11-30T01:02:03Z",
                "2026-11-30T01:02:03.1Z",
                "2026-11-30T01:02:03.123456000Z",
                "2026-11-30T01:02:03.123456789Z",
                "2026-11-30T01:02:03.1234567Z",
                "2028-02-29T00:00:00Z",
                "2100-02-29T00:00:00Z",
                "2000-02-29T23:59:59.999999Z",
                "2026-02-29T00:00:00Z",
                "2026-04-31T00:00:00Z",
                "2026-00-10T00:00:00Z",
                "2026-13-10T00:00:00Z",
                "2026-11-00T00:00:00Z",
                "2026-11-30T24:00:00Z",
                "2026-11-30T23:60:00Z",
                "2026-11-30T23:59:60Z",
                "1999-12-31T23:59:59.999999Z",
                "2000-01-01T00:00:00Z",
                "2099-12-31T23:59:59.999999Z",
                "2100-01-01T00:00:00Z",
                "0000-01-01T00:00:00Z",
                "9999-12-31T23:59:59Z",
                "2026-11-30T01:02:03.Z",
                "2026-11-30T01:02:03.1234567890Z",
                "2026-11-30t01:02:03Z",
                "2026-11-30T01:02:03",
                "2026-11-30T01:02Z",
                "２026-11-30T01:02:03Z"));
        Random random = new Random(42);
        for (int i = 0; i < 20_000; i++) {
            String fraction = random.nextInt(4) == 0
                    ? ""
                    : "." + Long.toString(Math.abs(random.nextLong())).substring(0, 1 + random.nextInt(9));
            cases.add(String.format(
                    "%04d-%02d-%02dT%02d:%02d:%02d%sZ",
                    1995 + random.nextInt(110),
                    random.nextInt(14),
                    random.nextInt(33),
                    random.nextInt(26),
                    random.nextInt(62),
                    random.nextInt(62),
                    fraction));
        }
        for (String text : cases) {
            String want = reference(text);
            String got = actual(text);
            if (want.chars().allMatch(Character::isDigit)) {
                assertThat(got).as(text).isEqualTo(want);
            } else {
                assertThat(got).as(text).startsWith(want);
            }
        }
    }
}
