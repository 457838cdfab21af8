package streambench.harness.fault;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import streambench.common.ConfigException;

/**
 * One fault a run injects, as {@code --fault} spells it: {@code kill-consumer@30s} (SIGKILL the consumer
 * at second 30 of the load and start it again on the same checkpoint), {@code lake-outage@30s:10s} (the
 * embedded Azurite stops answering for 10 s), {@code broker-restart@30s} (the embedded broker is stopped
 * and started again), {@code poison@1%} (a side producer writes hostile records at 1 % of the offered
 * rate for the whole load).
 */
public record FaultSpec(Kind kind, long atSeconds, long forSeconds, double share, String text) {
    public enum Kind {
        KILL_CONSUMER,
        LAKE_OUTAGE,
        BROKER_RESTART,
        POISON
    }

    private static final Pattern TIMED = Pattern.compile("(kill-consumer|broker-restart)@(\\d+)s");
    private static final Pattern OUTAGE = Pattern.compile("lake-outage@(\\d+)s:(\\d+)s");
    private static final Pattern POISON = Pattern.compile("poison@(\\d+(?:\\.\\d+)?)%");

    public static FaultSpec parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        Matcher m = TIMED.matcher(t);
        if (m.matches()) {
            Kind kind = m.group(1).equals("kill-consumer") ? Kind.KILL_CONSUMER : Kind.BROKER_RESTART;
            return new FaultSpec(kind, Long.parseLong(m.group(2)), 0, 0, t);
        }
        m = OUTAGE.matcher(t);
        if (m.matches()) {
            long length = Long.parseLong(m.group(2));
            if (length <= 0) {
                throw new ConfigException("--fault " + text + ": the outage must last at least 1 s");
            }
            return new FaultSpec(Kind.LAKE_OUTAGE, Long.parseLong(m.group(1)), length, 0, t);
        }
        m = POISON.matcher(t);
        if (m.matches()) {
            double percent = Double.parseDouble(m.group(1));
            if (!(percent > 0 && percent <= 50)) {
                throw new ConfigException("--fault " + text + ": the poison share must be above 0 % and at most 50 %");
            }
            return new FaultSpec(Kind.POISON, 0, 0, percent / 100, t);
        }
        throw new ConfigException(
                "--fault: \"" + text + "\" is not a fault; use kill-consumer@30s, lake-outage@30s:10s, "
                        + "broker-restart@30s or poison@1%");
    }

    /** A fault at one moment, whose recovery is measured (poison runs for the whole load instead). */
    boolean timed() {
        return kind != Kind.POISON;
    }

    /** Checks it fits the run: the moment is inside the load, and the service it needs is the embedded one. */
    public void validate(long durationSeconds, boolean embeddedKafka, boolean embeddedLake) {
        if (timed() && atSeconds >= durationSeconds) {
            throw new ConfigException("--fault " + text + ": second " + atSeconds + " is not within the "
                    + durationSeconds + " s of load");
        }
        if (kind == Kind.BROKER_RESTART && !embeddedKafka) {
            throw new ConfigException(
                    "--fault " + text + " restarts the embedded broker; with KAFKA_BOOTSTRAP_SERVERS or "
                            + "EVENTHUB_CONNECTION_STRING set there is none");
        }
        if (kind == Kind.LAKE_OUTAGE && !embeddedLake) {
            throw new ConfigException("--fault " + text
                    + " pauses the embedded Azurite; with ADLS_* or AZURITE_BLOB_ENDPOINT " + "set there is none");
        }
    }
}
