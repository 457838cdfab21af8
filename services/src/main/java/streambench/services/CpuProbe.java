package streambench.services;

import streambench.common.Event;
import streambench.common.EventCodec;
import streambench.common.MalformedEventException;

/**
 * How fast one core of this machine does the benchmark's own hot work: encode and decode a fixed batch of
 * 100-byte events, as the producer and every consumer do for each record. Two virtual machines of the same size,
 * or one an hour apart, can give the same commit capacity bands that do not overlap; a result that carries this
 * figure says how fast a core it had. Measured once per process, at the first manifest, before anything of the
 * run starts, as the fastest of a few rounds (the first ones run interpreted).
 */
public final class CpuProbe {
    /** Events per round: tens of milliseconds on a server core. */
    static final int EVENTS = 200_000;

    private static final int ROUNDS = 5;
    private static volatile Double measured;
    /** Where the decoded values go, so the JIT cannot drop the work being timed as unused. */
    private static volatile long consumed;

    private CpuProbe() {}

    /** Milliseconds of the fastest round of {@link #EVENTS} encodes and decodes, measured at the first call. */
    public static double millis() {
        Double m = measured;
        if (m == null) {
            synchronized (CpuProbe.class) {
                if (measured == null) {
                    measured = measure();
                }
                m = measured;
            }
        }
        return m;
    }

    static double measure() {
        EventCodec codec = new EventCodec();
        String payload = "x".repeat(EventCodec.payloadLengthFor(100, 1, 1_000_000));
        long best = Long.MAX_VALUE;
        long sink = 0;
        for (int r = 0; r < ROUNDS; r++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < EVENTS; i++) {
                byte[] bytes = codec.encode(new Event(1_764_806_400_000_000L + i * 5L, 1, 1_000_000 + i, payload));
                try {
                    sink += EventCodec.decode(bytes).seq();
                } catch (MalformedEventException e) {
                    throw new IllegalStateException("the probe's own event did not decode: " + e.getMessage(), e);
                }
            }
            best = Math.min(best, System.nanoTime() - t0);
        }
        consumed = sink;
        return Math.round(best / 1e5) / 10.0;
    }
}
