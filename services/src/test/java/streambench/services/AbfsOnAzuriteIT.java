package streambench.services;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.FileNotFoundException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.common.ConfigException;
import streambench.common.Knobs;
import streambench.common.LakeSettings;

/**
 * The real hadoop-azure ABFS driver against real Azurite, configured only by common's LakeSettings, through the
 * strict lake (every request as a real account checks it) under a lake root with non-ASCII characters.
 */
class AbfsOnAzuriteIT {
    private static EmbeddedAzurite azurite;
    private static LakeProxy strict;
    private static LakeSettings lake;

    @BeforeAll
    static void start(@TempDir java.nio.file.Path logs) throws Exception {
        azurite = EmbeddedAzurite.start(InstallLayout.load(), logs.resolve("azurite.log"), 256);
        strict = LakeProxy.strictInFrontOf(azurite);
        lake = LakeSettings.fromKnobs(
                Knobs.of(Map.of("AZURITE_BLOB_ENDPOINT", strict.endpoint(), "LAKE_PATH", "it/été中")));
    }

    @AfterAll
    static void stop() {
        if (strict != null) {
            strict.close();
            assertThat(strict.refusals())
                    .as("requests a real account would refuse")
                    .isEmpty();
        }
        if (azurite != null) {
            azurite.close();
        }
    }

    @Test
    void fileSystemRoundTrip() throws Exception {
        try (FileSystem fs = LakeFileSystem.open(lake, Map.of())) {
            Path dir = new Path(lake.tableUri("round-trip"));
            assertThat(fs.mkdirs(new Path(dir, "a/b"))).isTrue();

            Path file = new Path(dir, "a/b/data.txt");
            try (FSDataOutputStream out = fs.create(file, false)) {
                out.write("hello lake".getBytes(StandardCharsets.UTF_8));
            }
            assertThat(read(fs, file)).isEqualTo("hello lake");
            try (FSDataOutputStream out = fs.create(file, true)) {
                out.write("overwritten".getBytes(StandardCharsets.UTF_8));
            }
            assertThat(read(fs, file)).isEqualTo("overwritten");

            Path renamed = new Path(dir, "a/renamed.txt");
            assertThat(fs.rename(file, renamed)).isTrue();
            assertThat(fs.exists(file)).isFalse();
            try (FSDataOutputStream out = fs.create(file, false)) {
                out.write(1);
            }
            assertThat(fs.rename(file, renamed))
                    .as("rename onto an existing file")
                    .isFalse();

            assertThat(fs.rename(new Path(dir, "a/b"), new Path(dir, "c"))).isTrue();
            // hadoop-azure 3.5.0 on Azurite (FNS/Blob) lists a sub-directory twice, once for its marker
            // blob and once for its prefix; files are listed once (below), which is what Delta relies on.
            assertThat(Arrays.stream(fs.listStatus(dir))
                            .map(FileStatus::getPath)
                            .map(Path::getName)
                            .distinct())
                    .containsExactlyInAnyOrder("a", "c");
            assertThat(Arrays.stream(fs.listStatus(new Path(dir, "c")))
                            .map(s -> s.getPath().getName()))
                    .containsExactly("data.txt");

            assertThat(fs.delete(dir, true)).isTrue();
            assertThat(fs.exists(dir)).isFalse();
            assertThatThrownBy(() -> fs.open(new Path(dir, "a/renamed.txt"))).isInstanceOf(FileNotFoundException.class);
        }
    }

    /**
     * The harness's tail of a log times each look that found a version: one storage request, the store's round trip
     * as a reader meets it, which the clocks check allows for. Through a proxy holding every request 30 ms.
     */
    @Test
    void theLogTailTimesItsLooksAtTheStoresRoundTrip() throws Exception {
        long delayMs = 30;
        throughASlowLake(delayMs, fs -> {
            String table = lake.tableUri("tail-looks");
            streambench.services.delta.SyntheticTable.write(fs, table, 1_800_000_000_000_000L, 100, 3, 1, 0);
            try (var tail = new streambench.services.delta.DeltaLogTail(
                    fs, table, 50, streambench.common.ProducerContract.UNMEASURED_FROM)) {
                tail.pollOnce();
                assertThat(tail.visibility()).hasSize(4);
                assertThat(tail.visibility().values())
                        .allSatisfy(v -> assertThat(v.lookMillis())
                                .as("a look that found a version")
                                .isBetween(delayMs, 30 * delayMs));
            }
        });
    }

    private interface LakeBody {
        void run(FileSystem fs) throws Exception;
    }

