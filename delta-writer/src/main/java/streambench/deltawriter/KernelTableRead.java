package streambench.deltawriter;

import io.delta.kernel.Scan;
import io.delta.kernel.Snapshot;
import io.delta.kernel.TableManager;
import io.delta.kernel.data.ColumnVector;
import io.delta.kernel.data.ColumnarBatch;
import io.delta.kernel.data.FilteredColumnarBatch;
import io.delta.kernel.data.Row;
import io.delta.kernel.defaults.engine.DefaultEngine;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.expressions.Column;
import io.delta.kernel.expressions.Literal;
import io.delta.kernel.expressions.Predicate;
import io.delta.kernel.internal.InternalScanFileUtils;
import io.delta.kernel.internal.data.ScanStateRow;
import io.delta.kernel.utils.CloseableIterator;
import io.delta.kernel.utils.FileStatus;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import streambench.common.ConsumerContract;
import streambench.common.Knobs;
import streambench.common.LakeSettings;
import streambench.common.ReadBack;

/**
 * Reads the event rows of a table from a time on, as a single-process Delta Kernel reader does: the latest
 * snapshot, a scan whose filter on {@code ts} lets Kernel skip files by their statistics, then every column of each
 * remaining file through Kernel's default Parquet reader, counting the rows at or after the time. The file-level
 * filter is a hint only, so the rows are filtered again here.
 */
public final class KernelTableRead {
    /** The column the time filter is on: the event's intended send time. */
    static final String TS = "ts";

    private KernelTableRead() {}

    /**
     * A consumer's main as a reader ({@link ReadBack}): the table at {@code TABLE_PATH} in the lake the environment
     * names, from {@code READ_BACK_FROM_US} on; prints the report line.
     */
    public static int run(Knobs knobs, PrintStream out) throws IOException {
        LakeSettings lake = LakeSettings.fromKnobs(knobs);
        String tablePath = knobs.required(ConsumerContract.TABLE_PATH, "the table's path under the lake root")
                .asLakePath();
        out.println(read(lake.tableUri(tablePath), lake.hadoopConf(), ReadBack.fromMicros(knobs))
                .line());
        return ConsumerContract.EXIT_OK;
    }

    static ReadBack.Report read(String tableUri, Map<String, String> hadoopConf, long fromMicros) throws IOException {
        Configuration conf = new Configuration();
        hadoopConf.forEach(conf::set);
        Engine engine = DefaultEngine.create(conf);
        long t0 = System.nanoTime();
        Snapshot snapshot = TableManager.loadSnapshot(tableUri).build(engine);
        int tsOrdinal = snapshot.getSchema().indexOf(TS);
        if (tsOrdinal < 0) {
            throw new IllegalStateException("table " + tableUri + " has no " + TS + " column");
        }
        Scan scan = snapshot.getScanBuilder()
                .withFilter(new Predicate(">=", new Column(TS), Literal.ofTimestamp(fromMicros)))
                .build();
        Row scanState = scan.getScanState(engine);
        // the log's replay and the skipping by statistics happen here, apart from reading the files left
        List<Row> scanFiles = new ArrayList<>();
        try (CloseableIterator<FilteredColumnarBatch> batches = scan.getScanFiles(engine)) {
            while (batches.hasNext()) {
                try (CloseableIterator<Row> rows = batches.next().getRows()) {
                    rows.forEachRemaining(scanFiles::add);
                }
            }
        }
        long t1 = System.nanoTime();
        long bytes = 0;
        long rows = 0;
        for (Row scanFile : scanFiles) {
            FileStatus file = InternalScanFileUtils.getAddFileStatus(scanFile);
            bytes += file.getSize();
            rows += rowsFrom(engine, scanState, scanFile, file, tsOrdinal, fromMicros);
        }
        long t2 = System.nanoTime();
        return new ReadBack.Report(
                "Delta Kernel",
                snapshot.getVersion(),
                (t1 - t0) / 1_000_000,
                (t2 - t1) / 1_000_000,
                scanFiles.size(),
                bytes,
                rows);
    }

    private static long rowsFrom(
            Engine engine, Row scanState, Row scanFile, FileStatus file, int tsOrdinal, long fromMicros)
            throws IOException {
        long rows = 0;
        CloseableIterator<ColumnarBatch> physical = engine.getParquetHandler()
                .readParquetFiles(
                        io.delta.kernel.internal.util.Utils.singletonCloseableIterator(file),
                        ScanStateRow.getPhysicalDataReadSchema(scanState),
                        Optional.empty())
                .map(io.delta.kernel.engine.FileReadResult::getData);
        try (CloseableIterator<FilteredColumnarBatch> logical =
                Scan.transformPhysicalData(engine, scanState, scanFile, physical)) {
            while (logical.hasNext()) {
                FilteredColumnarBatch batch = logical.next();
                ColumnVector ts = batch.getData().getColumnVector(tsOrdinal);
                ColumnVector selected = batch.getSelectionVector().orElse(null);
                for (int i = 0; i < batch.getData().getSize(); i++) {
                    boolean in = selected == null || (!selected.isNullAt(i) && selected.getBoolean(i));
                    if (in && !ts.isNullAt(i) && ts.getLong(i) >= fromMicros) {
                        rows++;
                    }
                }
            }
        }
        return rows;
    }
}
