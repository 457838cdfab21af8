package streambench.common;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Decides what must never be printed. Works on names (env variables, Hadoop and Kafka keys) and on
 * free text (exception messages that may quote a connection string or a JAAS line).
 */
public final class Secrets {
    public static final String REDACTED = "<redacted>";

    private static final Pattern SECRET_NAME = Pattern.compile(
            "(?i).*(account[._]?key|secret|password|passwd|jaas|connection[._]?string|sas[._]?token"
                    + "|api[._]?key|credential|access[._]?key).*");

    /** key=value pairs inside connection strings and JAAS lines, e.g. SharedAccessKey=…; password="…". */
    private static final Pattern SECRET_IN_TEXT = Pattern.compile(
            "(?i)((?:SharedAccessKey|AccountKey|SharedAccessSignature|password|secret|sig)\\s*=\\s*)"
                    + "(\"[^\"]*\"|[^;\\s\"]+)");

    private Secrets() {
    }

    public static boolean isSecretName(String name) {
        return SECRET_NAME.matcher(name).matches();
    }

    /** A copy in the same order with the value of every secret-named entry replaced. */
    public static Map<String, String> redact(Map<String, String> settings) {
        Map<String, String> out = new LinkedHashMap<>();
        settings.forEach((k, v) -> out.put(k, isSecretName(k) && v != null && !v.isEmpty() ? REDACTED : v));
        return out;
    }

    /** Masks secrets quoted inside free text; also masks each given known secret value wherever it occurs. */
    public static String redactText(String text, Iterable<String> knownSecretValues) {
        if (text == null) {
            return null;
        }
        String out = text;
        for (String secret : knownSecretValues) {
            if (secret != null && secret.length() >= 4) {
                out = out.replace(secret, REDACTED);
            }
        }
        Matcher m = SECRET_IN_TEXT.matcher(out);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(sb, Matcher.quoteReplacement(m.group(1) + REDACTED));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    public static String redactText(String text) {
        return redactText(text, java.util.List.of());
    }
}
