package streambench.common;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * JSON form of an {@link Event}, one object per Kafka record:
 * {@code {"ts":"2026-11-30T01:02:03.123456Z","producer_id":3,"seq":81234,"payload":"xxxx"}}.
 * The encoder writes exactly this field order; the decoder accepts any order and JSON whitespace but
 * rejects anything else (bytes that are not UTF-8, JSON that RFC 8259 does not allow, unknown or
 * duplicate fields, wrong types, numbers outside int/long, trailing data, unpaired surrogates, a
 * {@code ts} that {@link EventTimestamps#parse} refuses) with a reason. Whatever the bytes, decoding
 * ends in an {@link Event} or a {@link MalformedEventException}, never another exception: one bad
 * record must not stop a consumer.
 */
public final class EventCodec {
    /** Bytes of an encoded event besides the payload and the digits of producer_id and seq. */
    static final int FIXED_BYTES = "{\"ts\":\"\",\"producer_id\":,\"seq\":,\"payload\":\"\"}".length() + 27;

    private final EventTimestamps timestamps = new EventTimestamps();

    /** Not thread-safe (it caches the formatted second): one codec per producing thread. */
    public byte[] encode(Event e) {
        StringBuilder sb = new StringBuilder(FIXED_BYTES + 24 + e.payload().length());
        sb.append("{\"ts\":\"")
                .append(timestamps.format(e.tsMicros()))
                .append("\",\"producer_id\":")
                .append(e.producerId())
                .append(",\"seq\":")
                .append(e.seq())
                .append(",\"payload\":\"");
        appendEscaped(sb, e.payload());
        sb.append("\"}");
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    /**
     * How many ASCII payload characters make the encoded event exactly {@code targetBytes} long
     * (0 when even an empty payload is longer).
     */
    public static int payloadLengthFor(int targetBytes, int producerId, long seq) {
        int withoutPayload = FIXED_BYTES
                + Integer.toString(producerId).length()
                + Long.toString(seq).length();
        return Math.max(0, targetBytes - withoutPayload);
    }

    public static Event decode(byte[] utf8) throws MalformedEventException {
        if (utf8 == null) {
            throw new MalformedEventException("record value is null");
        }
        return decode(strictUtf8(utf8));
    }

    /**
     * The lenient decoder is the fast one and replaces every malformed sequence with U+FFFD; only when
     * a U+FFFD appears (a real one is rare) does the strict decoder have to tell which it was.
     */
    private static String strictUtf8(byte[] bytes) throws MalformedEventException {
        String text = new String(bytes, StandardCharsets.UTF_8);
        if (text.indexOf('\uFFFD') < 0) {
            return text;
        }
        ByteBuffer in = ByteBuffer.wrap(bytes);
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(in)
                    .toString();
        } catch (CharacterCodingException e) {
            throw new MalformedEventException("record is not valid UTF-8 (byte " + in.position() + ")");
        }
    }

    public static Event decode(String json) throws MalformedEventException {
        if (json == null) {
            throw new MalformedEventException("record value is null");
        }
        Map<String, Object> fields = new FlatJsonObject(json).parse();
        Long ts = null;
        Integer producerId = null;
        Long seq = null;
        String payload = "";
        for (Map.Entry<String, Object> f : fields.entrySet()) {
            Object v = f.getValue();
            switch (f.getKey()) {
                case "ts" -> ts = EventTimestamps.parse(string(f.getKey(), v));
                case "producer_id" -> producerId = intField(f.getKey(), v);
                case "seq" -> seq = nonNegativeLong(f.getKey(), v);
                case "payload" -> payload = string(f.getKey(), v);
                default -> throw new MalformedEventException("unknown field \"" + abbreviate(f.getKey()) + "\"");
            }
        }
        if (ts == null) {
            throw new MalformedEventException("missing field \"ts\"");
        }
        if (producerId == null) {
            throw new MalformedEventException("missing field \"producer_id\"");
        }
        if (seq == null) {
            throw new MalformedEventException("missing field \"seq\"");
        }
        return new Event(ts, producerId, seq, payload);
    }

    private static String string(String name, Object v) throws MalformedEventException {
        if (v instanceof String s) {
            return s;
        }
        throw new MalformedEventException("\"" + name + "\" must be a string, got " + describe(v));
    }

    private static int intField(String name, Object v) throws MalformedEventException {
        long l = nonNegativeLong(name, v);
        if (l > Integer.MAX_VALUE) {
            throw new MalformedEventException("\"" + name + "\" is larger than a 32-bit integer: " + l);
        }
        return (int) l;
    }

    private static long nonNegativeLong(String name, Object v) throws MalformedEventException {
        if (!(v instanceof FlatJsonObject.Number n) || !n.integer()) {
            throw new MalformedEventException("\"" + name + "\" must be an integer, got " + describe(v));
        }
        // the JSON grammar is checked already, so parseLong fails only outside the long range
        if (n.text().length() > 20) {
            throw outsideLong(name, n);
        }
        long l;
        try {
            l = Long.parseLong(n.text());
        } catch (NumberFormatException e) {
            throw outsideLong(name, n);
        }
        if (l < 0) {
            throw new MalformedEventException("\"" + name + "\" must be >= 0, got " + l);
        }
        return l;
    }

    private static MalformedEventException outsideLong(String name, FlatJsonObject.Number n) {
        return new MalformedEventException(
                "\"" + name + "\" is outside the 64-bit integer range: " + abbreviate(n.text()));
    }

    private static String describe(Object v) {
        if (v == null) {
            return "null";
        }
        if (v instanceof String s) {
            return "the string \"" + abbreviate(s) + "\"";
        }
        if (v instanceof FlatJsonObject.Number n) {
            return "the number " + abbreviate(n.text());
        }
        return abbreviate(v.toString());
    }

    /**
     * Reasons end up in logs, rate-limited by count, not size: a 1 MB field must not be quoted whole, and a
     * field holding a newline or an ANSI escape must not forge a log line or recolour a terminal.
     */
    static String abbreviate(String s) {
        return Printable.of(s, 64);
    }

    private static void appendEscaped(StringBuilder sb, String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
    }

    /**
     * A minimal strict RFC 8259 parser for one JSON object whose values are strings, numbers or null
     * (a boolean, object or array value is rejected where it starts, so nothing nests and nothing recurses).
     */
    static final class FlatJsonObject {
        /** The number's text, checked against JSON's grammar; {@code integer} when it has no fraction or exponent. */
        record Number(String text, boolean integer) {}

        private final String s;
        private int pos;

        FlatJsonObject(String s) {
            this.s = s;
        }

        Map<String, Object> parse() throws MalformedEventException {
            Map<String, Object> out = new HashMap<>();
            skipWs();
            expect('{', "not a JSON object");
            skipWs();
            if (peek() == '}') {
                pos++;
            } else {
                while (true) {
                    skipWs();
                    if (peek() != '"') {
                        throw fail("expected a field name");
                    }
                    String key = string();
                    skipWs();
                    expect(':', "expected ':' after \"" + abbreviate(key) + "\"");
                    skipWs();
                    Object value = value(key);
                    if (out.containsKey(key)) {
                        throw new MalformedEventException("duplicate field \"" + abbreviate(key) + "\"");
                    }
                    out.put(key, value);
                    skipWs();
                    char c = peek();
                    if (c == '}') {
                        pos++;
                        break;
                    }
                    expect(',', "expected ',' or '}'");
                }
            }
            skipWs();
            if (pos != s.length()) {
                throw fail("unexpected data after the object");
            }
            return out;
        }

        private Object value(String key) throws MalformedEventException {
            char c = peek();
            if (c == '"') {
                return string();
            }
            if (c == '-' || isDigit(c)) {
                return number(key);
            }
            if (s.startsWith("null", pos)) {
                pos += 4;
                return null;
            }
            if (s.startsWith("true", pos) || s.startsWith("false", pos)) {
                throw new MalformedEventException("\"" + abbreviate(key) + "\" must not be a boolean");
            }
            if (c == '{' || c == '[') {
                throw new MalformedEventException("\"" + abbreviate(key) + "\" must not be an object or array");
            }
            throw fail("expected a value for \"" + abbreviate(key) + "\"");
        }

        /** {@code -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?}: no leading zeros, no '+', no NaN or hex. */
        private Number number(String key) throws MalformedEventException {
            int start = pos;
            if (s.charAt(pos) == '-') {
                pos++;
            }
            if (pos < s.length() && s.charAt(pos) == '0') {
                pos++;
            } else if (!digits()) {
                throw fail("bad number for \"" + abbreviate(key) + "\"");
            }
            boolean integer = true;
            if (pos < s.length() && s.charAt(pos) == '.') {
                pos++;
                integer = false;
                if (!digits()) {
                    throw fail("bad number for \"" + abbreviate(key) + "\"");
                }
            }
            if (pos < s.length() && (s.charAt(pos) == 'e' || s.charAt(pos) == 'E')) {
                pos++;
                integer = false;
                if (pos < s.length() && (s.charAt(pos) == '+' || s.charAt(pos) == '-')) {
                    pos++;
                }
                if (!digits()) {
                    throw fail("bad number for \"" + abbreviate(key) + "\"");
                }
            }
            return new Number(s.substring(start, pos), integer);
        }

        /** One or more digits; false when there is none. */
        private boolean digits() {
            int start = pos;
            while (pos < s.length() && isDigit(s.charAt(pos))) {
                pos++;
            }
            return pos > start;
        }

        private String string() throws MalformedEventException {
            pos++; // opening quote
            // every field of our producers' events is plain ASCII: taken in one piece, not a char at a time
            int start = pos;
            while (pos < s.length()) {
                char c = s.charAt(pos);
                if (c == '"') {
                    return s.substring(start, pos++);
                }
                if (c < 0x20 || c == '\\' || Character.isSurrogate(c)) {
                    break;
                }
                pos++;
            }
            StringBuilder sb = new StringBuilder().append(s, start, pos);
            while (true) {
                if (pos >= s.length()) {
                    throw fail("unterminated string");
                }
                char c = s.charAt(pos++);
                if (c == '"') {
                    return sb.toString();
                }
                if (c < 0x20) {
                    throw fail("control character in a string");
                }
                if (Character.isSurrogate(c)) {
                    // only through decode(String): text decoded from bytes has its surrogates paired
                    if (!Character.isHighSurrogate(c)
                            || pos >= s.length()
                            || !Character.isLowSurrogate(s.charAt(pos))) {
                        throw fail("unpaired surrogate");
                    }
                    sb.append(c).append(s.charAt(pos++));
                    continue;
                }
                if (c != '\\') {
                    sb.append(c);
                    continue;
                }
                if (pos >= s.length()) {
                    throw fail("unterminated escape");
                }
                char e = s.charAt(pos++);
                switch (e) {
                    case '"', '\\', '/' -> sb.append(e);
                    case 'b' -> sb.append('\b');
                    case 'f' -> sb.append('\f');
                    case 'n' -> sb.append('\n');
                    case 'r' -> sb.append('\r');
                    case 't' -> sb.append('\t');
                    case 'u' -> {
                        char u = hex4();
                        if (Character.isLowSurrogate(u)) {
                            throw fail("unpaired surrogate \\u" + Integer.toHexString(u));
                        }
                        sb.append(u);
                        if (Character.isHighSurrogate(u)) {
                            // a string must be Unicode text: the low half has to follow at once
                            if (!s.startsWith("\\u", pos)) {
                                throw fail("unpaired surrogate \\u" + Integer.toHexString(u));
                            }
                            pos += 2;
                            char low = hex4();
                            if (!Character.isLowSurrogate(low)) {
                                throw fail("unpaired surrogate \\u" + Integer.toHexString(u));
                            }
                            sb.append(low);
                        }
                    }
                    default -> throw fail("bad escape \\" + e);
                }
            }
        }

        /** The four hex digits of a \\u escape (Integer.parseInt would also take a sign). */
        private char hex4() throws MalformedEventException {
            if (pos + 4 > s.length()) {
                throw fail("short \\u escape");
            }
            int v = 0;
            for (int i = 0; i < 4; i++) {
                int d = hexValue(s.charAt(pos + i));
                if (d < 0) {
                    throw fail("bad \\u escape");
                }
                v = v * 16 + d;
            }
            pos += 4;
            return (char) v;
        }

        /** ASCII hex only: Character.digit would also take full-width and other scripts' digits. */
        private static int hexValue(char c) {
            if (c >= '0' && c <= '9') {
                return c - '0';
            }
            if (c >= 'a' && c <= 'f') {
                return c - 'a' + 10;
            }
            if (c >= 'A' && c <= 'F') {
                return c - 'A' + 10;
            }
            return -1;
        }

        /** JSON's four whitespace characters only; Character.isWhitespace would also pass \\u000B, \\u001C or \\u2028. */
        private void skipWs() {
            while (pos < s.length()) {
                char c = s.charAt(pos);
                if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                    return;
                }
                pos++;
            }
        }

        private static boolean isDigit(char c) {
            return c >= '0' && c <= '9';
        }

        private char peek() throws MalformedEventException {
            if (pos >= s.length()) {
                throw fail("unexpected end of input");
            }
            return s.charAt(pos);
        }

        private void expect(char c, String reason) throws MalformedEventException {
            if (pos >= s.length() || s.charAt(pos) != c) {
                throw fail(reason);
            }
            pos++;
        }

        private MalformedEventException fail(String reason) {
            return new MalformedEventException(reason + " at character " + pos);
        }
    }
}
