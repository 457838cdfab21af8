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
 * again once it is ready (its JVM's early threads included), everything given back when the turn ends. Without the
 * option every call does nothing.
 */
final class EngineCores implements AutoCloseable {
    private final Optional<CpuAffinity> cores;
    private final List<Long> shared;

    private EngineCores(Optional<CpuAffinity> cores, List<Long> shared) {
        this.cores = cores;
        this.shared = shared;
    }

    static EngineCores forTurn(String engineCpus, Services services) throws IOException {
        Optional<CpuAffinity> cores = CpuAffinity.parse(engineCpus, "--engine-cpus");
        List<Long> shared = new ArrayList<>(List.of(ProcessHandle.current().pid()));
        services.kafkaPid().ifPresent(shared::add);
        services.azuritePid().ifPresent(shared::add);
        if (cores.isPresent()) {
            for (long pid : shared) {
                cores.get().pinOthers(pid);
            }
        }
        return new EngineCores(cores, shared);
    }

    /** The consumer (or its restart) on the engine's cores. */
    void engine(long pid) {
        if (cores.isEmpty()) {
            return;
        }
        try {
            cores.get().pinEngine(pid);
        } catch (IOException e) {
            throw new IllegalStateException("cannot put the consumer on its own cores: " + e.getMessage(), e);
        }
    }

    /** Once the consumer is ready: its threads started before the first pass go to the engine's cores too. */
    void engineReady(long pid, PrintStream out) {
        engine(pid);
        cores.ifPresent(c -> out.printf(
                "  cores: the consumer on %s, the broker, the store, the producer and the harness on %s%n",
                c.engineCpus(), c.otherCpus()));
    }

    @Override
    public void close() throws IOException {
        if (cores.isPresent()) {
            for (long pid : shared) {
                cores.get().release(pid);
            }
        }
    }
}
