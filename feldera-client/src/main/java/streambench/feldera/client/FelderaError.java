package streambench.feldera.client;

import com.fasterxml.jackson.databind.JsonNode;

/** Feldera's error body: {@code {"message", "error_code", "details"}}. {@code details} may be null. */
public record FelderaError(String message, String errorCode, JsonNode details) {
    static FelderaError from(JsonNode body) {
        if (body == null || !body.isObject() || !body.has("message")) {
            return null;
        }
        return new FelderaError(
                body.path("message").asText(),
                body.path("error_code").asText(""),
                body.has("details") && !body.get("details").isNull() ? body.get("details") : null);
    }

    @Override
    public String toString() {
        return (errorCode.isEmpty() ? "" : errorCode + ": ") + message;
    }
}
