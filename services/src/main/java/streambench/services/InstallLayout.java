package streambench.services;

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
 * build): the producer jar, the consumer jars, the Azurite install, the Kafka broker's classpath. Paths
 * are kept relative to the checkout's root, so a copy of the built files elsewhere (the harness's
 * container image) runs from {@value #HOME_VARIABLE} with the same layout.
 */
public final class InstallLayout {
    /** Where the built files are when not in the checkout that built them. */
    public static final String HOME_VARIABLE = "STREAMBENCH_HOME";

    private final Properties props;
    private final Path root;

    private InstallLayout(Properties props, Path root) {
        this.props = props;
        this.root = root;
    }

    public static InstallLayout load() {
        return load(System.getenv(HOME_VARIABLE));
    }

    /** {@code home}: the root of the built files; null or blank for the checkout the build ran in. */
    static InstallLayout load(String home) {
        Properties p = new Properties();
        try (InputStream in = resource("streambench/install.properties")) {
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Path root = home == null || home.isBlank() ? Path.of(p.getProperty("root")) : Path.of(home);
        return new InstallLayout(p, root.toAbsolutePath().normalize());
    }

    /** A path the build wrote, relative to the root unless it is absolute. */
    private Path path(String key) {
        return root.resolve(props.getProperty(key, "")).normalize();
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
        Path jar = root.resolve(path).normalize();
        if (!Files.isRegularFile(jar)) {
            throw new ConfigException("the jar " + jar.getFileName() + " is missing at " + jar
                    + ": build it first with `mvn -q install -DskipTests` in the repository root");
        }
        return jar;
    }

    public Path composeFile() {
        Path file = path("compose.file");
        if (!Files.isRegularFile(file)) {
            throw new ConfigException("docker-compose.yml, which holds every knob's default, is missing at " + file);
        }
        return file;
    }

    public Path azuriteDir() {
        String home = System.getenv("AZURITE_HOME");
        return home == null ? path("azurite.dir") : Path.of(home).normalize();
    }

    /** The module Node loads first in every Node program we start, so it ends with the harness (ChildProcess). */
    public Path nodeParentWatch() {
        Path module = path("node.parent.watch");
        if (!Files.isRegularFile(module)) {
            throw new ConfigException("services/src/main/node/parent-watch.cjs is missing at " + module
                    + ": rebuild with `mvn -q install -DskipTests` in the repository root");
        }
        return module;
    }

    /** The module the embedded Azurite loads first, which moves its ten-minute extent sweep out of a run. */
    public Path azuriteSweepInterval() {
        Path module = path("azurite.sweep");
        if (!Files.isRegularFile(module)) {
            throw new ConfigException("services/azurite/sweep-interval.cjs is missing at " + module
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
            throw new ConfigException("resource " + name + " is missing from the classpath: "
                    + "build with `mvn -q install -DskipTests` in the repository root");
        }
        return in;
    }
}
