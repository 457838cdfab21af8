package streambench.harness.delta;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

import java.io.BufferedReader;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads a Delta table's commits straight from its JSON log. Latency is measured per version (the
 * commit that made a file visible), which no table-level reader exposes, and our tables are
 * append-only and young, so every JSON commit since version 0 is still there: no checkpoint
 * reading is needed. Files written but never committed (a writer killed mid-batch) are ignored,
 * exactly as Delta readers ignore them.
 */
public final class DeltaLogReader {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final FileSystem fs;
    private final Path table;

    public DeltaLogReader(FileSystem fs, String tableUri) {
        this.fs = fs;
        this.table = new Path(tableUri);
    }

    /** The commit at {@code version}, or empty if it does not exist (yet). */
    public Optional<DeltaCommit> read(long version) throws IOException {
        Path file = new Path(table, "_delta_log/" + String.format("%020d", version) + ".json");
        FSDataInputStream in;
        try {
            in = fs.open(file);
        } catch (FileNotFoundException e) {
            return Optional.empty();
        }
        long timestamp = -1;
        String operation = "";
        List<DeltaCommit.AddedFile> added = new ArrayList<>();
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
                } catch (IOException e) {
                    throw new IOException(file + " line " + lineNo + " is not JSON: " + e.getMessage(), e);
                }
                if (action.has("commitInfo")) {
                    JsonNode info = action.get("commitInfo");
                    timestamp = info.path("timestamp").asLong(-1);
                    operation = info.path("operation").asText("");
                } else if (action.has("add")) {
                    JsonNode add = action.get("add");
                    JsonNode stats = stats(add);
                    added.add(new DeltaCommit.AddedFile(add.path("path").asText(), add.path("size").asLong(-1),
                            stats.path("numRecords").asLong(-1), minTsMicros(stats)));
                }
            }
        }
        if (timestamp < 0) {
            throw new IOException(file + " has no commitInfo.timestamp: cannot tell when it became visible");
        }
        return Optional.of(new DeltaCommit(version, timestamp, operation, List.copyOf(added)));
    }

    /** Every commit from {@code fromVersion} on, until the first missing version. */
    public List<DeltaCommit> readFrom(long fromVersion) throws IOException {
        List<DeltaCommit> out = new ArrayList<>();
        for (long v = fromVersion; ; v++) {
            Optional<DeltaCommit> c = read(v);
            if (c.isEmpty()) {
                return out;
            }
            out.add(c.get());
        }
    }

    /** The data file an add action names, resolved against the table. */
    public Path dataFile(DeltaCommit.AddedFile file) {
        java.net.URI uri = java.net.URI.create(file.path());
        return uri.isAbsolute() ? new Path(uri) : new Path(table, new Path(uri.getPath()));
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
