package streambench.services;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import streambench.common.SharedKeySignature;

class StrictLakeTest {
    private static final byte[] KEY = "account key".getBytes(StandardCharsets.UTF_8);
    private static final Clock NOW = Clock.fixed(Instant.parse("2026-12-03T09:05:07Z"), ZoneOffset.UTC);
    private final StrictLake lake = new StrictLake("acct", KEY, NOW);

    /** A request as Azure's own clients sign it: headers by lower-case name, as the proxy reads them. */
    private static Map<String, String> signed(String method, String target, String date) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("x-ms-date", date);
        headers.put("x-ms-version", "2021-08-06");
        headers.put("content-length", "3");
        headers.put("if-none-match", "*");
        int q = target.indexOf('?');
        headers.put(
                "authorization",
                SharedKeySignature.authorization(
                        "acct",
                        KEY,
                        SharedKeySignature.stringToSign(
                                "acct",
                                method,
                                q < 0 ? target : target.substring(0, q),
                                q < 0 ? null : target.substring(q + 1),
                                headers)));
        return headers;
    }

    @Test
    void aRequestSignedAsAzuresClientsSignItPasses() {
        assertThat(lake.check(
                        "PUT",
                        "/acct/c/%C3%A9t%C3%A9/x?restype=container",
                        signed("PUT", "/acct/c/%C3%A9t%C3%A9/x?restype=container", "Thu, 03 Dec 2026 09:05:07 GMT")))
                .isNull();
    }

    @Test
    void aOneDigitDayIsRefusedAsAzureRefusesIt() {
        StrictLake.Refusal r =
                lake.check("PUT", "/acct/c/x", signed("PUT", "/acct/c/x", "Thu, 3 Dec 2026 09:05:07 GMT"));

        assertThat(r.status()).isEqualTo(403);
        assertThat(r.code()).isEqualTo("AuthenticationFailed");
        assertThat(r.reason()).contains("fixed form");
    }

    @Test
    void aDateMoreThanFifteenMinutesOffIsRefused() {
        assertThat(lake.check("PUT", "/acct/c/x", signed("PUT", "/acct/c/x", "Thu, 03 Dec 2026 09:25:08 GMT"))
                        .reason())
                .contains("more than 15 min off");
    }

    @Test
    void aTargetThatIsNotPercentEncodedIsRefused() {
        Map<String, String> headers = signed("PUT", "/acct/c/%C3%A9t%C3%A9", "Thu, 03 Dec 2026 09:05:07 GMT");

        StrictLake.Refusal r = lake.check("PUT", "/acct/c/\u00c3\u00a9t\u00c3\u00a9", headers);

        assertThat(r.status()).isEqualTo(400);
        assertThat(r.code()).isEqualTo("InvalidUri");
    }

    @Test
    void aMissingVersionIsRefused() {
        Map<String, String> headers = signed("PUT", "/acct/c/x", "Thu, 03 Dec 2026 09:05:07 GMT");
        headers.remove("x-ms-version");

        assertThat(lake.check("PUT", "/acct/c/x", headers).code()).isEqualTo("MissingRequiredHeader");
    }

    @Test
    void aSignatureOverAnythingButTheRequestAsReceivedIsRefused() {
        Map<String, String> headers = signed("PUT", "/acct/c/x", "Thu, 03 Dec 2026 09:05:07 GMT");

        assertThat(lake.check("PUT", "/acct/c/y", headers).reason()).contains("does not verify");
        assertThat(lake.check("GET", "/acct/c/x", headers).reason()).contains("does not verify");
        headers.put("content-length", "4");
        assertThat(lake.check("PUT", "/acct/c/x", headers).reason()).contains("does not verify");
        assertThat(new StrictLake("acct", "other key".getBytes(StandardCharsets.UTF_8), NOW)
                        .check("PUT", "/acct/c/x", signed("PUT", "/acct/c/x", "Thu, 03 Dec 2026 09:05:07 GMT"))
                        .reason())
                .contains("does not verify");
        headers.remove("authorization");
        assertThat(lake.check("PUT", "/acct/c/x", headers).reason()).contains("no Shared Key authorization");
    }
}
