package streambench.services.delta;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Reads a Delta table's commits straight from its JSON log, version by version from 0. Latency is
 * measured per version (the commit that first made a row visible), which no table-level reader
 * exposes. Files written but never committed (a writer killed mid-batch) are ignored, exactly as
 * Delta readers ignore them.
 *
 * <p>Streambench judges append-only tables: every row is counted once, with the time of the version
 * that first made it visible. So the reader accepts what only rearranges rows ({@code dataChange}
 * false: OPTIMIZE, compaction; those rows were counted when first added) and refuses, naming the
 * table, the version and the reason, whatever would make the count or the times wrong:
 * <ul>
 * <li>a version removing data while the table holds files (DELETE, overwrite);
 * <li>a deletion vector on a file;
 * <li>a schema without {@code ts}, {@code producer_id} or {@code seq}, or partitioned by one of them
 * (the data files then lack it);
 * <li>a gap in the versions, and a log whose first commits were cleaned up: their commit times are
 * gone (a checkpoint keeps the files, not when they became visible).
 * </ul>
 * Checkpoints, {@code .crc} files and compacted logs are never read: beside a complete JSON log they
 * repeat it.
 *
 * <p>Why not Delta Kernel (which the Flink consumer uses): its per-version reading
 * ({@code CommitRange.getCommitActions}) names the actions to read with a type from an internal
 * package, returns them as columnar batches of nested structs, and stamps each version with the
 * commit file's modification time unless in-commit timestamps are on, while the latency here is
 * taken from the writer's {@code commitInfo.timestamp}, as before. It would also bring Kernel and its
 * own Hadoop, Parquet and Jackson versions into the harness, and the checks above would still be ours
 * to write. Reading JSON lines needs none of that.
 */
public final class DeltaLogReader {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern COMMIT_FILE = Pattern.compile("\\d{20}\\.json");
    /** The columns EventFileReader reads from every data file. */
    private static final List<String> EVENT_COLUMNS = List.of("ts", "producer_id", "seq");

    private final FileSystem fs;
    private final String tableUri;
    private final Path table;
    /** The data files the table holds after the versions {@link #next()} returned, by decoded path. */
    private final Set<String> files = new HashSet<>();

    private long nextVersion = 0;
    /** When the last version read was found: its file opened, before it was read (epoch ms). */
    private long lastFoundMillis = -1;

    public DeltaLogReader(FileSystem fs, String tableUri) {
        this.fs = fs;
        this.tableUri = tableUri;
        this.table = new Path(tableUri);
    }

    /**
     * The version after the last one returned (0 at first), checked against the files the table
     * holds; empty while it does not exist (yet). A refused version is refused again on the next call.
     */
    public Optional<DeltaCommit> next() throws IOException {
        Optional<DeltaCommit> commit = read(nextVersion);
        if (commit.isPresent()) {
            apply(commit.get());
            nextVersion++;
        }
        return commit;
    }

    /**
     * Every version not returned yet, up to the newest; empty when there is no table. Unlike
     * {@link #next()}, which a live tail calls while versions are still being written, it then checks
     * that the log really ends there and does not merely have a hole.
     */
    public List<DeltaCommit> readToEnd() throws IOException {
        List<DeltaCommit> out = new ArrayList<>();
        while (true) {
            Optional<DeltaCommit> commit = next();
            if (commit.isPresent()) {
                out.add(commit.get());
            } else if (!appearedSince()) {
                return out;
            }
        }
    }

    /**
     * When the version {@link #next()} last returned was found (its commit file opened, before it was read and
     * parsed), epoch ms: the moment a reader could see it, within the tail's poll interval.
     */
    public long lastFoundMillis() {
        return lastFoundMillis;
    }

    /** The data file an add or remove action names, resolved against the table. */
    public Path dataFile(DeltaCommit.AddedFile file) {
        return dataFile(file.path());
    }

    /**
     * The log holds URIs relative to the table (encoded: a space is {@code %20}, and Hive's own escape
     * of a colon in a partition value is {@code %253A}) or absolute ones. The decoded relative path goes
     * into a Path as a path, never parsed as a URI string again, where a partition directory such as
     * {@code at=10:00} would read as a URI scheme.
     */
    Path dataFile(String logPath) {
        URI uri = URI.create(logPath); // checked when the version was read
        return uri.isAbsolute() ? new Path(uri) : new Path(table, new Path(null, null, uri.getPath()));
    }

