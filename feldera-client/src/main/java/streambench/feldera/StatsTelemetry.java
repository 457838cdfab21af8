package streambench.feldera;

import java.io.IOException;
import java.io.Writer;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import streambench.common.ConsumerContract;
import streambench.common.HealthServer;
import streambench.common.TelemetryFile;
import streambench.common.TelemetryLine;
import streambench.feldera.client.PipelineStats;

/** Each {@code /stats} poll: one JSON line to the telemetry file, one dense console line, counters on /metrics. */
final class StatsTelemetry implements AutoCloseable {
    private final Optional<Writer> file;
    private final AtomicLong parseErrors = new AtomicLong();
    private final AtomicLong input = new AtomicLong();
    private final AtomicLong transmitted = new AtomicLong();

    StatsTelemetry(Optional<String> telemetryFile, HealthServer health) {
        this.file = telemetryFile.map(TelemetryFile::openAppend);
        health.registerMetric(ConsumerContract.MALFORMED_ROWS_TOTAL, parseErrors::get);
        health.registerMetric("input_records_total", input::get);
        health.registerMetric("transmitted_records_total", transmitted::get);
    }

    /** Records one poll and returns the console line for it. */
    String record(PipelineStats s, long elapsedSeconds) {
        parseErrors.set(s.parseErrors());
        input.set(s.totalInputRecords());
        transmitted.set(s.transmittedRecords());
        file.ifPresent(w -> {
            try {
                w.write(TelemetryLine.at(Instant.now())
                                .field("total_input_records", s.totalInputRecords())
                                .field("total_processed_records", s.totalProcessedRecords())
                                .field("buffered_input_records", s.bufferedInputRecords())
                                .field("parse_errors", s.parseErrors())
                                .field("transmitted_records", s.transmittedRecords())
                                .field("rss_bytes", s.rssBytes())
                        + "\n");
                w.flush();
            } catch (IOException e) {
                // telemetry must not stop the consumer; the Delta log is the record of truth
            }
        });
        return "feldera t=" + elapsedSeconds + "s input=" + s.totalInputRecords() + " processed="
                + s.totalProcessedRecords()
                + " buffered=" + s.bufferedInputRecords() + " transmitted=" + s.transmittedRecords()
                + " parse_errors=" + s.parseErrors() + " rss_mb=" + s.rssBytes() / (1024 * 1024);
    }

    @Override
    public void close() {
        file.ifPresent(w -> {
            try {
                w.close();
            } catch (IOException e) {
                // nothing left to save
            }
        });
    }
}
