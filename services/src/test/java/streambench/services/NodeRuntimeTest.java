package streambench.services;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.common.ConfigException;

/**
 * The embedded Azurite runs on the Node its lock file pins when npm installed it, and on another only if that
 * is recent enough for Azurite. Fake Node executables (shell scripts answering {@code --version}) stand in.
 */
class NodeRuntimeTest {
    @TempDir
    Path dir;

    @Test
    void thePinnedNodeWinsOverTheOneOnPath() throws IOException {
        Path azurite = dir.resolve("azurite");
        Path pinned = fakeNode(
                azurite.resolve(
                        "node_modules/node-linux-" + NodeRuntime.npmCpu(System.getProperty("os.arch")) + "/bin/node"),
                "v24.22.3");
        Path onPath = fakeNode(dir.resolve("path/node"), "v22.1.0");

        NodeRuntime node = NodeRuntime.find(azurite, onPath.toString());

        assertThat(node).isEqualTo(new NodeRuntime(pinned.toString(), "v24.22.3", true));
    }

    @Test
    void withoutThePinnedNodeANode22OnPathServes() throws IOException {
        Path onPath = fakeNode(dir.resolve("path/node"), "v22.12.0");

        NodeRuntime node = NodeRuntime.find(dir.resolve("azurite"), onPath.toString());

        assertThat(node).isEqualTo(new NodeRuntime(onPath.toString(), "v22.12.0", false));
    }

    @Test
    void aNode20OnPathIsRefusedSayingWhatToDo() throws IOException {
        Path azurite = dir.resolve("azurite");
        Path onPath = fakeNode(dir.resolve("path/node"), "v20.20.2");

        assertThatThrownBy(() -> NodeRuntime.find(azurite, onPath.toString()))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("the embedded Azurite needs Node 22 or later: the Node it pins (")
                .hasMessageContaining(
                        "is not installed, and `" + onPath + "` (NODE, default: node on PATH) is v20.20.2")
                .hasMessageContaining("`npm ci --ignore-scripts` in " + azurite);
    }

    @Test
    void aPinnedNodeThatDoesNotRunHereFallsBackAndIsNamedWhenNothingServes() throws IOException {
        Path azurite = dir.resolve("azurite");
        Path pinned = azurite.resolve(
                "node_modules/node-linux-" + NodeRuntime.npmCpu(System.getProperty("os.arch")) + "/bin/node");
        Files.createDirectories(pinned.getParent());
        Files.writeString(pinned, "#!/bin/sh\nexit 126\n");
        Files.setPosixFilePermissions(pinned, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path good = fakeNode(dir.resolve("good/node"), "v23.0.0");

        assertThat(NodeRuntime.find(azurite, good.toString()).executable()).isEqualTo(good.toString());
        assertThatThrownBy(() ->
                        NodeRuntime.find(azurite, dir.resolve("absent/node").toString()))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining(pinned + " does not run here (no version)")
                .hasMessageContaining(
                        "`" + dir.resolve("absent/node") + "` (NODE, default: node on PATH) does not run");
    }

    @Test
    void npmNamesTheCpusAsNodeDoes() {
        assertThat(NodeRuntime.npmCpu("amd64")).isEqualTo("x64");
        assertThat(NodeRuntime.npmCpu("aarch64")).isEqualTo("arm64");
    }

    private static Path fakeNode(Path path, String version) throws IOException {
        Files.createDirectories(path.getParent());
        Files.writeString(path, "#!/bin/sh\necho " + version + "\n");
        Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rwxr-xr-x"));
        return path;
    }
}
