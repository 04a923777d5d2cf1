package io.benchsuite.backends.http.internal;

import java.util.List;

/** A request body given as consecutive parts (see {@code HttpTransport.postJsonParts}), joined where one array is needed. */
public final class BodyParts {
    private BodyParts() {}

    /**
     * The parts as one array, in order.
     *
     * @param parts the parts
     * @return their bytes, joined
     * @throws ArithmeticException when they add up to more than 2 GB
     */
    public static byte[] join(List<byte[]> parts) {
        int length = 0;
        for (byte[] part : parts) length = Math.addExact(length, part.length);
        byte[] body = new byte[length];
        int at = 0;
        for (byte[] part : parts) {
            System.arraycopy(part, 0, body, at, part.length);
            at += part.length;
        }
        return body;
    }
}
