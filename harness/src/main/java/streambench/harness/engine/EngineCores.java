package streambench.harness.engine;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import streambench.services.CpuAffinity;
import streambench.services.Services;

/**
 * One turn's cores under {@code --engine-cpus}: the harness, the broker and the store on the other cores from the
 * turn's start (so the producers the harness starts are born there), the consumer on its own as soon as it runs and
 * again once it is ready (its JVM's early threads included), everything given back once the load has drained (so the
 * read-back readers and the analysis have every core, as without the option). Without the option every call does
 * nothing.
 */
final class EngineCores implements AutoCloseable {
    private final Optional<CpuAffinity> cores;
    private final Services services;
    private final PrintStream out;
    private boolean released;

    private EngineCores(Optional<CpuAffinity> cores, Services services, PrintStream out) {
        this.cores = cores;
        this.services = services;
        this.out = out;
    }

    static EngineCores forTurn(String engineCpus, Services services, PrintStream out) throws IOException {
        Optional<CpuAffinity> cores = CpuAffinity.parse(engineCpus, "--engine-cpus");
        EngineCores turn = new EngineCores(cores, services, out);
        if (cores.isPresent()) {
            try {
                for (long pid : turn.shared()) {
                    cores.get().pinOthers(pid);
                }
            } catch (IOException e) {
                turn.close(); // what was pinned gets its cores back: the next turn must find every core
                throw e;
            }
        }
        return turn;
    }

    /** The harness itself, the broker and the store, as they are now (a restarted broker has a new pid). */
    private List<Long> shared() {
        List<Long> pids = new ArrayList<>(List.of(ProcessHandle.current().pid()));
        services.kafkaPid().ifPresent(pids::add);
        services.azuritePid().ifPresent(pids::add);
        return pids;
    }

    /**
     * The consumer (or its restart) on the engine's cores. A consumer that has already ended is left alone: why it
     * ended is the news, not that it could not be pinned.
     */
    void engine(long pid) {
        if (cores.isEmpty()) {
            return;
        }
        try {
            cores.get().pinEngine(pid);
        } catch (IOException e) {
            if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                throw new IllegalStateException("cannot put the consumer on its own cores: " + e.getMessage(), e);
            }
        }
    }

    /** Once the consumer is ready: its threads started before the first pass go to the engine's cores too. */
    void engineReady(long pid) {
        engine(pid);
        cores.ifPresent(c -> out.printf(
                "  cores: the consumer on %s, the broker, the store, the producer and the harness on %s%n",
                c.engineCpus(), c.otherCpus()));
    }

    /** Every core back to the harness, the broker and the store; once, and never failing the turn. */
    @Override
    public synchronized void close() {
        if (cores.isEmpty() || released) {
            return;
        }
        released = true;
        for (long pid : shared()) {
            try {
                cores.get().release(pid);
            } catch (IOException e) {
                out.println("  cores: could not give pid " + pid + " its cores back: " + e.getMessage());
            }
        }
    }
}