    /** {@code body} with a file system on Azurite through a proxy that holds every request {@code delayMs}. */
    private static void throughASlowLake(long delayMs, LakeBody body) throws Exception {
        try (LakeProxy slow = LakeProxy.start(
                        new java.net.InetSocketAddress("127.0.0.1", azurite.port()),
                        java.time.Duration.ofMillis(delayMs));
                FileSystem fs = LakeFileSystem.open(
                        LakeSettings.fromKnobs(Knobs.of(Map.of("AZURITE_BLOB_ENDPOINT", slow.endpoint()))), Map.of())) {
            body.run(fs);
        }
    }

    /**
     * The store probe times each kind of request on its own through hadoop-azure, at least the store's round trip,
     * and leaves nothing behind. Through a proxy holding every request 30 ms.
     */
    @Test
    void theStoreProbeTimesEachKindOfRequestAndCleansUp() throws Exception {
        long delayMs = 30;
        throughASlowLake(delayMs, fs -> {
            Path dir = new Path(lake.tableUri("store-probe"));
            List<StoreProbe.Sample> samples;
            try (StoreProbe probe = new StoreProbe(fs, dir, 3_600_000)) {
                long deadline = System.nanoTime() + 60_000_000_000L;
                while (probe.samples().size() < 4 && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
                probe.probeOnce();
                samples = probe.samples();
            }
            // the loop's first round and the one asked for
            assertThat(samples).hasSize(8);
            assertThat(samples).noneMatch(StoreProbe.Sample::failed);
            assertThat(samples.stream().map(StoreProbe.Sample::kind).distinct())
                    .containsExactlyInAnyOrder(StoreProbe.Kind.values());
            assertThat(samples)
                    .allSatisfy(x -> assertThat(x.micros()).as(x.kind().name()).isGreaterThanOrEqualTo(delayMs * 1000));
            assertThat(fs.exists(dir)).isFalse();
        });
    }

    @Test
    void probeSucceedsOnAzuriteAndFailsClearlyOnADeadEndpointWithoutLeakingTheKey() {
        assertThat(LakeProbe.roundTrip(lake)).isPositive();
        String secret = "c3VwZXItc2VjcmV0LWtleS1mb3ItdGVzdHM=";
        LakeSettings dead =
                LakeSettings.azurite("127.0.0.1:" + FreePort.find(), "devstoreaccount1", secret, "streambench", "it");
        assertThatThrownBy(() -> LakeProbe.roundTrip(dead))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("is not usable")
                .hasMessageNotContaining(secret);
    }

    private static String read(FileSystem fs, Path file) throws Exception {
        try (var in = fs.open(file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Between turns of a long search the harness restarts a full Azurite on the same port: it answers there, empty. */
    @Test
    void aRestartedAzuriteAnswersOnTheSamePortAndHoldsNothing() throws Exception {
        String endpoint = azurite.endpoint();
        try (FileSystem fs = LakeFileSystem.open(lake, Map.of())) {
            Path file = new Path(lake.tableUri("before-restart"), "f");
            try (FSDataOutputStream out = fs.create(file, false)) {
                out.write(1);
            }
            azurite.restart();
            assertThat(azurite.endpoint()).isEqualTo(endpoint);
            assertThat(azurite.rssMiB()).isPositive();
            try (FileSystem again = LakeFileSystem.open(lake, Map.of())) {
                assertThat(again.exists(file)).isFalse();
                Path after = new Path(lake.tableUri("after-restart"), "f");
                try (FSDataOutputStream out = again.create(after, false)) {
                    out.write(2);
                }
                assertThat(again.exists(after)).isTrue();
            }
        }
    }

    /** A soak's table does not fit in memory: the same Azurite on disk, emptied by a restart and removed on close. */
    @Test
    void onDiskItKeepsBlobsInItsDirectoryAndRemovesThemWhenDone(@TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path location = dir.resolve("azurite-data");
        try (EmbeddedAzurite onDisk =
                EmbeddedAzurite.start(InstallLayout.load(), dir.resolve("azurite.log"), 1, location)) {
            LakeSettings diskLake =
                    LakeSettings.fromKnobs(Knobs.of(Map.of("AZURITE_BLOB_ENDPOINT", onDisk.endpoint())));
            assertThat(onDisk.diskLocation()).contains(location);
            byte[] data = new byte[4 << 20]; // four times the 1 MiB an in-memory one would be allowed
            Arrays.fill(data, (byte) 7);
            try (FileSystem fs = LakeFileSystem.open(diskLake, Map.of())) {
                Path file = new Path(diskLake.tableUri("on-disk"), "big");
                try (FSDataOutputStream out = fs.create(file, false)) {
                    out.write(data);
                }
                assertThat(fs.getFileStatus(file).getLen()).isEqualTo(data.length);
            }
            assertThat(onDisk.heldMiB()).isGreaterThanOrEqualTo(data.length / (1024.0 * 1024));
            onDisk.restart();
            assertThat(onDisk.heldMiB()).isLessThan(data.length / (1024.0 * 1024));
        }
        assertThat(location).doesNotExist();
    }
}
