package streambench.feldera.client;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The counters streambench reads from {@code GET /v0/pipelines/{name}/stats}, summed over connectors;
 * {@code raw} keeps the whole answer for anything else.
 */
public record PipelineStats(
        long totalInputRecords,
        long totalProcessedRecords,
        long bufferedInputRecords,
        long rssBytes,
        long parseErrors,
        long transmittedRecords,
        JsonNode raw) {
    static PipelineStats from(JsonNode n) {
        JsonNode g = n.path("global_metrics");
        long parseErrors = 0;
        for (JsonNode input : n.path("inputs")) {
            parseErrors += input.path("metrics").path("num_parse_errors").asLong(0);
        }
        long transmitted = 0;
        for (JsonNode output : n.path("outputs")) {
            transmitted += output.path("metrics").path("transmitted_records").asLong(0);
        }
        return new PipelineStats(
                g.path("total_input_records").asLong(0),
                g.path("total_processed_records").asLong(0),
                g.path("buffered_input_records").asLong(0),
                g.path("rss_bytes").asLong(0),
                parseErrors,
                transmitted,
                n);
    }
}
