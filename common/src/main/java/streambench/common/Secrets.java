package streambench.common;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Decides what must never be printed. Works on names (env variables, Hadoop and Kafka keys), on free text
 * (exception messages that may quote a connection string or a JAAS line) and on known secret values,
 * which are masked wherever they occur, also in the escaped forms a JSON document or a SQL string literal
 * gives them (the Feldera program carries connector JSON inside SQL).
 */
public final class Secrets {
    public static final String REDACTED = "<redacted>";

    /** Shorter values are not masked in free text: "pw" or "true" would blank out ordinary words. */
    static final int MIN_MASKED_LENGTH = 4;

    /**
     * Words that make a name secret: the value is a password, key, token or credential. Also the same words
     * run together ("apikey", "SharedAccessKey" splits into words, "sharedaccesskey" does not).
     */
    private static final Set<String> SECRET_WORDS = Set.of(
            "password",
            "passwords",
            "passwd",
            "pwd",
            "passphrase",
            "secret",
            "secrets",
            "credential",
            "credentials",
            "token",
            "tokens",
            "jaas",
            "key",
            "keys",
            "sas",
            "sig",
            "signature",
            "authorization",
            "apikey",
            "accesskey",
            "accountkey",
            "secretkey",
            "privatekey",
            "sharedaccesskey",
            "masterkey",
            "clientsecret",
            "sastoken",
            "accesstoken",
            "refreshtoken",
            "connectionstring",
            "sharedaccesssignature");

    /**
     * A secret word followed by one of these names something about the secret, not the secret itself:
     * key.serializer and KEY_DESERIALIZER are class names, SharedAccessKeyName and ACCESS_KEY_ID identify,
     * sasl.oauthbearer.token.endpoint.url and fs.azure.sas.token.provider.type say where or how.
     */
    private static final Set<String> DESCRIPTORS = Set.of(
            "serializer",
            "deserializer",
            "converter",
            "class",
            "type",
            "provider",
            "name",
            "id",
            "location",
            "path",
            "file",
            "dir",
            "endpoint",
            "url",
            "uri",
            "algorithm",
            "mechanism",
            "format",
            "length",
            "size",
            "field",
            "column",
            "expiry",
            "enable",
            "enabled");

    private static final Pattern WORD_BREAK = Pattern.compile("[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])");

    /** A PEM private key anywhere, also with its line breaks escaped ("\n") as in JSON or a .properties file. */
    private static final Pattern PEM_PRIVATE_KEY =
            Pattern.compile("-----BEGIN [A-Z ]*PRIVATE KEY-----.*?-----END [A-Z ]*PRIVATE KEY-----", Pattern.DOTALL);

    /**
     * name=value and name: value pairs in free text: connection strings (SharedAccessKey=…;), JAAS lines
     * (password="…"), JSON ("azure_storage_account_key" : "…", also JSON inside JSON: \"…\"), SQL ('…'),
     * URL queries (sig=…&). Only pairs whose name {@link #isSecretName is secret} are masked.
     */
    private static final Pattern PAIR = Pattern.compile("([A-Za-z][A-Za-z0-9_.\\-]*)((?:\\\\?[\"'])?\\s*[=:]\\s*)"
            + "(\\\\\"(?:(?!\\\\\").)*\\\\\"|\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^']|'')*'|[^\\s;,&\"'<>{}\\[\\]()]+)");

    /** Values this process was told are secret, each with its escaped forms; masked by every {@link #redactText}. */
    private static final Map<String, Set<String>> KNOWN = new ConcurrentHashMap<>();
    /**
     * Every form of every known value, longest first (a longer form may contain a shorter one: it is masked
     * whole, leaving no escaped remainder). Rebuilt when a value is added, which is rare; read on every
     * call, which can be frequent (a producer's failed sends).
     */
    private static volatile List<String> knownForms = List.of();

    private Secrets() {}

    /**
     * Whether a name's value must not be printed: it has a secret word (password, secret, key, token,
     * credential, jaas, connection string, …) that is not followed by a word saying the value only describes
     * the secret (key.serializer, KEY_DESERIALIZER, SharedAccessKeyName, token.endpoint.url).
     */
    public static boolean isSecretName(String name) {
        List<String> words = words(name);
        for (int i = 0; i < words.size(); i++) {
            if (!secretWordAt(words, i)) {
                continue;
            }
            if (i + 1 == words.size()) {
                return true;
            }
            String next = words.get(i + 1);
            if (DESCRIPTORS.contains(next) || secretWordAt(words, i + 1)) {
                continue; // described, or a later secret word decides (key.password, sas.token.provider.type)
            }
            return true;
        }
        return false;
    }

    private static boolean secretWordAt(List<String> words, int i) {
        return SECRET_WORDS.contains(words.get(i))
                || i > 0 && SECRET_WORDS.contains(words.get(i - 1) + words.get(i)); // connection string
    }

