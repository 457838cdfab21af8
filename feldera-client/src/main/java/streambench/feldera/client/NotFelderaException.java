package streambench.feldera.client;

/**
 * Something answers at the URL, but not as Feldera's pipeline manager does: an HTML page, JSON of another
 * shape, or no such endpoint. Sending it a program would hand the storage key and the SASL password to
 * whatever that server is.
 */
public final class NotFelderaException extends FelderaException {
    public NotFelderaException(String message, int httpStatus) {
        super(message, httpStatus, null, null);
    }
}
