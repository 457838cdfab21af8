package streambench.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TelemetryFileTest {
    @TempDir
    Path tmp;

    @Test
    void createsItsFolderAndAppends() throws Exception {
        Path file = tmp.resolve("new/dir/telemetry.jsonl");
        try (Writer w = TelemetryFile.openAppend(file.toString())) {
            w.write("a\n");
        }
        try (Writer w = TelemetryFile.openAppend(file.toString())) {
            w.write("b\n");
        }
        assertThat(Files.readAllLines(file)).containsExactly("a", "b");
    }

    /** Exit 2 naming the variable, not exit 1 with a stack of IO causes: root ignores permissions, so a file stands in the way. */
    @Test
    void aFolderThatCannotBeCreatedIsAConfigurationErrorNamingTheVariable() throws Exception {
        Path notADir = Files.writeString(tmp.resolve("results"), "a file where a folder should be");
        String path = notADir.resolve("telemetry.jsonl").toString();
        assertThatThrownBy(() -> TelemetryFile.openAppend(path))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("TELEMETRY_FILE " + path + " cannot be written");
    }

    @Test
    void aPathThatIsAFolderIsAConfigurationErrorNamingTheVariable() {
        String path = tmp.toString();
        assertThatThrownBy(() -> TelemetryFile.openAppend(path))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("TELEMETRY_FILE " + path + " cannot be written");
        assertThatThrownBy(() -> TelemetryFile.checkWritable(path))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("TELEMETRY_FILE " + path + " cannot be written");
    }

    @Test
    void checkWritableCreatesTheFileAsTheWriterWould() {
        Path file = tmp.resolve("later/telemetry.jsonl");
        TelemetryFile.checkWritable(file.toString());
        assertThat(file).isEmptyFile();
    }
}
