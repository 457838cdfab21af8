package streambench.common;

/**
 * A record that is not a valid benchmark event; the message is the reason, fit for a counter label or log:
 * whatever of the record it quotes is made {@link Printable}, and it is never longer than
 * {@link Printable#DEFAULT_MAX_CHARS}.
 */
public final class MalformedEventException extends Exception {
    public MalformedEventException(String reason) {
        super(Printable.of(reason));
    }
}