    /** Lower-case words of a name: split at anything not a letter or digit and where camel case turns upper. */
    static List<String> words(String name) {
        List<String> out = new ArrayList<>();
        for (String w : WORD_BREAK.split(name)) {
            if (!w.isEmpty()) {
                out.add(w.toLowerCase(Locale.ROOT));
            }
        }
        return out;
    }

    /**
     * Makes {@code value} a known secret of this process: every later {@link #redactText} masks it, raw
     * and escaped. Knobs calls this for each secret-named variable it is given.
     */
    public static void remember(String value) {
        if (value != null && value.strip().length() >= MIN_MASKED_LENGTH && !KNOWN.containsKey(value)) {
            addKnown(value);
        }
    }

    private static synchronized void addKnown(String value) {
        if (KNOWN.putIfAbsent(value, escapedForms(value)) == null) {
            Set<String> all = new LinkedHashSet<>();
            KNOWN.values().forEach(all::addAll);
            List<String> sorted = new ArrayList<>(all);
            sorted.sort(Comparator.comparingInt(String::length).reversed());
            knownForms = List.copyOf(sorted);
        }
    }

    /** {@link #remember Remembers} the value of every secret-named entry. */
    public static void rememberSecretsIn(Map<String, String> settings) {
        settings.forEach((k, v) -> {
            if (k != null && isSecretName(k)) {
                remember(v);
            }
        });
    }

    /**
     * A copy in the same order with the value of every secret-named entry replaced, and known secrets
     * masked inside the other values. The secret-named values become known secrets (for later free text).
     */
    public static Map<String, String> redact(Map<String, String> settings) {
        rememberSecretsIn(settings);
        Map<String, String> out = new LinkedHashMap<>();
        settings.forEach(
                (k, v) -> out.put(k, v == null || v.isEmpty() ? v : isSecretName(k) ? REDACTED : redactText(v)));
        return out;
    }

    /**
     * Masks, in this order: each of {@code knownSecretValues} (which become {@link #remember remembered}) and
     * each remembered secret in every escaped form it may take in our output (raw, JSON string, SQL literal,
     * JAAS quoting, URL encoding, and nestings of those); PEM private keys; and the values of secret-named pairs.
     */
    public static String redactText(String text, Iterable<String> knownSecretValues) {
        if (text == null) {
            return null;
        }
        knownSecretValues.forEach(Secrets::remember);
        String out = text;
        for (String form : knownForms) {
            out = out.replace(form, REDACTED);
        }
        out = PEM_PRIVATE_KEY.matcher(out).replaceAll(REDACTED);
        return redactPairs(out);
    }

    private static String redactPairs(String text) {
        Matcher m = PAIR.matcher(text);
        StringBuilder out = new StringBuilder();
        int copied = 0;
        int from = 0;
        while (m.find(from)) {
            if (!isSecretName(m.group(1))) {
                // look inside the value too: url=https://a/b?sig=… holds a secret pair of its own
                from = m.start(3);
                continue;
            }
            String value = m.group(3);
            String quote = value.startsWith("\\\"")
                    ? "\\\""
                    : value.startsWith("\"") ? "\"" : value.startsWith("'") ? "'" : "";
            out.append(text, copied, m.start(3)).append(quote).append(REDACTED).append(quote);
            copied = m.end(3);
            from = copied;
        }
        return out.append(text, copied, text.length()).toString();
    }

    public static String redactText(String text) {
        return redactText(text, List.of());
    }

    private static final List<UnaryOperator<String>> ESCAPES = List.of(
            Secrets::jsonEscaped,
            Secrets::sqlEscaped,
            Secrets::jaasEscaped,
            s -> URLEncoder.encode(s, StandardCharsets.UTF_8));

    /**
     * The secret as it may appear in printed text: raw, and escaped by every combination of up to three of
     * JSON, SQL, JAAS and URL escaping (e.g. the Feldera program: a SQL literal holding JSON; a request body
     * holding that program: JSON of SQL of JSON).
     */
    static Set<String> escapedForms(String secret) {
        Set<String> forms = new LinkedHashSet<>(List.of(secret));
        Set<String> last = Set.of(secret);
        for (int depth = 0; depth < 3; depth++) {
            Set<String> next = new LinkedHashSet<>();
            for (String s : last) {
                for (UnaryOperator<String> escape : ESCAPES) {
                    String e = escape.apply(s);
                    if (forms.add(e)) {
                        next.add(e);
                    }
                }
            }
            last = next;
        }
        return forms;
    }

    /** As a JSON string's content (what Jackson writes): backslash, quote and control characters escaped. */
    static String jsonEscaped(String s) {
        StringBuilder out = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04X", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
    }

    /** As the content of a SQL string literal: a single quote written twice. */
    static String sqlEscaped(String s) {
        return s.replace("'", "''");
    }

    /** As inside a JAAS option's double quotes, the way KafkaConnection writes Event Hubs' login. */
    static String jaasEscaped(String s) {
        return s.replace("\"", "\\\"");
    }
}
