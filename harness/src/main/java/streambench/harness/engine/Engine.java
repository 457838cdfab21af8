package streambench.harness.engine;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;
import streambench.services.ConsumerProcess;
import streambench.services.InstallLayout;

/**
 * What the harness knows of a system under test, and nothing more: its name, where its knob
 * defaults live, how to start its consumer and how long it may take to become ready. Adding an
 * engine is a line in {@link Engines} (and a class here when its consumer is not one jar) plus its own module.
 */
public interface Engine {
    /**
     * Its one spelling ({@link Engines} holds them all): on the command line, in topic and table names, as its
     * service and profile in docker-compose.yml.
     */
    String id();

    /** The label in results ({@code version} column of the CSV): {@code Spark 4.2}. */
    String label();

    /** The docker-compose.yml anchor holding its knob defaults, e.g. {@code x-spark-tuning}. */
    String knobAnchor();

    /** The key of its consumer jar in the install layout. */
    default String jarKey() {
        return id() + ".jar";
    }

    /** Its consumer's service in docker-compose.yml, started under a profile of the same name. */
    default String composeService() {
        return id();
    }

    /** Why it cannot run here (not built, server not configured), or empty when it can. */
    Optional<String> unavailable(InstallLayout layout);

    /** Starts its consumer as its own process; {@code env} holds knobs, endpoints, topic and table. */
    ConsumerProcess launch(
            InstallLayout layout, Map<String, String> env, String heap, Path logFile, Consumer<String> lines);

    /** What one line of its telemetry describes, for the anatomy line: Spark's batch, Flink's checkpoint. */
    String unitOfWork();

    /**
     * Variables beyond the consumer contract's endpoints that say where its server is and how to log in to it:
     * taken from the harness's environment, never from its anchor, and so never a tuning result.
     */
    default List<String> endpointNames() {
        return List.of();
    }

    /**
     * How many table commits apart its Delta log checkpoints are with {@code knobs} (the complete knob set
     * of a run), or empty when it writes none the harness knows of. A periodic cost every N commits: {@code
     * capacity} sizes its confirmation run so that two of them fall inside it.
     */
    default OptionalLong logCheckpointEveryCommits(Map<String, String> knobs) {
        return OptionalLong.empty();
    }

    /** Start-up plus the first commit: a cold Spark JVM took 20–36 s on 2 cores. */
    default Duration readyTimeout() {
        return Duration.ofMinutes(5);
    }
}
