package streambench.services;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import streambench.common.ConfigException;

/**
 * The Node.js the embedded Azurite (and the parent-watch module loaded into it) runs on. {@code npm ci} in the
 * Azurite directory installs a Node LTS pinned by its package-lock.json, {@code node-linux-<arch>}, which holds
 * only {@code bin/node}: that one first, so a run does not depend on whichever Node the machine has (Debian's 20
 * is past its end of life). Elsewhere (another OS, a copy without it) {@code NODE}, default {@code node} on
 * PATH, if it is recent enough for Azurite.
 *
 * @param executable what to start
 * @param version as {@code node --version} prints it, e.g. {@code v24.22.3}
 * @param bundled whether it is the one the Azurite directory's lock file pins
 */
public record NodeRuntime(String executable, String version, boolean bundled) {
    /** Azurite 3.37.0 declares {@code "engines": {"node": ">=22"}}. */
    static final int MIN_MAJOR = 22;

    /** The variable naming the Node used when the pinned one is not installed. */
    static final String NODE_VARIABLE = "NODE";

    private static final Pattern VERSION = Pattern.compile("v(\\d+)\\.\\d+\\.\\d+");

    /** The Node for the Azurite the layout points at. */
    public static NodeRuntime forAzurite(InstallLayout layout) {
        return find(layout.azuriteDir(), System.getenv().getOrDefault(NODE_VARIABLE, "node"));
    }

    /**
     * The pinned Node under {@code azuriteDir} if it runs, else {@code fallback} if it is Node {@value #MIN_MAJOR} or
     * later; otherwise a message that says what to install.
     */
    static NodeRuntime find(Path azuriteDir, String fallback) {
        Optional<Path> pinned = pinnedBinary(azuriteDir);
        String pinnedProblem = "";
        if (pinned.isPresent()) {
            Optional<String> version = version(pinned.get().toString());
            if (version.isPresent() && major(version.get()) >= MIN_MAJOR) {
                return new NodeRuntime(pinned.get().toString(), version.get(), true);
            }
            pinnedProblem = pinned.get() + " does not run here ("
                    + version.map(v -> "it says " + v).orElse("no version") + "), and ";
        }
        Optional<String> version = version(fallback);
        if (version.isPresent() && major(version.get()) >= MIN_MAJOR) {
            return new NodeRuntime(fallback, version.get(), false);
        }
        String found = version.map(v -> "is " + v).orElse("does not run");
        String where = pinned.isPresent()
                ? pinnedProblem
                : "the Node it pins (" + pinnedPath(azuriteDir) + ") is not installed, and ";
        throw new ConfigException(
                "the embedded Azurite needs Node " + MIN_MAJOR + " or later: " + where + "`" + fallback
                        + "` (" + NODE_VARIABLE + ", default: node on PATH) " + found
                        + ". Run `mvn -q install -DskipTests` in the"
                        + " repository root (its npm ci installs the pinned Node 24), or `npm ci --ignore-scripts` in "
                        + azuriteDir + ", or set " + NODE_VARIABLE + " to a Node " + MIN_MAJOR + "+ executable, or use"
                        + " real storage with ADLS_ACCOUNT_NAME/ADLS_ACCOUNT_KEY/ADLS_CONTAINER");
    }

    /** {@code node_modules/node-linux-<arch>/bin/node} if npm installed it for this machine's CPU. */
    private static Optional<Path> pinnedBinary(Path azuriteDir) {
        Path binary = pinnedPath(azuriteDir);
        return Files.isRegularFile(binary) && Files.isExecutable(binary) ? Optional.of(binary) : Optional.empty();
    }

    private static Path pinnedPath(Path azuriteDir) {
        return azuriteDir.resolve("node_modules/node-linux-" + npmCpu(System.getProperty("os.arch")) + "/bin/node");
    }

    /** npm's name for a CPU ({@code process.arch}), from Java's {@code os.arch}. */
    static String npmCpu(String osArch) {
        return switch (osArch.toLowerCase(Locale.ROOT)) {
            case "amd64", "x86_64" -> "x64";
            case "aarch64", "arm64" -> "arm64";
            default -> osArch;
        };
    }

    /** {@code node --version}, if it runs and answers like Node. */
    private static Optional<String> version(String node) {
        try {
            Process p = new ProcessBuilder(node, "--version")
                    .redirectErrorStream(true)
                    .start();
            p.getOutputStream().close();
            if (!p.waitFor(20, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return Optional.empty();
            }
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            return p.exitValue() == 0 && VERSION.matcher(out).matches() ? Optional.of(out) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    private static int major(String version) {
        Matcher m = VERSION.matcher(version);
        return m.matches() ? Integer.parseInt(m.group(1)) : 0;
    }
}
