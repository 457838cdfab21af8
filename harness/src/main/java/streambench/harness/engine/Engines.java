package streambench.harness.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import streambench.common.ConfigException;
import streambench.services.InstallLayout;

/**
 * The engine registry: every engine streambench knows, each described once, in the order runs take them. An
 * engine's id is its one spelling: on the command line, in topic and table paths, as the key of its jar in the
 * install layout ({@code <id>.jar}), and as its service and profile in docker-compose.yml. Help texts, the
 * default engine list and the compose checks read this list; no other class spells an id.
 */
public final class Engines {
    private Engines() {}

    /** The measuring rod: a Kafka poll loop on our Delta writer, no engine; the others' figures are set against it. */
    public static final String YARDSTICK = "yardstick";

    /** Flink's sink checkpoints the log inside the commit that reaches DELTA_CHECKPOINT_INTERVAL. */
    private static final List<String> INLINE_CHECKPOINT = List.of("DELTA_CHECKPOINT_INTERVAL");

    /**
     * Spark and the yardstick: a positive DELTA_BACKGROUND_CHECKPOINT_EVERY hands the checkpoint to a thread of its
     * own every that many commits, otherwise it runs inside the commit that reaches DELTA_CHECKPOINT_INTERVAL.
     */
    private static final List<String> BACKGROUND_OR_INLINE_CHECKPOINT =
            List.of("DELTA_BACKGROUND_CHECKPOINT_EVERY", "DELTA_CHECKPOINT_INTERVAL");

    /** Built once, so an engine is the same object wherever it is named; still compare engines by id. */
    private static final List<Engine> ALL = List.of(
            new JarEngine(YARDSTICK, "Yardstick", "x-yardstick-tuning", "commit", BACKGROUND_OR_INLINE_CHECKPOINT),
            new JarEngine("spark-3.5", "Spark 3.5", "x-spark-tuning", "batch", BACKGROUND_OR_INLINE_CHECKPOINT),
            new JarEngine("spark-4.2", "Spark 4.2", "x-spark-tuning", "batch", BACKGROUND_OR_INLINE_CHECKPOINT),
            new JarEngine("flink-1.16", "Flink 1.16", "x-flink-tuning", "checkpoint", INLINE_CHECKPOINT),
            feldera(System.getenv()));

    /**
     * Feldera, finding its server through {@code environment} (the harness's own, or a test's): its consumer jar
     * only deploys a pipeline on a Feldera server and polls it.
     */
    public static Engine feldera(Map<String, String> environment) {
        return new FelderaEngine("feldera", "Feldera", "x-feldera-tuning", environment);
    }

    /**
     * What a run reads its tables back with ({@link ReadBackPhase}): Delta Kernel from the yardstick's jar, and
     * Spark from Spark 3.5's, each the jar's reader mode.
     */
    static List<ReadBackPhase.Reader> readers() {
        Engine spark = byId("spark-3.5").orElseThrow();
        return List.of(
                new ReadBackPhase.Reader(
                        "Delta Kernel", byId(YARDSTICK).orElseThrow().jarKey()),
                new ReadBackPhase.Reader(spark.label(), spark.jarKey()));
    }

    public static List<Engine> all() {
        return ALL;
    }

    /** Every engine's id, in order: what help texts and errors list. */
    public static List<String> ids() {
        return ALL.stream().map(Engine::id).toList();
    }

    /** The engine of that id, if streambench knows one. */
    public static Optional<Engine> byId(String id) {
        return ALL.stream().filter(e -> e.id().equals(id)).findFirst();
    }

    /**
     * The engines a run judges: the named ones (unknown names are a usage error), or, with no names, every
     * engine, whether it can run here or not: one that cannot is reported as not run and fails the run,
     * because the promise is "Succeeded only when every consumer met every constraint".
     */
    public static List<Engine> select(List<String> names, InstallLayout layout) {
        if (names.isEmpty()) {
            return ALL;
        }
        List<Engine> out = new ArrayList<>();
        for (String name : names) {
            if (name.equals("none")) {
                continue;
            }
            Engine e = byId(name.trim())
                    .orElseThrow(() -> new ConfigException("--engines: unknown engine \"" + name + "\"; known: "
                            + String.join(", ", ids()) + " (or none)"));
            if (out.stream().noneMatch(o -> o.id().equals(e.id()))) {
                out.add(e);
            }
        }
        return out;
    }
}
