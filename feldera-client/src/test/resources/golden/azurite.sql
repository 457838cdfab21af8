-- streambench: Kafka topic sb-run-1-feldera -> Delta table abfs://streambench@devstoreaccount1.dfs.core.windows.net/streambench/run-1/feldera/benchmark
CREATE TABLE events (
    ts TIMESTAMP NOT NULL,
    producer_id INT NOT NULL,
    seq BIGINT NOT NULL
) WITH (
    'connectors' = '[ {
  "transport" : {
    "name" : "kafka_input",
    "config" : {
      "topic" : "sb-run-1-feldera",
      "bootstrap.servers" : "host.docker.internal:9092",
      "start_from" : "earliest",
      "poller_threads" : 3
    }
  },
  "format" : {
    "name" : "json",
    "config" : {
      "update_format" : "raw"
    }
  }
} ]'
);

CREATE VIEW benchmark
WITH (
    'connectors' = '[ {
  "transport" : {
    "name" : "delta_table_output",
    "config" : {
      "uri" : "abfs://streambench@devstoreaccount1.dfs.core.windows.net/streambench/run-1/feldera/benchmark",
      "mode" : "append",
      "azure_allow_http" : "true",
      "azure_storage_account_key" : "<redacted>",
      "azure_storage_account_name" : "devstoreaccount1",
      "azure_storage_endpoint" : "http://host.docker.internal:10000/devstoreaccount1"
    }
  },
  "enable_output_buffer" : true,
  "max_output_buffer_time_millis" : 1000,
  "max_output_buffer_size_records" : 1000000
} ]'
)
AS SELECT ts, producer_id, seq FROM events
WHERE ts >= TIMESTAMP '2000-01-01 00:00:00' AND ts < TIMESTAMP '2100-01-01 00:00:00'
    AND producer_id >= 0 AND seq >= 0;
