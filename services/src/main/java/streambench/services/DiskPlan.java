package streambench.services;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import streambench.common.ConfigException;

/**
 * Where a turn's data will live on the embedded services, decided before any of them starts: Azurite keeps its blobs
 * in memory unless the turn's table would take more than half its extent limit, then on disk in the run's directory
 * (Azurite's {@code --location}); and the disks must hold the broker's log and that table, or the run is refused
 * before it starts rather than failing half an hour in.
 */
record DiskPlan(
        TurnFootprint footprint,
        boolean embeddedKafka,
        int azuriteMemoryLimitMb,
        Path azuriteLocation,
        Path kafkaDir,
        boolean azuriteOnDisk) {
    /** Room left beside what the turn needs: logs, results, the consumer's own files. */
    static final long MARGIN_BYTES = 2L << 30;

    static DiskPlan of(
            TurnFootprint footprint,
            boolean embeddedKafka,
            boolean embeddedLake,
            int azuriteMemoryLimitMb,
            Path logDir) {
        boolean onDisk = embeddedLake && footprint.tableBytes() > azuriteMemoryLimitMb * (1024L * 1024) / 2;
        return new DiskPlan(
                footprint,
                embeddedKafka,
                azuriteMemoryLimitMb,
                logDir.resolve("azurite-data"),
                Path.of(System.getProperty("java.io.tmpdir")),
                onDisk);
    }

    /** Refuses a turn whose data the disks cannot hold. */
    void check() {
        long kafka = embeddedKafka ? footprint.kafkaBytes() : 0;
        long lake = azuriteOnDisk ? footprint.tableBytes() : 0;
        if (kafka + lake == 0) {
            return;
        }
        Path lakeStore = existing(azuriteLocation);
        Path kafkaStore = existing(kafkaDir);
        boolean sameStore = sameStore(lakeStore, kafkaStore);
        if (sameStore) {
            need(
                    kafkaStore,
                    kafka + lake,
                    "the broker's log (" + TurnFootprint.gib(kafka) + ") and Azurite's blobs ("
                            + TurnFootprint.gib(lake) + ")");
        } else {
            need(kafkaStore, kafka, "the broker's log");
            need(lakeStore, lake, "Azurite's blobs");
        }
    }

    private void need(Path where, long bytes, String what) {
        if (bytes == 0) {
            return;
        }
        long free;
        try {
            free = Files.getFileStore(where).getUsableSpace();
        } catch (IOException e) {
            return; // cannot tell: the run finds out
        }
        if (free < bytes + MARGIN_BYTES) {
            throw new ConfigException(String.format(
                    "a turn of %,d events of %d bytes needs about %s on the disk of %s for %s, and %s more to spare, "
                            + "but only %s is free: lower --rate or --duration, or free space there",
                    footprint.events(),
                    footprint.messageBytes(),
                    TurnFootprint.gib(bytes),
                    where,
                    what,
                    TurnFootprint.gib(MARGIN_BYTES),
                    TurnFootprint.gib(free)));
        }
    }

    /** Said before the services start, when Azurite will not keep the turn's table in memory. */
    Optional<String> describe() {
        if (!azuriteOnDisk) {
            return Optional.empty();
        }
        return Optional.of(String.format(
                "lake: a turn writes about %s of table (%,d rows at ~%d B), more than half the in-memory Azurite's "
                        + "%,d MiB (%s): it keeps its blobs on disk in %s instead, removed when the run ends",
                TurnFootprint.gib(footprint.tableBytes()),
                footprint.events(),
                TurnFootprint.TABLE_BYTES_PER_ROW,
                azuriteMemoryLimitMb,
                Services.AZURITE_MEMORY_LIMIT_MB,
                azuriteLocation));
    }

    private static Path existing(Path p) {
        Path q = p.toAbsolutePath();
        while (q != null && !Files.exists(q)) {
            q = q.getParent();
        }
        return q == null ? p.toAbsolutePath().getRoot() : q;
    }

    private static boolean sameStore(Path a, Path b) {
        try {
            return Files.getFileStore(a).equals(Files.getFileStore(b));
        } catch (IOException e) {
            return true;
        }
    }
}
