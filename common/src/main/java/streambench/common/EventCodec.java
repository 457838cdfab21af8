package streambench.common;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * JSON form of an {@link Event}, one object per Kafka record:
 * {@code {"ts":"2026-11-30T01:02:03.123456Z","producer_id":3,"seq":81234,"payload":"xxxx"}}.
 * The encoder writes exactly this field order; the decoder accepts any order and whitespace but
 * rejects anything else (unknown or duplicate fields, wrong types, trailing data) with a reason.
 */
public final class EventCodec {
    /** Bytes of an encoded event besides the payload and the digits of producer_id and seq. */
    static final int FIXED_BYTES = "{\"ts\":\"\",\"producer_id\":,\"seq\":,\"payload\":\"\"}".length() + 27;

    private final EventTimestamps timestamps = new EventTimestamps();

    /** Not thread-safe (it caches the formatted second): one codec per producing thread. */
    public byte[] encode(Event e) {
        StringBuilder sb = new StringBuilder(FIXED_BYTES + 24 + e.payload().length());
        sb.append("{\"ts\":\"").append(timestamps.format(e.tsMicros()))
                .append("\",\"producer_id\":").append(e.producerId())
                .append(",\"seq\":").append(e.seq())
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
        int withoutPayload = FIXED_BYTES + Integer.toString(producerId).length() + Long.toString(seq).length();
        return Math.max(0, targetBytes - withoutPayload);
    }

    public static Event decode(byte[] utf8) throws MalformedEventException {
        if (utf8 == null) {
            throw new MalformedEventException("record value is null");
        }
        return decode(new String(utf8, StandardCharsets.UTF_8));
    }

    public static Event decode(String json) throws MalformedEventException {
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
                default -> throw new MalformedEventException("unknown field \"" + f.getKey() + "\"");
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
        if (!(v instanceof FlatJsonObject.Number n)) {
            throw new MalformedEventException("\"" + name + "\" must be an integer, got " + describe(v));
        }
        long l;
        try {
            l = Long.parseLong(n.text());
        } catch (NumberFormatException e) {
            throw new MalformedEventException("\"" + name + "\" must be an integer, got " + n.text());
        }
        if (l < 0) {
            throw new MalformedEventException("\"" + name + "\" must be >= 0, got " + l);
        }
        return l;
    }

    private static String describe(Object v) {
        if (v == null) {
            return "null";
        }
        if (v instanceof String s) {
            return "the string \"" + s + "\"";
        }
        if (v instanceof FlatJsonObject.Number n) {
            return "the number " + n.text();
        }
        return v.toString();
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

    /** A minimal strict parser for one JSON object whose values are strings, numbers, booleans or null. */
    static final class FlatJsonObject {
        record Number(String text) {
        }

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
                    expect(':', "expected ':' after \"" + key + "\"");
                    skipWs();
                    Object value = value(key);
                    if (out.containsKey(key)) {
                        throw new MalformedEventException("duplicate field \"" + key + "\"");
                    }
                    out.put(key, value);
                    skipWs();
                    char c = peek();
                    pos++;
                    if (c == '}') {
                        break;
                    }
                    if (c != ',') {
                        pos--;
                        throw fail("expected ',' or '}'");
                    }
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
            if (c == '-' || (c >= '0' && c <= '9')) {
                int start = pos;
                while (pos < s.length() && "+-0123456789.eE".indexOf(s.charAt(pos)) >= 0) {
                    pos++;
                }
                return new Number(s.substring(start, pos));
            }
            if (s.startsWith("null", pos)) {
                pos += 4;
                return null;
            }
            if (s.startsWith("true", pos) || s.startsWith("false", pos)) {
                throw new MalformedEventException("\"" + key + "\" must not be a boolean");
            }
            if (c == '{' || c == '[') {
                throw new MalformedEventException("\"" + key + "\" must not be an object or array");
            }
            throw fail("expected a value for \"" + key + "\"");
        }

        private String string() throws MalformedEventException {
            pos++; // opening quote
            StringBuilder sb = new StringBuilder();
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
                        if (pos + 4 > s.length()) {
                            throw fail("short \\u escape");
                        }
                        try {
                            sb.append((char) Integer.parseInt(s.substring(pos, pos + 4), 16));
                        } catch (NumberFormatException ex) {
                            throw fail("bad \\u escape");
                        }
                        pos += 4;
                    }
                    default -> throw fail("bad escape \\" + e);
                }
            }
        }

        private void skipWs() {
            while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
                pos++;
            }
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
