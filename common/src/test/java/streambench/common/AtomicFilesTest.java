package streambench.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {
    @Test
    void writesReadableFilesAndLeavesTheOldOneWhenTheBodyFails(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("sub/summary.json");
        AtomicFiles.write(file, out -> out.write("first".getBytes(StandardCharsets.UTF_8)));
        assertThat(Files.readString(file)).isEqualTo("first");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                .isEqualTo("rw-r--r--");

        assertThatThrownBy(() -> AtomicFiles.write(file, out -> {
                    out.write("half".getBytes(StandardCharsets.UTF_8));
                    throw new IOException("disk full");
                }))
                .hasMessage("disk full");
        assertThat(Files.readString(file)).isEqualTo("first");
        try (var files = Files.list(file.getParent())) {
            assertThat(files).containsExactly(file); // no temp file left behind
        }
    }
}
