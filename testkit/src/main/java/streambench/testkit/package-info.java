/**
 * For integration tests, every module's: {@link streambench.testkit.ItServices} (a real broker and Azurite behind
 * the strict lake proxy, per test class), {@link streambench.testkit.ConsumerChecks} and {@link
 * streambench.testkit.DeltaTableContents} (exactly once on the producer's schedule, the hostile corpus, another
 * engine reading the table), {@link streambench.testkit.ListeningSockets}, and {@link
 * streambench.testkit.ConsumerContractSuite}, the contract every consumer's integration test extends. Uses the
 * services module and {@code streambench.common}; never a consumer's or the harness's classes.
 */
package streambench.testkit;
