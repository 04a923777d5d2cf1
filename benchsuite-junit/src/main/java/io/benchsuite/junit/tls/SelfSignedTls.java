package io.benchsuite.junit.tls;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * A server-side TLS context with a freshly made self-signed certificate for {@code localhost} and
 * {@code 127.0.0.1}, for tests that check certificate verification (a client must refuse it unless
 * told to be insecure). Made with the JDK's own {@code keytool}, so no test depends on a checked-in
 * key that could expire.
 */
public final class SelfSignedTls {
    private static final char[] PASSWORD = "changeit".toCharArray();

    private SelfSignedTls() {}

    /**
     * Creates the certificate in {@code dir} and returns a server context using it.
     *
     * @param dir a scratch directory (e.g. JUnit's {@code @TempDir})
     * @return a server TLS context with a self-signed certificate valid for two days
     * @throws IOException when keytool is missing or fails (the message holds its output)
     */
    public static SSLContext serverContext(Path dir) throws IOException {
        Path keystore = dir.resolve("self-signed.p12");
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        if (!Files.isExecutable(keytool)) throw new IOException("no keytool at " + keytool);
        Process p = new ProcessBuilder(keytool.toString(), "-genkeypair", "-alias", "server", "-keyalg", "RSA",
                "-keysize", "2048", "-validity", "2", "-dname", "CN=localhost", "-ext", "SAN=dns:localhost,ip:127.0.0.1",
                "-storetype", "PKCS12", "-keystore", keystore.toString(), "-storepass", new String(PASSWORD),
                "-keypass", new String(PASSWORD)).redirectErrorStream(true).start();
        try {
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IOException("keytool failed: " + output);
            }
            KeyStore ks = KeyStore.getInstance("PKCS12");
            try (InputStream in = Files.newInputStream(keystore)) {
                ks.load(in, PASSWORD);
            }
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(ks, PASSWORD);
            SSLContext ssl = SSLContext.getInstance("TLS");
            ssl.init(kmf.getKeyManagers(), null, null);
            return ssl;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running keytool", e);
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot load the self-signed certificate: " + e.getMessage(), e);
        } finally {
            p.destroy();
        }
    }
}
