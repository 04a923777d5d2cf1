package io.benchsuite.sim.server;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A {@code multipart/form-data} body (RFC 7578) read into its parts: text fields, and files with the type
 * each part names. Enough for a transcription request; not a general MIME parser (no nested parts, no
 * transfer encodings).
 */
final class FormData {
    private final Map<String, byte[]> parts = new LinkedHashMap<>();
    private final Map<String, String> types = new LinkedHashMap<>();

    private FormData() {
    }

    /**
     * Reads {@code body}.
     *
     * @param contentType the request's Content-Type, naming the boundary
     * @param body the body
     * @return the parts
     * @throws IllegalArgumentException when the body is not a form of that boundary
     */
    static FormData parse(String contentType, byte[] body) {
        if (contentType == null || !contentType.toLowerCase(Locale.ROOT).startsWith("multipart/form-data")) {
            throw new IllegalArgumentException("expected a multipart/form-data body, got Content-Type " + contentType);
        }
        String boundary = null;
        for (String p : contentType.split(";", -1)) {
            String t = p.strip();
            if (t.toLowerCase(Locale.ROOT).startsWith("boundary=")) boundary = t.substring(9).replace("\"", "");
        }
        if (boundary == null || boundary.isEmpty()) throw new IllegalArgumentException("multipart/form-data without a boundary");
        byte[] delimiter = ("--" + boundary).getBytes(StandardCharsets.US_ASCII);
        FormData form = new FormData();
        int at = indexOf(body, delimiter, 0);
        if (at < 0) throw new IllegalArgumentException("the form holds no part of its boundary");
        while (true) {
            int start = at + delimiter.length;
            if (start + 2 <= body.length && body[start] == '-' && body[start + 1] == '-') return form; // closing delimiter
            int headEnd = indexOf(body, "\r\n\r\n".getBytes(StandardCharsets.US_ASCII), start);
            if (headEnd < 0) throw new IllegalArgumentException("a form part has no end of its headers");
            int next = indexOf(body, ("\r\n--" + boundary).getBytes(StandardCharsets.US_ASCII), headEnd + 4);
            if (next < 0) throw new IllegalArgumentException("the form has no closing boundary");
            String head = new String(body, start, headEnd - start, StandardCharsets.UTF_8);
            String name = null;
            String type = null;
            for (String line : head.split("\r\n", -1)) {
                String l = line.toLowerCase(Locale.ROOT);
                if (l.startsWith("content-disposition:")) name = parameter(line, "name");
                if (l.startsWith("content-type:")) type = line.substring(13).strip();
            }
            if (name != null) {
                form.parts.put(name, Arrays.copyOfRange(body, headEnd + 4, next));
                if (type != null) form.types.put(name, type);
            }
            at = next + 2;
        }
    }

    /** The bytes of part {@code name}, or null. */
    byte[] file(String name) {
        return parts.get(name);
    }

    /** The format of file part {@code name} from its type ({@code audio/wav}: {@code wav}), or {@code unknown}. */
    String fileType(String name) {
        String t = types.get(name);
        if (t == null) return "unknown";
        String sub = t.substring(t.indexOf('/') + 1).toLowerCase(Locale.ROOT);
        return sub.equals("mpeg") ? "mp3" : sub.equals("x-wav") || sub.equals("wave") ? "wav" : sub;
    }

    /** Part {@code name} as text, or null. */
    String field(String name) {
        byte[] b = parts.get(name);
        return b == null ? null : new String(b, StandardCharsets.UTF_8).strip();
    }

    /** A {@code name="value"} parameter of a header line. */
    private static String parameter(String line, String key) {
        for (String p : line.split(";", -1)) {
            String t = p.strip();
            if (t.startsWith(key + "=")) return t.substring(key.length() + 1).replace("\"", "");
        }
        return null;
    }

    private static int indexOf(byte[] b, byte[] what, int from) {
        outer:
        for (int i = Math.max(0, from); i <= b.length - what.length; i++) {
            for (int k = 0; k < what.length; k++) if (b[i + k] != what[k]) continue outer;
            return i;
        }
        return -1;
    }
}
