package streambench.harness.cli;

import java.util.concurrent.TimeUnit;
import streambench.common.ConfigException;
import streambench.common.Knob;

/**
 * Options given in whole seconds or milliseconds. Every timer and deadline here counts nanoseconds in a long;
 * a value past that used to pass the option checks and end the run later, with services started, in an
 * ArithmeticException.
 */
final class TimeOptions {
    private TimeOptions() {}

    static void requireFits(String option, long value, TimeUnit unit) {
        long most = unit.convert(Knob.LONGEST);
        if (value > most) {
            throw new ConfigException(option + " must be at most " + most + " "
                    + unit.name().toLowerCase(java.util.Locale.ROOT) + " (what a long counts in nanoseconds), got "
                    + value);
        }
    }
}
