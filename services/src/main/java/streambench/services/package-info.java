/**
 * What a run needs around the engines, for the harness and for every consumer's integration tests: the
 * embedded KRaft broker and Azurite, or the external ones named in the environment; the strict lake proxy;
 * child processes that die with their parent; a consumer jar as its own JVM ({@link
 * streambench.services.ConsumerProcess}: {@code /health}, {@code /metrics}, kill -9); free ports; topics; the
 * lake's file system; the producer process and its report; CPU and memory sampling; where the build put every
 * jar ({@link streambench.services.InstallLayout}). Knows nothing of engines, verdicts or reports; uses only
 * {@code streambench.common}.
 */
package streambench.services;
