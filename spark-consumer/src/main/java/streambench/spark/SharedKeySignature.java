package streambench.spark;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The {@code Authorization: SharedKey} value of one Blob service request, as Azure Storage defines it: an
 * HMAC-SHA256, under the account key, of the verb, the standard headers in their fixed order, the
 * {@code x-ms-} headers sorted, and the resource (account, then the request's encoded path). Requests carry
 * {@code x-ms-date}, so the {@code Date} line stays empty.
 */
final class SharedKeySignature {
    private SharedKeySignature() {}

    static String authorization(
            String account, byte[] key, String verb, URI uri, Map<String, String> headers, long contentLength) {
        Map<String, String> lower = new TreeMap<>();
        headers.forEach((k, v) -> lower.put(k.toLowerCase(Locale.ROOT), v));
        StringBuilder text = new StringBuilder(verb).append('\n');
        text.append(lower.getOrDefault("content-encoding", "")).append('\n');
        text.append(lower.getOrDefault("content-language", "")).append('\n');
        // since service version 2015-02-21 a zero length is signed as empty
        text.append(contentLength > 0 ? Long.toString(contentLength) : "").append('\n');
        text.append(lower.getOrDefault("content-md5", "")).append('\n');
        text.append(lower.getOrDefault("content-type", "")).append('\n');
        text.append('\n'); // Date: x-ms-date is used instead
        for (String h :
                new String[] {"if-modified-since", "if-match", "if-none-match", "if-unmodified-since", "range"}) {
            text.append(lower.getOrDefault(h, "")).append('\n');
        }
        lower.forEach((k, v) -> {
            if (k.startsWith("x-ms-")) {
                text.append(k).append(':').append(v.trim()).append('\n');
            }
        });
        text.append('/').append(account).append(uri.getRawPath());
        if (uri.getRawQuery() != null) {
            Map<String, String> query = new TreeMap<>();
            for (String pair : uri.getRawQuery().split("&")) {
                int eq = pair.indexOf('=');
                query.put(
                        pair.substring(0, eq < 0 ? pair.length() : eq).toLowerCase(Locale.ROOT),
                        eq < 0 ? "" : java.net.URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
            query.forEach((k, v) -> text.append('\n').append(k).append(':').append(v));
        }
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            byte[] signature = mac.doFinal(text.toString().getBytes(StandardCharsets.UTF_8));
            return "SharedKey " + account + ":" + Base64.getEncoder().encodeToString(signature);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available in this JVM", e);
        }
    }
}
