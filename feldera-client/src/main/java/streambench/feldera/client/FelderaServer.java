package streambench.feldera.client;

/**
 * What {@code GET /v0/config} says about the pipeline manager: {@code edition} ("Open source" or
 * "Enterprise") and {@code version} ({@code x.y.z}).
 */
public record FelderaServer(String edition, String version) {}
