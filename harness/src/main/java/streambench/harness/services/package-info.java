/**
 * What a run needs around the engines: the embedded KRaft broker and Azurite, or the external ones
 * named in the environment; child processes that die with the harness; free ports; topics; the lake's
 * file system; the producer process; CPU and memory sampling; where the built jars are. Knows nothing
 * of engines or verdicts; may use {@code analysis} only to read the producer's report.
 */
package streambench.harness.services;
