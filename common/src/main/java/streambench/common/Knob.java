package streambench.common;

import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One configuration value as read from the environment, with typed views. Every conversion error
 * names the variable, the value and what was expected, so a bad knob is fixed on the first try.
 */
public record Knob(String name, String value) {
    private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(us|ms|s|m|h)");
    private static final Pattern HEAP_SIZE = Pattern.compile("(\\d+)([kmgt]?)");

    /** The longest {@link #asDuration()} accepts: what a long counts in nanoseconds, about 292 years. */
    public static final Duration LONGEST = Duration.ofNanos(Long.MAX_VALUE);

    public String asString() {
        return value;
    }

    public int asInt() {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw invalid("an integer");
        }
    }

    public int asPositiveInt() {
        int v = asIntExpecting("a positive integer");
        if (v <= 0) {
            throw invalid("a positive integer");
        }
        return v;
    }

    public int asNonNegativeInt() {
        int v = asIntExpecting("an integer >= 0");
        if (v < 0) {
            throw invalid("an integer >= 0");
        }
        return v;
    }

    /** A TCP port to listen on: 0-65535, where 0 lets the system pick a free one. */
    public int asPort() {
        int v = asIntExpecting("a port number 0-65535 (0: any free port)");
        if (v < 0 || v > 65535) {
            throw invalid("a port number 0-65535 (0: any free port)");
        }
        return v;
    }

    /**
     * An IPv4 or IPv6 address literal, never a host name: a name would be looked up, and a listener bound to what
     * it resolves to today is not what the variable says.
     */
    public String asIpAddress() {
        String v = value.trim();
        boolean ipv4 = v.matches("(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}");
        boolean ipv6 = v.contains(":") && v.matches("[0-9A-Fa-f:.]+");
        if (!ipv4 && !ipv6) {
            throw invalid("an IP address such as 127.0.0.1 (loopback) or 0.0.0.0 (every interface)");
        }
        try {
            java.net.InetAddress.getByName(v); // a literal: parsed, never looked up
        } catch (java.net.UnknownHostException e) {
            throw invalid("an IP address such as 127.0.0.1 (loopback) or 0.0.0.0 (every interface)");
        }
        return v;
    }

    /**
     * A path under the lake's root: letters of any script, digits, and what a URI path carries as it is. A space,
     * {@code %}, {@code #}, {@code ?}, {@code :}, a backslash or a control character would make the table's URI
     * mean something else, or nothing, to one of the readers and writers of the table (Java's URI, Hadoop's Path).
     */
    public String asLakePath() {
        String v = value.trim();
        boolean fine = !v.isEmpty()
                && v.codePoints().allMatch(c -> Character.isLetterOrDigit(c) || "-_.~/!$&'()*+,;=@".indexOf(c) >= 0);
        if (!fine) {
            throw invalid("a path of letters (any script), digits and - _ . ~ / (no space, %, #, ?, :, \\ or "
                    + "control character)");
        }
        return v;
    }

    public long asLong() {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw invalid("an integer");
        }
    }

    /** A count or delay where 0 means "none" or "no limit": the knob's doc says which. */
    public long asNonNegativeLong() {
        long v;
        try {
            v = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw invalid("an integer >= 0");
        }
        if (v < 0) {
            throw invalid("an integer >= 0");
        }
        return v;
    }

    public long asPositiveLong() {
        long v;
        try {
            v = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw invalid("a positive integer");
        }
        if (v <= 0) {
            throw invalid("a positive integer");
        }
        return v;
    }

    public double asPositiveDouble() {
        double v;
        try {
            v = Double.parseDouble(value.trim());
        } catch (NumberFormatException e) {
            throw invalid("a positive number");
        }
        if (!(v > 0) || Double.isInfinite(v)) {
            throw invalid("a positive number");
        }
        return v;
    }

    /**
     * Accepts a whole number with a unit: {@code 500ms}, {@code 5s}, {@code 2m}, {@code 1h}, {@code 250us}. At
     * most {@link #LONGEST}, so that every conversion a caller makes ({@code toNanos}, {@code toMillis}) fits in
     * a long rather than failing later, after things have started, with an ArithmeticException.
     */
    public Duration asDuration() {
        Matcher m = DURATION.matcher(value.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw invalid("a duration such as 500ms, 5s, 2m or 1h");
        }
        long nanosPerUnit = switch (m.group(2)) {
            case "us" -> 1_000L;
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            case "m" -> 60_000_000_000L;
            default -> 3_600_000_000_000L;
        };
        try {
            return Duration.ofNanos(Math.multiplyExact(Long.parseLong(m.group(1)), nanosPerUnit));
        } catch (NumberFormatException | ArithmeticException e) {
            throw invalid("a duration of at most " + LONGEST.toHours() + "h");
        }
    }

    /** {@link #asDuration()}, and more than zero: an interval something is done every. */
    public Duration asPositiveDuration() {
        Duration d = asDuration();
        if (d.isZero()) {
            throw invalid("a positive duration such as 500ms or 1s");
        }
        return d;
    }

    /**
     * A socket buffer size as Kafka's {@code receive.buffer.bytes} and {@code send.buffer.bytes} take it: -1
     * leaves the operating system's default, anything else is a size in bytes. Kafka's own check lets 0
     * through, but the socket then refuses it at the first connection.
     */
    public int asSocketBufferBytes() {
        String expected = "-1 (the operating system's default) or a positive number of bytes";
        int v = asIntExpecting(expected);
        if (v < -1 || v == 0) {
            throw invalid(expected);
        }
        return v;
    }

    /**
     * A JVM heap size as {@code -Xmx} takes it: digits and an optional unit k, m, g or t (either case), more
     * than zero bytes and no more than a long counts. Returned trimmed, to be appended to {@code -Xmx}; a
     * wrong one would otherwise only show as a consumer that does not start.
     */
    public String asHeapSize() {
        String expected = "a JVM heap size such as 4g, 1536m or 1t (digits, then k, m, g or t)";
        String given = value.trim();
        Matcher m = HEAP_SIZE.matcher(given.toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw invalid(expected);
        }
        int shift = "kmgt".indexOf(m.group(2)) + 1;
        long bytes;
        try {
            long n = Long.parseLong(m.group(1));
            bytes = Math.multiplyExact(n, 1L << (10 * shift));
        } catch (NumberFormatException | ArithmeticException e) {
            throw invalid(expected + " that fits in a long of bytes");
        }
        if (bytes <= 0) {
            throw invalid(expected + " above zero");
        }
        return given;
    }

    public boolean asBoolean() {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw invalid("true or false");
        };
    }

    /**
     * One of {@code type}'s constants, spelled as its name in any case; '-' in the value matches '_' in the
     * name ({@code lz4-raw}). Anything else names the variable and every accepted spelling.
     */
    public <E extends Enum<E>> E asEnum(Class<E> type) {
        return asEnum(type, c -> c.name().toLowerCase(Locale.ROOT));
    }

    /** As {@link #asEnum(Class)}, for choices spelled otherwise than their constant, e.g. Kafka's acks {@code 1}. */
    public <E extends Enum<E>> E asEnum(Class<E> type, Function<E, String> spelling) {
        String given = value.trim();
        for (E constant : type.getEnumConstants()) {
            String spelled = spelling.apply(constant);
            if (spelled.equalsIgnoreCase(given) || spelled.equalsIgnoreCase(given.replace('-', '_'))) {
                return constant;
            }
        }
        String choices = String.join(
                ", ", Arrays.stream(type.getEnumConstants()).map(spelling).toList());
        throw invalid("one of " + choices);
    }

    private int asIntExpecting(String expected) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw invalid(expected);
        }
    }

    private ConfigException invalid(String expected) {
        String shown = Secrets.isSecretName(name) ? Secrets.REDACTED : value;
        return new ConfigException(name + " must be " + expected + ", got \"" + shown + "\"");
    }
}
