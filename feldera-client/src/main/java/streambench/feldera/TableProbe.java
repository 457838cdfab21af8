package streambench.feldera;

import java.io.IOException;

/** Whether the table the pipeline writes exists yet; opened once per start-up. */
interface TableProbe extends AutoCloseable {
    boolean tableExists() throws IOException;

    @Override
    void close() throws IOException;

    /** Opens a probe for the run's table. */
    @FunctionalInterface
    interface Opener {
        TableProbe open() throws IOException;
    }
}
