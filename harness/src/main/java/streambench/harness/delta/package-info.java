/**
 * Reading a Delta table the way Delta does, through the lake's Hadoop file system: the log tail
 * followed during a run, the Parquet files an event lives in, and synthetic tables for tests. Uses
 * nothing else of the harness.
 */
package streambench.harness.delta;
