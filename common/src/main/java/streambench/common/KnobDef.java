package streambench.common;

import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;

/**
 * One knob, declared once: its variable, its default, the form its value takes and what it does. Code reads it
 * with {@link #from(Knobs)}; a jar's {@code --knobs} prints its declarations ({@link KnobSheet}); the
 * {@code x-*-tuning} anchors of docker-compose.yml repeat name and default and a test holds them to these.
 * A variable whose name looks secret ({@link Secrets#isSecretName}) is masked wherever it is printed.
 *
 * @param <T> what the code gets: the value parsed and validated, a bad one rejected with a message naming the
 *     variable
 */
public final class KnobDef<T> {
    private final String name;
    private final String defaultValue;
    private final String form;
    private final String doc;
    private final Function<Knob, T> parse;

    private KnobDef(String name, String defaultValue, String form, String doc, Function<Knob, T> parse) {
        this.name = name;
        this.defaultValue = defaultValue;
        this.form = form;
        this.doc = doc;
        this.parse = parse;
        // a default the declaration itself cannot parse would only fail in the run that leaves it unset
        if (!defaultValue.isEmpty()) {
            parse.apply(new Knob(name, defaultValue));
        }
    }

    /** A knob whose value is read as it is given; an empty default means "unset", which the doc explains. */
    public static KnobDef<String> string(String name, String defaultValue, String doc) {
        return new KnobDef<>(name, defaultValue, "text", doc, Knob::asString);
    }

    public static KnobDef<Integer> positiveInt(String name, String defaultValue, String doc) {
        return new KnobDef<>(name, defaultValue, "integer > 0", doc, Knob::asPositiveInt);
    }

    public static KnobDef<Integer> nonNegativeInt(String name, String defaultValue, String doc) {
        return new KnobDef<>(name, defaultValue, "integer >= 0", doc, Knob::asNonNegativeInt);
    }

    public static KnobDef<Long> positiveLong(String name, String defaultValue, String doc) {
        return new KnobDef<>(name, defaultValue, "integer > 0", doc, Knob::asPositiveLong);
    }

    public static KnobDef<Long> nonNegativeLong(String name, String defaultValue, String doc) {
        return new KnobDef<>(name, defaultValue, "integer >= 0", doc, Knob::asNonNegativeLong);
    }

    public static KnobDef<Long> anyLong(String name, String defaultValue, String doc) {
        return new KnobDef<>(name, defaultValue, "integer", doc, Knob::asLong);
    }

    public static KnobDef<Boolean> bool(String name, String defaultValue, String doc) {
        return new KnobDef<>(name, defaultValue, "true | false", doc, Knob::asBoolean);
    }

    public static KnobDef<Duration> duration(String name, String defaultValue, String doc) {
        return new KnobDef<>(name, defaultValue, "duration: 250ms, 5s, 2m, 1h", doc, Knob::asDuration);
    }

    public static KnobDef<Duration> positiveDuration(String name, String defaultValue, String doc) {
        return new KnobDef<>(name, defaultValue, "duration > 0: 250ms, 5s, 2m", doc, Knob::asPositiveDuration);
    }

    public static KnobDef<Integer> port(String name, String defaultValue, String doc) {
        return new KnobDef<>(name, defaultValue, "port 0-65535 (0: any free one)", doc, Knob::asPort);
    }

    public static KnobDef<String> ipAddress(String name, String defaultValue, String doc) {
        return new KnobDef<>(name, defaultValue, "IP address", doc, Knob::asIpAddress);
    }

    public static KnobDef<Integer> socketBufferBytes(String name, String defaultValue, String doc) {
        return new KnobDef<>(name, defaultValue, "bytes (-1: the system's default)", doc, Knob::asSocketBufferBytes);
    }

    /** One of an enum's constants, spelled in lower case ({@code earliest}, {@code snappy}). */
    public static <E extends Enum<E>> KnobDef<E> oneOf(String name, String defaultValue, Class<E> type, String doc) {
        return oneOf(name, defaultValue, type, c -> c.name().toLowerCase(Locale.ROOT), doc);
    }

    /** As {@link #oneOf(String, String, Class, String)}, for choices spelled otherwise than their constant. */
    public static <E extends Enum<E>> KnobDef<E> oneOf(
            String name, String defaultValue, Class<E> type, Function<E, String> spelling, String doc) {
        String form = String.join(
                " | ", Arrays.stream(type.getEnumConstants()).map(spelling).toList());
        return new KnobDef<>(name, defaultValue, form, doc, k -> k.asEnum(type, spelling));
    }

    /**
     * A knob its reader interprets itself ({@link #knob(Knobs)}), e.g. where 0 means "no limit"; {@code form}
     * says what it accepts.
     */
    public static KnobDef<Knob> custom(String name, String defaultValue, String form, String doc) {
        return new KnobDef<>(name, defaultValue, form, doc, Function.identity());
    }

    /** The same knob with another default: one engine's, where a shared knob's does not suit it. */
    public KnobDef<T> withDefault(String otherDefault) {
        return new KnobDef<>(name, otherDefault, form, doc, parse);
    }

    /** The value in {@code knobs}, or the default when unset or blank; a bad one throws {@link ConfigException}. */
    public T from(Knobs knobs) {
        return parse.apply(knob(knobs));
    }

    /** The variable as given (or defaulted), for a reader that interprets it further. */
    public Knob knob(Knobs knobs) {
        return knobs.env(name, defaultValue);
    }

    public String name() {
        return name;
    }

    public String defaultValue() {
        return defaultValue;
    }

    /** What the value may be, e.g. {@code integer > 0} or {@code earliest | latest}. */
    public String form() {
        return form;
    }

    public String doc() {
        return doc;
    }

    public boolean secret() {
        return Secrets.isSecretName(name);
    }

    @Override
    public String toString() {
        return name + "=" + (secret() && !defaultValue.isEmpty() ? Secrets.REDACTED : defaultValue);
    }
}
