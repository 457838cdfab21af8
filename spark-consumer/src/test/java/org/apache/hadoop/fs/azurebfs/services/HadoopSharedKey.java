package org.apache.hadoop.fs.azurebfs.services;

import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * hadoop-azure's own Shared Key signer, reached from a test, signing a request the way the ABFS driver does
 * against a real account. The JDK's connection hides the {@code Authorization} header it set from anyone who
 * asks, so the string it signed and its signature are recomputed with the signer's own (private) steps, after
 * {@code signRequest} dated the request.
 */
public final class HadoopSharedKey {
    private HadoopSharedKey() {}

    /** What hadoop-azure signed for the request: its {@code x-ms-date}, string to sign and Authorization value. */
    public record Signed(String xMsDate, String stringToSign, String authorization) {}

    public static Signed sign(
            String account, String base64Key, String verb, URL url, Map<String, String> headers, long contentLength)
            throws IOException, ReflectiveOperationException {
        List<AbfsHttpHeader> list = new ArrayList<>();
        headers.forEach((name, value) -> list.add(new AbfsHttpHeader(name, value)));
        AbfsJdkHttpOperation operation =
                new AbfsJdkHttpOperation(url, verb, list, Duration.ofSeconds(1), Duration.ofSeconds(1), null);
        SharedKeyCredentials credentials = new SharedKeyCredentials(account, base64Key);
        credentials.signRequest(operation, contentLength);
        Method canonicalize = SharedKeyCredentials.class.getDeclaredMethod(
                "canonicalize", AbfsHttpOperation.class, String.class, Long.class);
        canonicalize.setAccessible(true);
        String text = (String) canonicalize.invoke(credentials, operation, account, contentLength);
        Method hmac = SharedKeyCredentials.class.getDeclaredMethod("computeHmac256", String.class);
        hmac.setAccessible(true);
        return new Signed(
                operation.getRequestProperty("x-ms-date"),
                text,
                "SharedKey " + account + ":" + hmac.invoke(credentials, text));
    }
}
