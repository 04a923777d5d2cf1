package io.benchsuite.sim;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The little JSON the simulator reads and writes: the schemas of tools and response formats, the values
 * drawn from them. A value is a {@link Map} (members in order), a {@link List}, a {@link String}, a
 * {@link Long}, {@link BigInteger} or {@link Double}, a {@link Boolean} or {@link #NULL}. Why not a JSON
 * library: the simulator depends on the API alone, and these few hundred bytes per request do not need one.
 * Written compactly, as Jackson writes a tree ({@code {"a":1,"b":[true,null]}}).
 */
final class SimJson {
    /** JSON {@code null} (a map or list cannot hold Java's null). */
    static final Object NULL = new Object() {
        @Override
        public String toString() {
            return "null";
        }
    };

    private final String text;
    private int at;

    private SimJson(String text) {
        this.text = text;
    }

    /**
     * Parses one JSON value.
     *
     * @throws IllegalArgumentException when {@code text} is not exactly one JSON value (white space around allowed)
     */
    static Object parse(String text) {
        SimJson p = new SimJson(text);
        Object v = p.value(0);
        p.space();
        if (p.at != text.length()) throw p.error("text after the value");
        return v;
    }

    /** Whether {@code text} is exactly one JSON value. */
    static boolean valid(String text) {
        try {
            parse(text);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** The compact JSON text of a value. */
    static String write(Object value) {
        StringBuilder b = new StringBuilder();
        write(value, b);
        return b.toString();
    }

    private static void write(Object v, StringBuilder b) {
        if (v instanceof Map<?, ?> m) {
            b.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (!first) b.append(',');
                first = false;
                quote(e.getKey().toString(), b);
                b.append(':');
                write(e.getValue(), b);
            }
            b.append('}');
        } else if (v instanceof List<?> l) {
            b.append('[');
            for (int i = 0; i < l.size(); i++) {
                if (i > 0) b.append(',');
                write(l.get(i), b);
            }
            b.append(']');
        } else if (v instanceof String s) {
            quote(s, b);
        } else {
            b.append(v == null ? "null" : v.toString());
        }
    }

    private static void quote(String s, StringBuilder b) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                case '\b' -> b.append("\\b");
                case '\f' -> b.append("\\f");
                default -> {
                    if (c < 0x20) b.append(String.format("\\u%04X", (int) c));
                    else b.append(c);
                }
            }
        }
        b.append('"');
    }

    private static final int MAX_DEPTH = 64;

    private Object value(int depth) {
        if (depth > MAX_DEPTH) throw error("nested deeper than " + MAX_DEPTH);
        space();
        if (at >= text.length()) throw error("a value was expected");
        char c = text.charAt(at);
        switch (c) {
            case '{' -> {
                at++;
                Map<String, Object> m = new LinkedHashMap<>();
                space();
                if (peek('}')) return m;
                do {
                    space();
                    if (at >= text.length() || text.charAt(at) != '"') throw error("a member name was expected");
                    String name = string();
                    space();
                    expect(':');
                    m.put(name, value(depth + 1));
                    space();
                } while (peek(','));
                expect('}');
                return m;
            }
            case '[' -> {
                at++;
                List<Object> l = new ArrayList<>();
                space();
                if (peek(']')) return l;
                do {
                    l.add(value(depth + 1));
                    space();
                } while (peek(','));
                expect(']');
                return l;
            }
            case '"' -> {
                return string();
            }
            default -> {
                if (text.startsWith("true", at)) return word("true", Boolean.TRUE);
                if (text.startsWith("false", at)) return word("false", Boolean.FALSE);
                if (text.startsWith("null", at)) return word("null", NULL);
                return number();
            }
        }
    }

    private Object word(String w, Object v) {
        at += w.length();
        return v;
    }

    private Object number() {
        int start = at;
        if (at < text.length() && text.charAt(at) == '-') at++;
        int digits = at;
        while (at < text.length() && Character.isDigit(text.charAt(at))) at++;
        if (at == digits) throw error("a value was expected");
        boolean integral = true;
        if (at < text.length() && text.charAt(at) == '.') {
            integral = false;
            at++;
            int frac = at;
            while (at < text.length() && Character.isDigit(text.charAt(at))) at++;
            if (at == frac) throw error("digits were expected after '.'");
        }
        if (at < text.length() && (text.charAt(at) == 'e' || text.charAt(at) == 'E')) {
            integral = false;
            at++;
            if (at < text.length() && (text.charAt(at) == '+' || text.charAt(at) == '-')) at++;
            int exp = at;
            while (at < text.length() && Character.isDigit(text.charAt(at))) at++;
            if (at == exp) throw error("digits were expected in the exponent");
        }
        String n = text.substring(start, at);
        if (!integral) return Double.parseDouble(n);
        BigInteger big = new BigInteger(n);
        return big.bitLength() < 64 ? (Object) big.longValue() : big;
    }

    private String string() {
        at++; // the opening quote
        StringBuilder b = new StringBuilder();
        while (true) {
            if (at >= text.length()) throw error("a string is not closed");
            char c = text.charAt(at++);
            if (c == '"') return b.toString();
            if (c < 0x20) throw error("a control character inside a string");
            if (c != '\\') {
                b.append(c);
                continue;
            }
            if (at >= text.length()) throw error("a string is not closed");
            char e = text.charAt(at++);
            switch (e) {
                case '"', '\\', '/' -> b.append(e);
                case 'n' -> b.append('\n');
                case 'r' -> b.append('\r');
                case 't' -> b.append('\t');
                case 'b' -> b.append('\b');
                case 'f' -> b.append('\f');
                case 'u' -> {
                    if (at + 4 > text.length()) throw error("a \\u escape is cut short");
                    try {
                        b.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                    } catch (NumberFormatException x) {
                        throw error("a \\u escape is not hex");
                    }
                    at += 4;
                }
                default -> throw error("an unknown escape \\" + e);
            }
        }
    }

    private void space() {
        while (at < text.length() && " \t\r\n".indexOf(text.charAt(at)) >= 0) at++;
    }

    private boolean peek(char c) {
        if (at < text.length() && text.charAt(at) == c) {
            at++;
            return true;
        }
        return false;
    }

    private void expect(char c) {
        if (!peek(c)) throw error("'" + c + "' was expected");
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException("not JSON at offset " + at + ": " + what);
    }
}