    /** One version on its own, with the checks that need no earlier version; empty if it does not exist. */
    public Optional<DeltaCommit> read(long version) throws IOException {
        FSDataInputStream in;
        try {
            in = fs.open(commitFile(version));
        } catch (FileNotFoundException e) {
            return Optional.empty();
        }
        lastFoundMillis = System.currentTimeMillis();
        VersionActions actions = new VersionActions();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            int lineNo = 0;
            while ((line = reader.readLine()) != null) {
                lineNo++;
                if (line.isBlank()) {
                    continue;
                }
                JsonNode action;
                try {
                    action = JSON.readTree(line);
                } catch (JsonProcessingException e) {
                    throw new IOException(
                            at(version, "") + ", line " + lineNo + " is not JSON: " + e.getOriginalMessage(), e);
                }
                actions.add(action);
            }
        }
        return Optional.of(actions.commit(version));
    }

    /** The actions of one version as its lines are read, then the checks on them and the commit they make. */
    private final class VersionActions {
        private long timestamp = -1;
        private long inCommitTimestamp = -1;
        private String operation = "";
        private final List<DeltaCommit.AddedFile> added = new ArrayList<>();
        private final List<DeltaCommit.AddedFile> rewritten = new ArrayList<>();
        private final List<DeltaCommit.RemovedFile> removed = new ArrayList<>();
        private final List<String> withDeletionVector = new ArrayList<>();
        private final List<String> unreadablePaths = new ArrayList<>();
        private final List<JsonNode> metaData = new ArrayList<>();

        void add(JsonNode action) {
            if (action.has("commitInfo")) {
                JsonNode info = action.get("commitInfo");
                timestamp = info.path("timestamp").asLong(-1);
                inCommitTimestamp = info.path("inCommitTimestamp").asLong(-1);
                operation = info.path("operation").asText("");
            } else if (action.has("add")) {
                addFile(action.get("add"));
            } else if (action.has("remove")) {
                JsonNode remove = action.get("remove");
                String path = remove.path("path").asText();
                removed.add(new DeltaCommit.RemovedFile(
                        path, remove.path("dataChange").asBoolean(true)));
                checkUri(path, unreadablePaths);
            } else if (action.has("metaData")) {
                metaData.add(action.get("metaData"));
            }
        }

        private void addFile(JsonNode add) {
            String path = add.path("path").asText();
            JsonNode stats = stats(add);
            var file = new DeltaCommit.AddedFile(
                    path,
                    add.path("size").asLong(-1),
                    stats.path("numRecords").asLong(-1),
                    minTsMicros(stats),
                    stats.path("minValues").path("producer_id").asLong(Long.MIN_VALUE),
                    stats.path("maxValues").path("producer_id").asLong(Long.MIN_VALUE),
                    add.path("modificationTime").asLong(-1));
            // the protocol requires dataChange; a writer leaving it out gets the safe reading: new rows
            (add.path("dataChange").asBoolean(true) ? added : rewritten).add(file);
            if (add.hasNonNull("deletionVector")) {
                withDeletionVector.add(path);
            }
            checkUri(path, unreadablePaths);
        }

        DeltaCommit commit(long version) throws IOException {
            if (timestamp < 0 && inCommitTimestamp < 0) {
                throw new IOException(
                        at(version, operation) + " has no commitInfo.timestamp: cannot tell when it became visible");
            }
            if (!unreadablePaths.isEmpty()) {
                throw new IOException(at(version, operation) + ": the data file path " + unreadablePaths.get(0)
                        + " is not a URI (the log must encode paths)");
            }
            if (!withDeletionVector.isEmpty()) {
                throw new IOException(at(version, operation) + ": file " + withDeletionVector.get(0)
                        + " has a deletion vector, so some of its rows are deleted: streambench judges append-only"
                        + " tables and does not read deletion vectors");
            }
            for (JsonNode m : metaData) {
                checkSchema(version, operation, m);
            }
            // in-commit timestamps, when the table has them, are the commit's time by the protocol: monotonic
            // across versions, where commitInfo.timestamp is merely the writer's clock
            return new DeltaCommit(
                    version,
                    inCommitTimestamp >= 0 ? inCommitTimestamp : timestamp,
                    operation,
                    List.copyOf(added),
                    List.copyOf(rewritten),
                    List.copyOf(removed));
        }
    }

    /**
     * Removes apply before adds (an overwrite replaces what was there). Rows that a version deletes
     * were counted and timed already, and the completeness check could no longer be trusted: refused.
     * A remove while the table holds nothing deletes no row (delta-rs truncating a new, empty table).
     */
    private void apply(DeltaCommit c) throws IOException {
        var deleted =
                c.removed().stream().filter(DeltaCommit.RemovedFile::dataChange).toList();
        if (!deleted.isEmpty() && !files.isEmpty()) {
            throw new IOException(at(c.version(), c.operation()) + " removes data files ("
                    + deleted.get(0).path()
                    + (deleted.size() > 1 ? " and " + (deleted.size() - 1) + " more" : "")
                    + "): streambench judges append-only tables, and rows deleted after their commit can no longer"
                    + " be counted or timed");
        }
        for (DeltaCommit.RemovedFile r : c.removed()) {
            files.remove(key(r.path()));
        }
        for (DeltaCommit.AddedFile a : c.added()) {
            files.add(key(a.path()));
        }
        for (DeltaCommit.AddedFile a : c.rewritten()) {
            files.add(key(a.path()));
        }
    }

    /**
     * Called when {@code nextVersion} is missing: true if it exists after all (written since), false if
     * the log ends before it; refuses a log that has later versions but not this one.
     */
    private boolean appearedSince() throws IOException {
        FileStatus[] entries;
        try {
            entries = fs.listStatus(new Path(table, "_delta_log"));
        } catch (FileNotFoundException e) {
            return false;
        }
        long firstLater = Long.MAX_VALUE;
        long firstCheckpoint = Long.MAX_VALUE;
        for (FileStatus e : entries) {
            String name = e.getPath().getName();
            if (COMMIT_FILE.matcher(name).matches()) {
                long v = Long.parseLong(name.substring(0, 20));
                if (v == nextVersion) {
                    return true;
                }
                if (v > nextVersion) {
                    firstLater = Math.min(firstLater, v);
                }
            } else if (name.matches("\\d{20}\\.checkpoint\\..*")) {
                firstCheckpoint = Math.min(firstCheckpoint, Long.parseLong(name.substring(0, 20)));
            }
        }
        if (nextVersion == 0 && (firstLater != Long.MAX_VALUE || firstCheckpoint != Long.MAX_VALUE)) {
            throw new IOException(
                    "table " + tableUri + ": commits before version " + Math.min(firstLater, firstCheckpoint)
                            + " have been cleaned up"
                            + (firstCheckpoint != Long.MAX_VALUE ? " (a checkpoint replaces them)" : "")
                            + ", so the latency of their rows cannot be known; streambench judges a table whose log"
                            + " still holds every commit since version 0");
        }
        if (firstLater != Long.MAX_VALUE) {
            throw new IOException("table " + tableUri + ": version " + nextVersion
                    + " is missing from the log but version " + firstLater
                    + " exists: the rows of the missing versions can be neither counted nor timed");
        }
        return false;
    }

    private void checkSchema(long version, String operation, JsonNode metaData) throws IOException {
        List<String> columns = new ArrayList<>();
        try {
            JSON.readTree(metaData.path("schemaString").asText("{}"))
                    .path("fields")
                    .forEach(f -> columns.add(f.path("name").asText()));
        } catch (JsonProcessingException e) {
            throw new IOException(
                    at(version, operation) + ": metaData.schemaString is not JSON: " + e.getOriginalMessage(), e);
        }
        List<String> partitionColumns = new ArrayList<>();
        metaData.path("partitionColumns").forEach(p -> partitionColumns.add(p.asText()));
        for (String column : EVENT_COLUMNS) {
            if (!columns.contains(column)) {
                throw new IOException(at(version, operation) + ": the table has no column " + column + " (columns: "
                        + String.join(", ", columns) + "); streambench reads ts, producer_id and seq from every row");
            }
            if (partitionColumns.contains(column)) {
                throw new IOException(at(version, operation) + ": " + column + " is a partition column, so the data"
                        + " files do not hold it; streambench reads ts, producer_id and seq from the data files");
            }
        }
    }

    private static void checkUri(String path, List<String> unreadable) {
        try {
            new URI(path);
        } catch (URISyntaxException e) {
            unreadable.add(path);
        }
    }

    /** How two actions naming the same file compare, whether spelled relative or absolute. */
    private String key(String logPath) {
        return dataFile(logPath).toUri().getPath();
    }

    private Path commitFile(long version) {
        return new Path(table, "_delta_log/" + String.format("%020d", version) + ".json");
    }

    private String at(long version, String operation) {
        return "table " + tableUri + ": version " + version + (operation.isEmpty() ? "" : " (" + operation + ")");
    }

    private static JsonNode stats(JsonNode add) {
        JsonNode stats = add.get("stats");
        if (stats == null || !stats.isTextual()) {
            return JSON.missingNode();
        }
        try {
            return JSON.readTree(stats.asText());
        } catch (IOException e) {
            return JSON.missingNode();
        }
    }

    /** Writers format timestamp statistics differently (Z or +00:00, ms or µs); unreadable means unknown. */
    static long minTsMicros(JsonNode stats) {
        JsonNode ts = stats.path("minValues").path("ts");
        if (!ts.isTextual()) {
            return Long.MIN_VALUE;
        }
        try {
            java.time.Instant t = java.time.OffsetDateTime.parse(ts.asText()).toInstant();
            return t.getEpochSecond() * 1_000_000L + t.getNano() / 1000;
        } catch (java.time.format.DateTimeParseException e) {
            return Long.MIN_VALUE;
        }
    }
}
