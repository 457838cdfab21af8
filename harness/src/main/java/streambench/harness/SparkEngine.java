package streambench.harness;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/** Spark 3.5 or 4.2: the same consumer source, a different shaded jar. */
record SparkEngine(String version) implements Engine {
    @Override
    public String id() {
        return "spark-" + version;
    }

    @Override
    public String label() {
        return "Spark " + version;
    }

    @Override
    public String knobAnchor() {
        return "x-spark-tuning";
    }

    @Override
    public Optional<String> unavailable(InstallLayout layout) {
        try {
            layout.jar(id() + ".jar");
            return Optional.empty();
        } catch (streambench.common.ConfigException e) {
            return Optional.of(e.getMessage());
        }
    }

    @Override
    public ConsumerProcess launch(InstallLayout layout, Map<String, String> env, String heap, Path logFile,
                                  Consumer<String> lines) {
        // the jar's manifest carries Spark's --add-opens, so `java -jar` needs nothing else on Java 17
        return ConsumerProcess.start(id(), layout.jar(id() + ".jar"), List.of("-Xmx" + heap, "-XX:+UseG1GC"),
                env, logFile, lines);
    }
}
