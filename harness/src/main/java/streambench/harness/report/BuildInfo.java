package streambench.harness.report;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * The commit this harness was built from and whether its tree had changes then, as the build recorded it
 * ({@code streambench/harness/build.properties}, written by the git-commit-id plugin). A build from sources without
 * {@code .git} says {@code unknown}: a result never claims a commit it cannot prove.
 */
public record BuildInfo(String commit, Boolean dirty, String commitTime, String buildTime) {
    static final String RESOURCE = "/streambench/harness/build.properties";
    public static final BuildInfo UNKNOWN = new BuildInfo("unknown", null, null, null);

    public static BuildInfo current() {
        try (InputStream in = BuildInfo.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return UNKNOWN;
            }
            Properties p = new Properties();
            p.load(in);
            return of(p);
        } catch (IOException e) {
            return UNKNOWN;
        }
    }

    static BuildInfo of(Properties p) {
        String commit = p.getProperty("git.commit.id", "").trim();
        if (commit.isEmpty() || commit.startsWith("${")) {
            return UNKNOWN;
        }
        String dirty = p.getProperty("git.dirty", "").trim();
        return new BuildInfo(
                commit,
                dirty.isEmpty() ? null : Boolean.valueOf(dirty),
                blankToNull(p.getProperty("git.commit.time")),
                blankToNull(p.getProperty("git.build.time")));
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }
}
