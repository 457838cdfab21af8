package streambench.feldera.client;

/** The pipeline stopped instead of reaching the wanted state; Feldera's {@code deployment_error} when it gave one. */
public final class DeploymentFailedException extends FelderaException {
    public DeploymentFailedException(String pipeline, String wanted, FelderaError deploymentError) {
        super(
                "pipeline " + pipeline + " did not reach " + wanted
                        + (deploymentError == null ? "" : ": " + deploymentError),
                0,
                deploymentError,
                null);
    }
}
