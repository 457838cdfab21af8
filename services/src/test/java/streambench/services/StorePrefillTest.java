package streambench.services;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StorePrefillTest {
    @Test
    void writesEveryFileInFoldersOfAThousandAndSaysHowFarItGot(@TempDir java.nio.file.Path dir) throws Exception {
        List<Long> told = Collections.synchronizedList(new ArrayList<>());
        try (FileSystem fs = FileSystem.newInstance(URI.create("file:///"), new Configuration())) {
            StorePrefill.fill(fs, new Path(dir.resolve("prefill").toUri()), 2_500, told::add);
        }
        try (var files = Files.walk(dir.resolve("prefill"))) {
            assertThat(files.filter(Files::isRegularFile)
                            .filter(f -> !f.getFileName().toString().endsWith(".crc")))
                    .hasSize(2_500);
        }
        try (var folders = Files.list(dir.resolve("prefill"))) {
            assertThat(folders.map(f -> f.getFileName().toString())).containsExactlyInAnyOrder("0000", "0001", "0002");
        }
        assertThat(told).containsExactlyInAnyOrder(1_000L, 2_000L);
    }
}
