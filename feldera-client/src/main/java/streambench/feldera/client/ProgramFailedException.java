package streambench.feldera.client;

/** The pipeline's program did not compile: {@code SqlError}, {@code RustError} or {@code SystemError}. */
public final class ProgramFailedException extends FelderaException {
    private final String programStatus;

    public ProgramFailedException(String pipeline, String programStatus, String details) {
        super(
                "pipeline " + pipeline + ": program status " + programStatus
                        + (details.isEmpty() ? "" : "\n" + details),
                0,
                null,
                null);
        this.programStatus = programStatus;
    }

    public String programStatus() {
        return programStatus;
    }
}
