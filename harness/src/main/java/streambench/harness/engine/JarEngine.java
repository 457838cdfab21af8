package streambench.harness.engine;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;
import streambench.harness.services.InstallLayout;

/**
 * An engine whose consumer is one shaded jar run with {@code java -jar}: Spark 3.5 and 4.2 (one source,
 * two jars), Flink 1.16 and the yardstick. Each jar's manifest carries the {@code --add-opens} its engine needs on
 * Java 17, so the command line needs nothing else.
 */
record JarEngine(String id, String label, String knobAnchor, String unitOfWork) implements Engine {
    static JarEngine spark(String version) {
        return new JarEngine("spark-" + version, "Spark " + version, "x-spark-tuning", "batch");
    }

    static JarEngine flink116() {
        return new JarEngine("flink-1.16", "Flink 1.16", "x-flink-tuning", "checkpoint");
    }

    /** No engine: a Kafka poll loop and our Delta writer, the measuring rod for the others. */
    static JarEngine yardstick() {
        return new JarEngine(Engine.YARDSTICK, "Yardstick", "x-yardstick-tuning", "commit");
    }

    /** The key of its jar in the install layout, e.g. {@code spark-4.2.jar}. */
    String jarKey() {
        return id + ".jar";
    }

    @Override
    public Optional<String> unavailable(InstallLayout layout) {
        try {
            layout.jar(jarKey());
            return Optional.empty();
        } catch (streambench.common.ConfigException e) {
            return Optional.of(e.getMessage());
        }
    }

    @Override
    public ConsumerProcess launch(
            InstallLayout layout, Map<String, String> env, String heap, Path logFile, Consumer<String> lines) {
        return ConsumerProcess.start(
                id, layout.jar(jarKey()), List.of("-Xmx" + heap, "-XX:+UseG1GC"), env, logFile, lines);
    }

    /**
     * Spark: a positive DELTA_BACKGROUND_CHECKPOINT_EVERY hands the checkpoint to a background thread every that
     * many commits (the table's own interval is then one no run reaches), otherwise Delta checkpoints inline every
     * DELTA_CHECKPOINT_INTERVAL commits. Flink and the yardstick write through delta-writer, which checkpoints every
     * DELTA_CHECKPOINT_INTERVAL commits.
     */
    @Override
    public OptionalLong logCheckpointEveryCommits(Map<String, String> knobs) {
        if (knobAnchor.equals("x-spark-tuning")) {
            OptionalLong background = positive(knobs.get("DELTA_BACKGROUND_CHECKPOINT_EVERY"));
            if (background.isPresent()) {
                return background;
            }
        }
        return positive(knobs.get("DELTA_CHECKPOINT_INTERVAL"));
    }

    /** A knob's whole positive number; empty when unset, zero or not a number (the consumer refuses those itself). */
    private static OptionalLong positive(String value) {
        if (value == null) {
            return OptionalLong.empty();
        }
        try {
            long n = Long.parseLong(value.strip());
            return n > 0 ? OptionalLong.of(n) : OptionalLong.empty();
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }
}
