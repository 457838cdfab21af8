package streambench.harness.services;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import streambench.common.ConfigException;

/**
 * Where this checkout's build put what the harness launches (written into the harness jar by the
 * build): the producer jar, the Azurite install, the Kafka broker's classpath.
 */
public final class InstallLayout {
    private final Properties props;

    private InstallLayout(Properties props) {
        this.props = props;
    }

    public static InstallLayout load() {
        Properties p = new Properties();
        try (InputStream in = resource("streambench/harness-install.properties")) {
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new InstallLayout(p);
    }

    public Path producerJar() {
        return jar("producer.jar");
    }

    /** The shaded consumer jar of an engine, e.g. {@code jar("spark-4.2.jar")}. */
    public Path jar(String key) {
        String path = props.getProperty(key);
        if (path == null) {
            throw new IllegalArgumentException("no jar is known as " + key);
        }
        Path jar = Path.of(path).normalize();
        if (!Files.isRegularFile(jar)) {
            throw new ConfigException("the jar " + jar.getFileName() + " is missing at " + jar
                    + ": build it first with `mvn -q install -DskipTests` in the repository root");
        }
        return jar;
    }

    public Path composeFile() {
        Path file = Path.of(props.getProperty("compose.file")).normalize();
        if (!Files.isRegularFile(file)) {
            throw new ConfigException("docker-compose.yml, which holds every knob's default, is missing at " + file);
        }
        return file;
    }

    public Path azuriteDir() {
        return Path.of(System.getenv().getOrDefault("AZURITE_HOME", props.getProperty("azurite.dir")))
                .normalize();
    }

    /** The module Node loads first in every Node program we start, so it ends with the harness (ChildProcess). */
    public Path nodeParentWatch() {
        Path module = Path.of(props.getProperty("node.parent.watch", "")).normalize();
        if (!Files.isRegularFile(module)) {
            throw new ConfigException("harness/src/main/node/parent-watch.cjs is missing at " + module
                    + ": rebuild with `mvn -q install -DskipTests` in the repository root");
        }
        return module;
    }

    /** The broker's and Kafka tools' classpath, resolved by the kafka-runtime module's build. */
    public String kafkaClasspath() {
        String cp;
        try (InputStream in = resource("streambench/kafka-runtime.classpath")) {
            cp = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String first = cp.split(java.io.File.pathSeparator)[0];
        if (!Files.isRegularFile(Path.of(first))) {
            throw new ConfigException(
                    "the Kafka broker's jars are gone from " + first + ": rebuild with `mvn -q install -DskipTests`");
        }
        return cp;
    }

    private static InputStream resource(String name) {
        InputStream in = InstallLayout.class.getClassLoader().getResourceAsStream(name);
        if (in == null) {
            throw new ConfigException("resource " + name + " is missing from the harness classpath: "
                    + "build with `mvn -q install -DskipTests` in the repository root");
        }
        return in;
    }
}
