/**
 * Faults injected during an engine's turn ({@code --fault}): their syntax, the timer that fires them
 * through callbacks the caller supplies, the producer of hostile records, and what each fault did to the
 * latency (recovery checks). May use {@code analysis}; the callbacks keep it free of processes and
 * services.
 */
package streambench.harness.fault;
