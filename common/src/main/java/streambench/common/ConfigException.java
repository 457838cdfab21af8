package streambench.common;

/**
 * Invalid or missing configuration. Mains turn it into one line on stderr and exit code 2, so the
 * message must name the variable (or file) at fault, the value seen and what was expected.
 */
public final class ConfigException extends RuntimeException {
    public ConfigException(String message) {
        super(message);
    }

    public ConfigException(String message, Throwable cause) {
        super(message, cause);
    }
}
