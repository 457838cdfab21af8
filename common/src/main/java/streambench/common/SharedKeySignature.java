package streambench.common;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Azure Storage's Shared Key authorization for the Blob service (versions 2009-09-19 and later), computed from the
 * request exactly as it goes on the wire: the raw, percent-encoded path and query of the request line, and the
 * headers sent. The Spark consumer signs its own {@code Put Blob} requests with it; the harness's strict lake
 * proxy checks every request against it, as the service would. Azurite accepts requests a real account refuses
 * (a one-digit day in {@code x-ms-date}, a path signed unencoded and sent encoded), so the rules are held here,
 * not left to the emulator.
 */
public final class SharedKeySignature {
    /**
     * {@code x-ms-date} as Azure's own clients and hadoop-azure write it: RFC 1123 with a two-digit day and English
     * names. {@code DateTimeFormatter.RFC_1123_DATE_TIME} writes "Thu, 3 Dec 2026", which HTTP's fixed date format
     * does not allow.
     */
    public static final DateTimeFormatter X_MS_DATE = DateTimeFormatter.ofPattern(
                    "EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US)
            .withZone(ZoneOffset.UTC);

    /** The standard headers, in the order the string to sign lists their values. */
    private static final List<String> STANDARD_HEADERS = List.of(
            "content-encoding",
            "content-language",
            "content-length",
            "content-md5",
            "content-type",
            "date",
            "if-modified-since",
            "if-match",
            "if-none-match",
            "if-unmodified-since",
            "range");

    private SharedKeySignature() {}

    /** The {@code x-ms-date} value for now on {@code clock}. */
    public static String xMsDate(Clock clock) {
        return X_MS_DATE.format(clock.instant());
    }

    /**
     * The string Shared Key signs. {@code rawPath} and {@code rawQuery} are the request target as sent (ASCII,
     * percent-encoded; {@code rawQuery} null or empty for none); {@code headers} are the request's headers by any
     * case of their names, each once (repeated headers joined with commas, as HTTP allows).
     *
     * @throws IllegalArgumentException when the path or query is not percent-encoded ASCII: the bytes signed must
     *     be the bytes sent, and a client's URI class would encode such a path before sending it
     */
    public static String stringToSign(
            String account, String verb, String rawPath, String rawQuery, Map<String, String> headers) {
        requireEncoded("path", rawPath);
        Map<String, String> lower = new TreeMap<>();
        headers.forEach((k, v) -> lower.merge(k.toLowerCase(Locale.ROOT), v, (a, b) -> a + "," + b));
        StringBuilder text = new StringBuilder(verb).append('\n');
        for (String name : STANDARD_HEADERS) {
            String value = lower.getOrDefault(name, "");
            if (name.equals("content-length") && value.trim().equals("0")) {
                value = ""; // since version 2015-02-21 a zero length is signed as empty
            } else if (name.equals("date") && lower.containsKey("x-ms-date")) {
                value = "";
            }
            text.append(value).append('\n');
        }
        lower.forEach((name, value) -> {
            if (name.startsWith("x-ms-")) {
                text.append(name)
                        .append(':')
                        .append(value.replaceAll("\\s+", " ").trim())
                        .append('\n');
            }
        });
        text.append('/').append(account).append(rawPath);
        if (rawQuery != null && !rawQuery.isEmpty()) {
            requireEncoded("query", rawQuery);
            canonicalQuery(rawQuery)
                    .forEach((name, values) ->
                            text.append('\n').append(name).append(':').append(String.join(",", values)));
        }
        return text.toString();
    }

    /** {@code SharedKey <account>:<base64 HMAC-SHA256 of the text under the account key>}. */
    public static String authorization(String account, byte[] key, String stringToSign) {
        return "SharedKey " + account + ":" + signature(key, stringToSign);
    }

    /** The base64 HMAC-SHA256 of {@code stringToSign} under {@code key}. */
    public static String signature(byte[] key, String stringToSign) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return Base64.getEncoder().encodeToString(mac.doFinal(stringToSign.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available in this JVM", e);
        }
    }

    /**
     * True when {@code raw} is what a request line may carry: printable ASCII without spaces, each {@code %}
     * followed by two hex digits.
     */
    public static boolean isPercentEncoded(String raw) {
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c <= ' ' || c >= 0x7f || c == '"' || c == '<' || c == '>' || c == '\\' || c == '^' || c == '`'
                    || c == '{' || c == '|' || c == '}') {
                return false;
            }
            if (c == '%' && (i + 2 >= raw.length() || hex(raw.charAt(i + 1)) < 0 || hex(raw.charAt(i + 2)) < 0)) {
                return false;
            }
        }
        return true;
    }

    private static void requireEncoded(String part, String raw) {
        if (!isPercentEncoded(raw)) {
            throw new IllegalArgumentException(
                    "the request " + part + " is not percent-encoded ASCII, so it cannot be signed as sent");
        }
    }

    /**
     * Names decoded and lower-cased, values decoded ({@code +} stays a plus: this is a URI, not a form), a name
     * given more than once listed once with its values sorted and joined by commas; names in order.
     */
    private static Map<String, List<String>> canonicalQuery(String rawQuery) {
        Map<String, List<String>> query = new TreeMap<>();
        for (String pair : rawQuery.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = percentDecode(eq < 0 ? pair : pair.substring(0, eq)).toLowerCase(Locale.ROOT);
            String value = eq < 0 ? "" : percentDecode(pair.substring(eq + 1));
            query.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
        }
        query.values().forEach(values -> values.sort(null));
        return query;
    }

    private static String percentDecode(String s) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%') {
                bytes.write(hex(s.charAt(i + 1)) * 16 + hex(s.charAt(i + 2)));
                i += 2;
            } else {
                bytes.write(c);
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static int hex(char c) {
        return Character.digit(c, 16);
    }
}
