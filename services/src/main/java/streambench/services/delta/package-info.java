/**
 * Reading a Delta table the way Delta does, through the lake's Hadoop file system: the log tail followed
 * during a run, the Parquet files an event lives in, and synthetic tables for calibration and tests. Uses
 * nothing of {@code streambench.services} but the lake settings it is given.
 */
package streambench.services.delta;
