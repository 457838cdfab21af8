package streambench.harness.engine;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;
import streambench.services.ConsumerProcess;
import streambench.services.InstallLayout;

/**
 * An engine whose consumer is one shaded jar run with {@code java -jar}: Spark 3.5 and 4.2 (one source,
 * two jars), Flink 1.16 and the yardstick. Each jar's manifest carries the {@code --add-opens} its engine needs on
 * Java 17, so the command line needs nothing else. Described in {@link Engines}.
 *
 * @param checkpointKnobs the knobs that set how many commits apart its log checkpoints are: the first one
 *     positive wins
 */
record JarEngine(String id, String label, String knobAnchor, String unitOfWork, List<String> checkpointKnobs)
        implements Engine {
    JarEngine {
        checkpointKnobs = List.copyOf(checkpointKnobs);
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

    @Override
    public OptionalLong logCheckpointEveryCommits(Map<String, String> knobs) {
        for (String knob : checkpointKnobs) {
            OptionalLong every = positive(knobs.get(knob));
            if (every.isPresent()) {
                return every;
            }
        }
        return OptionalLong.empty();
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
