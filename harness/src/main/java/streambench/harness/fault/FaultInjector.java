package streambench.harness.fault;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Fires the timed faults of one engine's turn at their second of the load, and records when each really
 * began. Whatever it paused it resumes on close, so a lake is never left stopped.
 */
public final class FaultInjector implements AutoCloseable {
    /** What a fault does to the world; the harness's services and consumer in a run, fakes in tests. */
    public interface Actions {
        /** SIGKILL the consumer and start it again; returns what happened, for the console. */
        String killConsumer() throws Exception;

        void pauseLake();

        void resumeLake();

        /** Returns what happened, for the console. */
        String restartBroker() throws Exception;
    }

    /** A fault that fired: its spec, the second of the load it began, and what the harness did. */
    record Fired(FaultSpec spec, double atSecond, String note) {}

    private final List<FaultSpec> faults;
    private final Actions actions;
    private final PrintStream out;
    private final ScheduledExecutorService timer = Executors.newScheduledThreadPool(2, r -> {
        Thread t = new Thread(r, "fault-injector");
        t.setDaemon(true);
        return t;
    });
    private final List<Fired> fired = new ArrayList<>();
    private long loadStartNanos;
    private boolean lakePaused;

    public FaultInjector(List<FaultSpec> faults, Actions actions, PrintStream out) {
        this.faults = faults.stream().filter(FaultSpec::timed).toList();
        this.actions = actions;
        this.out = out;
    }

    /** Call when the load begins: every fault is scheduled from this moment. */
    public void start() {
        loadStartNanos = System.nanoTime();
        for (FaultSpec f : faults) {
            timer.schedule(() -> fire(f), f.atSeconds(), TimeUnit.SECONDS);
            if (f.kind() == FaultSpec.Kind.LAKE_OUTAGE) {
                timer.schedule(this::resume, f.atSeconds() + f.forSeconds(), TimeUnit.SECONDS);
            }
        }
    }

    private void fire(FaultSpec f) {
        double at = (System.nanoTime() - loadStartNanos) / 1e9;
        String note;
        try {
            note = switch (f.kind()) {
                case KILL_CONSUMER -> actions.killConsumer();
                case LAKE_OUTAGE -> {
                    synchronized (this) {
                        actions.pauseLake();
                        lakePaused = true;
                    }
                    yield "every storage request held by the lake proxy for " + f.forSeconds() + " s";
                }
                case BROKER_RESTART -> actions.restartBroker();
                case POISON -> throw new IllegalStateException("poison is not a timed fault");
            };
        } catch (Exception e) {
            note = "the fault could not be injected: " + e.getMessage();
        }
        synchronized (this) {
            fired.add(new Fired(f, at, note));
        }
        out.printf(Locale.ROOT, "  fault %s at %.1f s: %s%n", f.text(), at, note);
    }

    private synchronized void resume() {
        if (lakePaused) {
            actions.resumeLake();
            lakePaused = false;
            out.printf(Locale.ROOT, "  lake resumed at %.1f s%n", (System.nanoTime() - loadStartNanos) / 1e9);
        }
    }

    public synchronized List<Fired> fired() {
        return List.copyOf(fired);
    }

    @Override
    public void close() {
        timer.shutdownNow();
        try {
            timer.awaitTermination(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        resume();
    }
}
