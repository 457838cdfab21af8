package streambench.common;

/** A record that is not a valid benchmark event; the message is the reason, fit for a counter label or log. */
public final class MalformedEventException extends Exception {
    public MalformedEventException(String reason) {
        super(reason);
    }
}
