package streambench.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Known answers from Azure Storage's "Authorize with Shared Key" page (its Get Container Metadata and List Blobs
 * examples) and RFC 4231; the signature against hadoop-azure's own signer is checked where hadoop-azure is on the
 * class path (the Spark consumer's tests).
 */
class SharedKeySignatureTest {
    @Test
    void theDocumentedGetContainerMetadataStringToSign() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("x-ms-version", "2015-02-21");
        headers.put("x-ms-date", "Fri, 26 Jun 2015 23:39:12 GMT");

        String text = SharedKeySignature.stringToSign(
                "myaccount", "GET", "/mycontainer", "restype=container&comp=metadata&timeout=20", headers);

        assertThat(text)
                .isEqualTo(
                        "GET\n\n\n\n\n\n\n\n\n\n\n\nx-ms-date:Fri, 26 Jun 2015 23:39:12 GMT\nx-ms-version:2015-02-21\n"
                                + "/myaccount/mycontainer\ncomp:metadata\nrestype:container\ntimeout:20");
    }

    @Test
    void aQueryNameGivenTwiceIsListedOnceWithItsValuesSortedAndJoined() {
        // the page's List Blobs example
        String text = SharedKeySignature.stringToSign(
                "myaccount",
                "GET",
                "/mycontainer",
                "restype=container&comp=list&include=snapshots&include=metadata&include=uncommittedblobs",
                Map.of());

        assertThat(text)
                .endsWith("/myaccount/mycontainer\ncomp:list\ninclude:metadata,snapshots,uncommittedblobs\n"
                        + "restype:container");
    }

    @Test
    void queryValuesAreDecodedAsAUriNotAsAFormSoAPlusStaysAPlus() {
        String text =
                SharedKeySignature.stringToSign("a", "GET", "/c", "prefix=x+y%2Bz%20w&Delimiter=%2F&empty=", Map.of());

        assertThat(text).endsWith("/a/c\ndelimiter:/\nempty:\nprefix:x+y+z w");
    }

    @Test
    void standardHeadersInTheirOrderAZeroLengthEmptyAndDateEmptyBesideXmsDate() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "application/octet-stream");
        headers.put("Content-Length", "0");
        headers.put("If-None-Match", "*");
        headers.put("Date", "ignored when x-ms-date is there");
        headers.put("X-MS-Date", "Thu, 03 Dec 2026 09:05:07 GMT");
        headers.put("x-ms-meta-Note", "  two   spaces  ");
        headers.put("Range", "bytes=0-9");

        assertThat(SharedKeySignature.stringToSign("a", "PUT", "/c/b", null, headers))
                .isEqualTo("PUT\n\n\n\n\napplication/octet-stream\n\n\n\n*\n\nbytes=0-9\n"
                        + "x-ms-date:Thu, 03 Dec 2026 09:05:07 GMT\nx-ms-meta-note:two spaces\n/a/c/b");
        headers.put("Content-Length", "42");
        assertThat(SharedKeySignature.stringToSign("a", "PUT", "/c/b", null, headers))
                .startsWith("PUT\n\n\n42\n");
    }

    @Test
    void xMsDateHasATwoDigitDayOnTheThirdOfTheMonth() {
        Clock third = Clock.fixed(Instant.parse("2026-12-03T09:05:07Z"), ZoneOffset.UTC);

        assertThat(SharedKeySignature.xMsDate(third)).isEqualTo("Thu, 03 Dec 2026 09:05:07 GMT");
    }

    @Test
    void aPathThatIsNotPercentEncodedCannotBeSigned() {
        for (String path : new String[] {"/c/été", "/c/a b", "/c/中", "/c/100%", "/c/%zz"}) {
            assertThatThrownBy(() -> SharedKeySignature.stringToSign("a", "PUT", path, null, Map.of()))
                    .as(path)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("not percent-encoded");
        }
        assertThat(SharedKeySignature.stringToSign(
                        "a", "PUT", "/c/%C3%A9t%C3%A9/a%20b/%E4%B8%AD/100%25", null, Map.of()))
                .endsWith("/a/c/%C3%A9t%C3%A9/a%20b/%E4%B8%AD/100%25");
    }

    @Test
    void theSignatureIsHmacSha256UnderTheKeyInBase64() {
        // RFC 4231, test case 2
        byte[] expected = HexFormat.of().parseHex("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");

        assertThat(SharedKeySignature.signature(
                        "Jefe".getBytes(StandardCharsets.US_ASCII), "what do ya want for nothing?"))
                .isEqualTo(java.util.Base64.getEncoder().encodeToString(expected));
        assertThat(SharedKeySignature.authorization("acct", "Jefe".getBytes(StandardCharsets.US_ASCII), "x"))
                .startsWith("SharedKey acct:");
    }
}
