package streambench.harness.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunDirectoryTest {
    @Test
    void harnessesStartedInTheSameSecondNeverShareARunId(@TempDir Path dir) {
        // two harnesses with their own results directories: nothing on disk tells them apart, only the id can
        Set<String> ids = ConcurrentHashMap.newKeySet();
        List<Path> results = List.of(dir.resolve("a"), dir.resolve("b"));
        IntStream.range(0, 200)
                .parallel()
                .forEach(i -> ids.add(RunDirectory.create(results.get(i % 2)).runId()));
        assertThat(ids).hasSize(200);
        assertThat(ids).allSatisfy(id -> assertThat(id).matches("\\d{8}-\\d{6}-[0-9a-f]{8}"));
    }
}
