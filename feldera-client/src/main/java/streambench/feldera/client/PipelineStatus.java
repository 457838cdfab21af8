package streambench.feldera.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * A pipeline's state as {@code GET /v0/pipelines/{name}?selector=status} reports it. {@code deploymentStatus}
 * is {@code deployment_status} (Stopped, Provisioning, Initializing, Running, Paused, Stopping, …);
 * fields a newer Feldera adds are ignored, fields it drops read as empty.
 */
public record PipelineStatus(
        String name,
        String programStatus,
        String deploymentStatus,
        String storageStatus,
        FelderaError deploymentError,
        JsonNode programError) {
    static final List<String> PROGRAM_FAILED = List.of("SqlError", "RustError", "SystemError");

    static PipelineStatus from(JsonNode n) {
        String deployment = n.hasNonNull("deployment_status")
                ? n.get("deployment_status").asText()
                : n.path("deployment_runtime_status").asText(""); // a manager that split the status in two
        return new PipelineStatus(
                n.path("name").asText(),
                n.path("program_status").asText(""),
                deployment,
                n.path("storage_status").asText(""),
                FelderaError.from(n.get("deployment_error")),
                n.hasNonNull("program_error") ? n.get("program_error") : null);
    }

    public boolean compiled() {
        return programStatus.equals("Success");
    }

    public boolean programFailed() {
        return PROGRAM_FAILED.contains(programStatus);
    }

    public boolean running() {
        return deploymentStatus.equals("Running");
    }

    public boolean stopped() {
        return deploymentStatus.equals("Stopped");
    }

    public boolean storageCleared() {
        return storageStatus.equals("Cleared");
    }

    /** Compiler output worth showing a person: SQL messages with their positions, Rust's stderr, or the system error. */
    public String programErrorText() {
        if (programError == null) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        JsonNode sql = programError.path("sql_compilation");
        for (JsonNode m : sql.path("messages")) {
            if (m.path("warning").asBoolean(false)) {
                continue;
            }
            out.append("  SQL ")
                    .append(m.path("error_type").asText("error"))
                    .append(" at line ")
                    .append(m.path("start_line_number").asInt())
                    .append(", column ")
                    .append(m.path("start_column").asInt())
                    .append(": ")
                    .append(m.path("message").asText())
                    .append('\n');
            if (m.hasNonNull("snippet")) {
                out.append(m.get("snippet").asText().stripTrailing().indent(4));
            }
        }
        JsonNode rust = programError.path("rust_compilation");
        if (rust.hasNonNull("stderr") && !rust.get("stderr").asText().isBlank()) {
            String stderr = rust.get("stderr").asText();
            out.append("  Rust compilation failed (exit ")
                    .append(rust.path("exit_code").asText("?"))
                    .append("):\n")
                    .append(tail(stderr, 40).indent(4));
        }
        if (programError.hasNonNull("system_error")) {
            out.append("  ").append(programError.get("system_error").asText()).append('\n');
        }
        if (out.isEmpty()) {
            out.append("  ").append(programError).append('\n');
        }
        return out.toString().stripTrailing();
    }

    private static String tail(String text, int lines) {
        String[] all = text.split("\n");
        return String.join("\n", java.util.Arrays.asList(all).subList(Math.max(0, all.length - lines), all.length));
    }
}
