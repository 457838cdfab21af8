package streambench.harness.analysis;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import streambench.common.ProducerContract;
import streambench.services.delta.LakeParquetFiles;
import streambench.services.delta.SyntheticTable;

/**
 * A Delta table on the local disk whose log a test writes action by action, so that each test shows
 * exactly the log shape (compaction, delete, deletion vector, cleaned-up log...) it is about. Data
 * files hold benchmark events: producer 0, consecutive seqs, one ts for the whole file.
 */
final class HandWrittenTable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final FileSystem fs;
    private final Path dir;

    HandWrittenTable(FileSystem fs, Path dir) {
        this.fs = fs;
        this.dir = dir;
    }

    String uri() {
        return dir.toUri().toString();
    }

    Path logDir() throws IOException {
        return Files.createDirectories(dir.resolve("_delta_log"));
    }

    /** Writes events {@code [fromSeq, toSeq)} with the given ts at {@code file}, a plain (not URI-encoded) path. */
    HandWrittenTable dataFile(Path file, long fromSeq, long toSeq, long tsMicros) throws IOException {
        Files.createDirectories(file.getParent());
        SimpleGroupFactory groups = new SimpleGroupFactory(SyntheticTable.SCHEMA);
        try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(
                        LakeParquetFiles.output(fs, new org.apache.hadoop.fs.Path(file.toUri())))
                .withType(SyntheticTable.SCHEMA)
                .build()) {
            for (long seq = fromSeq; seq < toSeq; seq++) {
                writer.write(groups.newGroup()
                        .append("ts", tsMicros)
                        .append("producer_id", 0)
                        .append("seq", seq));
            }
        }
        return this;
    }

    /**
     * Writes {@code measured} events of producer 0 (seq from 0) and then {@code unmeasured} events of the first
     * unmeasured producer id in one file, as a warm start's last rows share a file with the load's first.
     */
    HandWrittenTable mixedFile(String relative, long measured, long unmeasured, long tsMicros) throws IOException {
        Path file = dir.resolve(relative);
        SimpleGroupFactory groups = new SimpleGroupFactory(SyntheticTable.SCHEMA);
        try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(
                        LakeParquetFiles.output(fs, new org.apache.hadoop.fs.Path(file.toUri())))
                .withType(SyntheticTable.SCHEMA)
                .build()) {
            for (long i = 0; i < measured + unmeasured; i++) {
                boolean isMeasured = i < measured;
                writer.write(groups.newGroup()
                        .append("ts", tsMicros)
                        .append("producer_id", isMeasured ? 0 : ProducerContract.UNMEASURED_FROM)
                        .append("seq", isMeasured ? i : i - measured));
            }
        }
        return this;
    }

    /** {@link #dataFile(Path, long, long, long)} at a path relative to the table. */
    HandWrittenTable dataFile(String relative, long fromSeq, long toSeq, long tsMicros) throws IOException {
        return dataFile(dir.resolve(relative), fromSeq, toSeq, tsMicros);
    }

    Version version(long version, long timestampMillis, String operation) {
        return new Version(version, timestampMillis, operation);
    }

    /** The actions of one commit, written as {@code _delta_log/<version>.json} by {@link #write()}. */
    final class Version {
        private final long version;
        private final ObjectNode commitInfo = JSON.createObjectNode();
        private final List<String> lines = new ArrayList<>();

        private Version(long version, long timestampMillis, String operation) {
            this.version = version;
            commitInfo.put("timestamp", timestampMillis).put("operation", operation);
        }

        Version inCommitTimestamp(long millis) {
            commitInfo.put("inCommitTimestamp", millis);
            return this;
        }

        /** The protocol and a schema with the given columns (the benchmark's three when none are named). */
        Version create(String... columns) {
            return create(List.of(), columns);
        }

        Version create(List<String> partitionColumns, String... columns) {
            ObjectNode schema = JSON.createObjectNode().put("type", "struct");
            var fields = schema.putArray("fields");
            for (String c : columns.length == 0 ? new String[] {"ts", "producer_id", "seq"} : columns) {
                String type = switch (c) {
                    case "ts" -> "timestamp";
                    case "producer_id" -> "integer";
                    case "seq" -> "long";
                    default -> "string";
                };
                fields.addObject()
                        .put("name", c)
                        .put("type", type)
                        .put("nullable", true)
                        .putObject("metadata");
            }
            action(
                    "protocol",
                    JSON.createObjectNode().put("minReaderVersion", 1).put("minWriterVersion", 2));
            ObjectNode meta = JSON.createObjectNode().put("id", "test-table");
            meta.putObject("format").put("provider", "parquet").putObject("options");
            meta.put("schemaString", schema.toString());
            partitionColumns.forEach(meta.putArray("partitionColumns")::add);
            meta.putObject("configuration");
            return action("metaData", meta);
        }

        /** An add of {@code path} as the log spells it (URI-encoded, relative or absolute). */
        Version add(String path, boolean dataChange, long numRecords) {
            return action(
                    "add",
                    file(path, dataChange)
                            .put("size", 1)
                            .put("modificationTime", 0)
                            .put("stats", "{\"numRecords\":" + numRecords + "}"));
        }

        Version remove(String path, boolean dataChange) {
            return action("remove", file(path, dataChange).put("deletionTimestamp", 0));
        }

        Version action(String name, ObjectNode body) {
            lines.add(JSON.createObjectNode().set(name, body).toString());
            return this;
        }

        /** A line as it stands, for actions the builder does not know. */
        Version raw(String line) {
            lines.add(line);
            return this;
        }

        HandWrittenTable write() {
            try {
                List<String> all = new ArrayList<>();
                all.add(JSON.createObjectNode().set("commitInfo", commitInfo).toString());
                all.addAll(lines);
                Files.writeString(
                        logDir().resolve(String.format("%020d.json", version)), String.join("\n", all) + "\n");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return HandWrittenTable.this;
        }

        private ObjectNode file(String path, boolean dataChange) {
            ObjectNode f = JSON.createObjectNode().put("path", path).put("dataChange", dataChange);
            f.putObject("partitionValues");
            return f;
        }
    }
}
