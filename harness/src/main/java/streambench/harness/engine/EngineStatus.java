package streambench.harness.engine;

/**
 * What a run says of one engine. Only {@link #PASSED} lets the status line say Succeeded; an engine that
 * could not run is named, never left out.
 */
public enum EngineStatus {
    PASSED("passed"),
    /** It ran and missed a check, or it was started and crashed or never became ready. */
    FAILED("failed"),
    /** The run cannot be judged: the load was not delivered, foreign rows, ts rewritten, or clocks that disagree. */
    INVALID("invalid"),
    /**
     * The engine missed a check under a load that came late (an acknowledgement past its bound): the engine's
     * fault or the load generator's cannot be told. Never a failure of the engine, never a bound of capacity.
     */
    UNDETERMINED("undetermined"),
    /** It was asked for (or is part of the default run) but could not be started here. */
    NOT_RUN("not run");

    private final String text;

    EngineStatus(String text) {
        this.text = text;
    }

    /** As the result files and the console write it. */
    public String text() {
        return text;
    }

    static EngineStatus parse(String text) {
        for (EngineStatus s : values()) {
            if (s.text.equals(text)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown engine status \"" + text + "\"");
    }

    @Override
    public String toString() {
        return text;
    }
}
