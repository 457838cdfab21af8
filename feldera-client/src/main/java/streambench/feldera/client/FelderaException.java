package streambench.feldera.client;

import java.util.Optional;

/**
 * A request Feldera refused or could not answer: the HTTP status (0 when no response came), what was
 * asked, and Feldera's own error when it sent one. Messages never contain request bodies, and the client
 * masks the secrets it was told about.
 */
public class FelderaException extends RuntimeException {
    private final int httpStatus;
    private final transient FelderaError error;

    public FelderaException(String message, int httpStatus, FelderaError error, Throwable cause) {
        super(message, cause);
        this.httpStatus = httpStatus;
        this.error = error;
    }

    public int httpStatus() {
        return httpStatus;
    }

    public Optional<FelderaError> error() {
        return Optional.ofNullable(error);
    }

    /** Feldera's {@code error_code}, or empty. */
    public String errorCode() {
        return error == null ? "" : error.errorCode();
    }
}
