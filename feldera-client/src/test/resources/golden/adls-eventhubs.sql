-- streambench: Kafka topic sb-run-1-feldera -> Delta table abfss://lake@myaccount.dfs.core.windows.net/streambench/run-1/feldera/benchmark
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
      "bootstrap.servers" : "myns.servicebus.windows.net:9093",
      "start_from" : "earliest",
      "poller_threads" : 3,
      "sasl.mechanism" : "PLAIN",
      "sasl.password" : "<redacted>",
      "sasl.username" : "$ConnectionString",
      "security.protocol" : "SASL_SSL"
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
      "uri" : "abfss://lake@myaccount.dfs.core.windows.net/streambench/run-1/feldera/benchmark",
      "mode" : "append",
      "azure_storage_account_key" : "<redacted>",
      "azure_storage_account_name" : "myaccount"
    }
  },
  "enable_output_buffer" : false
} ]'
)
AS SELECT ts, producer_id, seq FROM events
WHERE ts >= TIMESTAMP '2000-01-01 00:00:00' AND ts < TIMESTAMP '2100-01-01 00:00:00'
    AND producer_id >= 0 AND seq >= 0;
