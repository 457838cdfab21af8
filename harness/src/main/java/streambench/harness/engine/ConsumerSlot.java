package streambench.harness.engine;

import java.nio.file.Path;
import java.util.Map;
import java.util.function.LongConsumer;
import streambench.common.ConsumerContract;
import streambench.services.ConsumerProcess;
import streambench.services.InstallLayout;

/**
 * The consumer of one engine's turn, which the kill-consumer fault replaces: SIGKILL, then the same jar
 * with the same environment (so the same checkpoint) started again, its output appended to the same log.
 * Counters a killed process had reported are kept, since the new process starts from zero.
 */
final class ConsumerSlot implements AutoCloseable {
    private final Engine engine;
    private final InstallLayout layout;
    private final Map<String, String> env;
    private final String heap;
    private final Path logFile;
    private final LongConsumer onNewPid;
    private final EngineCores cores;
    private volatile ConsumerProcess current;
    private long malformedOfKilled;
    private int restarts;

    ConsumerSlot(
            Engine engine,
            InstallLayout layout,
            Map<String, String> env,
            String heap,
            Path logFile,
            LongConsumer onNewPid,
            EngineCores cores) {
        this.engine = engine;
        this.layout = layout;
        this.env = env;
        this.heap = heap;
        this.logFile = logFile;
        this.onNewPid = onNewPid;
        this.cores = cores;
        this.current = engine.launch(layout, env, heap, logFile, null);
        try {
            cores.engine(current.process().pid());
        } catch (RuntimeException e) {
            current.close(); // nobody else holds it yet
            throw e;
        }
    }

    ConsumerProcess current() {
        return current;
    }

    /** SIGKILL the running consumer and start it again; returns the killed pid. */
    synchronized long killAndRestart() throws InterruptedException {
        ConsumerProcess victim = current;
        malformedOfKilled += victim.metrics().getOrDefault(ConsumerContract.MALFORMED_ROWS_TOTAL, 0L);
        long pid = victim.process().pid();
        victim.kill();
        current = engine.launch(layout, env, heap, logFile, null);
        cores.engine(current.process().pid());
        restarts++;
        onNewPid.accept(current.process().pid());
        return pid;
    }

    /**
     * Malformed records counted by every process of this turn. A restarted consumer reads again from its
     * last checkpoint, so records it had counted before the kill may be counted twice: at least the truth.
     */
    synchronized long malformedCounted(Map<String, Long> finalMetrics) {
        return malformedOfKilled + finalMetrics.getOrDefault(ConsumerContract.MALFORMED_ROWS_TOTAL, 0L);
    }

    synchronized int restarts() {
        return restarts;
    }

    /** Stops the consumer; the engine's cores, if it had its own, go back to the rest (the readers, the analysis). */
    @Override
    public void close() {
        current.close();
        cores.close();
    }
}
