package streambench.common;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Kafka record values that are not valid events, each named for what is wrong with it: every consumer
 * must count each as malformed and drop it, and none may stop a consumer. The same list feeds unit
 * tests, integration tests and fault injection at run time.
 *
 * <p>Most come from the resource {@code streambench/hostile-records.txt}, one per line: a name, one
 * space, then the record as printable ASCII where {@code %XX} is the byte 0xXX (control characters,
 * bytes that are not UTF-8, and {@code %25} for '%'); a line with only a name is the empty record; lines
 * starting with '#' and blank lines are comments. Records too large for a line are generated here:
 * one of {@link #NEAR_BROKER_LIMIT_BYTES} bytes, deep nesting, a 100,000-digit number and 100,000
 * whitespace characters. So is the one no line can hold, the {@link #TOMBSTONE}: a record without a value.
 */
public final class HostileRecords {
    static final String RESOURCE = "streambench/hostile-records.txt";

    /**
     * The largest record: under Kafka's default broker limit (message.max.bytes, 1 MiB + 12) and the
     * producer's max.request.size (1 MiB) with room for the record batch's own overhead.
     */
    public static final int NEAR_BROKER_LIMIT_BYTES = 1_000_000;

    /**
     * The name of the tombstone, the record whose value is {@code null} (not empty): what a producer sends to
     * delete a key. A consumer reads it as a null value, not as bytes, so it must be sent as one.
     */
    public static final String TOMBSTONE = "tombstone";

    private static final String EVENT_START = "{\"ts\":\"2026-11-30T01:02:03.123456Z\",\"producer_id\":9,\"seq\":1";

    /**
     * One hostile record value and its name (lower-case words joined by '-'); {@code value} is {@code null}
     * for the {@link #TOMBSTONE} only.
     */
    public record Entry(String name, byte[] value) {
        @Override
        public String toString() {
            return name + " (" + (value == null ? "null value" : value.length + " bytes") + ")";
        }
    }

    private HostileRecords() {}

    /** Every record, the file's first in their order, then the generated ones; a fresh copy on each call. */
    public static List<Entry> all() {
        List<Entry> out = new ArrayList<>(fromResource());
        out.add(new Entry("huge-unknown-field-near-broker-limit", nearBrokerLimit()));
        out.add(new Entry("huge-deep-nesting", ascii(EVENT_START + ",\"payload\":" + "[".repeat(100_000))));
        out.add(new Entry(
                "huge-number", ascii(EVENT_START.replace("\"seq\":1", "\"seq\":1" + "0".repeat(100_000)) + "}")));
        out.add(new Entry("huge-whitespace-only", ascii(" \n\t\r".repeat(25_000))));
        out.add(new Entry(TOMBSTONE, null));
        Set<String> names = new HashSet<>();
        for (Entry e : out) {
            if (!names.add(e.name())) {
                throw new IllegalStateException(RESOURCE + ": the name " + e.name() + " is used twice");
            }
        }
        return Collections.unmodifiableList(out);
    }

    /** A complete event but for an unknown field that fills it to exactly NEAR_BROKER_LIMIT_BYTES. */
    private static byte[] nearBrokerLimit() {
        String head = EVENT_START + ",\"padding\":\"";
        String tail = "\"}";
        return ascii(head + "x".repeat(NEAR_BROKER_LIMIT_BYTES - head.length() - tail.length()) + tail);
    }

    private static List<Entry> fromResource() {
        String text;
        try (InputStream in = HostileRecords.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is not on the class path");
            }
            text = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + RESOURCE + ": " + e.getMessage(), e);
        }
        List<Entry> out = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int space = line.indexOf(' ');
            String name = space < 0 ? line : line.substring(0, space);
            if (!name.matches("[a-z0-9]+(-[a-z0-9]+)*")) {
                throw new IllegalStateException(RESOURCE + " line " + (i + 1) + ": bad name \"" + name + "\"");
            }
            out.add(new Entry(name, space < 0 ? new byte[0] : unescape(line.substring(space + 1), i + 1)));
        }
        return out;
    }

    static byte[] unescape(String record, int lineNumber) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(record.length());
        for (int i = 0; i < record.length(); i++) {
            char c = record.charAt(i);
            if (c < 0x20 || c > 0x7E) {
                throw new IllegalStateException(RESOURCE + " line " + lineNumber + ": character " + (i + 1)
                        + " is not printable ASCII; write its bytes as %XX");
            }
            if (c != '%') {
                out.write(c);
                continue;
            }
            int hi = i + 2 < record.length() ? Character.digit(record.charAt(i + 1), 16) : -1;
            int lo = hi >= 0 ? Character.digit(record.charAt(i + 2), 16) : -1;
            if (lo < 0) {
                throw new IllegalStateException(RESOURCE + " line " + lineNumber + ": '%' at character " + (i + 1)
                        + " is not followed by two hex digits (a literal '%' is %25)");
            }
            out.write(hi * 16 + lo);
            i += 2;
        }
        return out.toByteArray();
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
