/**
 * The commands a user types ({@code run}, {@code analyze}, {@code check}, {@code producer-bench},
 * {@code synthesize}) and their options: parsing, exit codes and the order of the steps. No
 * measurement or judgement lives here; a command wires the services module, {@code engine},
 * {@code fault}, {@code analysis} and {@code report} together and may use all of them. A new command
 * goes here.
 */
package streambench.harness.cli;
