package streambench.services;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import streambench.common.LakeSettings;
import streambench.common.SharedKeySignature;

/**
 * What a real Azure Storage account checks on every request and Azurite lets through: a request target that is
 * percent-encoded ASCII, an {@code x-ms-version}, a date in HTTP's fixed form (two-digit day, English names, GMT)
 * within 15 minutes of the service's clock, and a Shared Key signature that verifies under the account key when
 * computed from the request as received. The lake proxy applies it in the tests, so that what only a real account
 * would refuse fails here first.
 */
final class StrictLake {
    /** The skew Azure allows between a request's date and its own clock. */
    static final Duration MAX_SKEW = Duration.ofMinutes(15);

    private static final Pattern FIXED_DATE = Pattern.compile(
            "(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \\d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \\d{4}"
                    + " \\d{2}:\\d{2}:\\d{2} GMT");

    private final String account;
    private final byte[] key;
    private final Clock clock;

    /** Why a request was refused: the status and error code Azure answers with, and a reason for the test's report. */
    record Refusal(int status, String code, String reason) {}

    /** The embedded Azurite's account and its published key, checked against this JVM's clock. */
    static StrictLake forAzurite() {
        return new StrictLake(
                LakeSettings.AZURITE_ACCOUNT,
                java.util.Base64.getDecoder().decode(LakeSettings.AZURITE_KEY),
                Clock.systemUTC());
    }

    StrictLake(String account, byte[] key, Clock clock) {
        this.account = account;
        this.key = key.clone();
        this.clock = clock;
    }

    /**
     * Null when the request passes; otherwise why not. {@code headers} by lower-case name, repeated ones joined with
     * commas, as received.
     */
    Refusal check(String method, String target, Map<String, String> headers) {
        if (!SharedKeySignature.isPercentEncoded(target)) {
            return new Refusal(400, "InvalidUri", "the request target is not percent-encoded ASCII");
        }
        if (!headers.containsKey("x-ms-version")) {
            return new Refusal(400, "MissingRequiredHeader", "no x-ms-version header");
        }
        String date = headers.getOrDefault("x-ms-date", headers.get("date"));
        if (date == null) {
            return new Refusal(403, "AuthenticationFailed", "neither x-ms-date nor Date");
        }
        Instant when;
        try {
            if (!FIXED_DATE.matcher(date).matches()) {
                throw new DateTimeParseException("not the fixed form", date, 0);
            }
            when = ZonedDateTime.parse(date, SharedKeySignature.X_MS_DATE).toInstant();
        } catch (DateTimeParseException e) {
            return new Refusal(
                    403,
                    "AuthenticationFailed",
                    "date \"" + date + "\" is not RFC 1123's fixed form (e.g. \"Thu, 03 Dec 2026 09:05:07 GMT\")");
        }
        if (Duration.between(when, clock.instant()).abs().compareTo(MAX_SKEW) > 0) {
            return new Refusal(403, "AuthenticationFailed", "date " + date + " is more than 15 min off");
        }
        String authorization = headers.getOrDefault("authorization", "");
        String prefix = "SharedKey " + account + ":";
        if (!authorization.startsWith(prefix)) {
            return new Refusal(403, "AuthenticationFailed", "no Shared Key authorization for account " + account);
        }
        int query = target.indexOf('?');
        String expected = SharedKeySignature.signature(
                key,
                SharedKeySignature.stringToSign(
                        account,
                        method.toUpperCase(Locale.ROOT),
                        query < 0 ? target : target.substring(0, query),
                        query < 0 ? null : target.substring(query + 1),
                        headers));
        if (!expected.equals(authorization.substring(prefix.length()))) {
            return new Refusal(
                    403,
                    "AuthenticationFailed",
                    "the signature does not verify with the account key over the request as received");
        }
        return null;
    }
}
