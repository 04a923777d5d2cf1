package io.benchsuite.api.backend;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * Which kinds of generated output one response carried: visible text ({@link Kind#CONTENT}), a
 * reasoning model's thinking ({@link Kind#REASONING}), tool calls ({@link Kind#TOOL_CALLS}). All
 * three are generated tokens and count alike for TTFT, ITL and token counts; this value only says
 * which of them a request received, so that agent or reasoning traffic can be told apart in
 * {@code requests.jsonl}. Immutable; a set of bits.
 *
 * @param bits one bit per {@link Kind}, by ordinal
 */
public record OutputKinds(int bits) {
    private static final OutputKinds NONE = new OutputKinds(0);

    /** One kind of generated output. */
    public enum Kind {
        /** Visible text: {@code content}, {@code text}, a TGI token. */
        CONTENT,
        /** Reasoning text: {@code reasoning_content} or {@code reasoning}. */
        REASONING,
        /** Tool calls: the names and argument fragments of {@code tool_calls}. */
        TOOL_CALLS;

        /**
         * The label written in {@code requests.jsonl}, e.g. {@code tool_calls}.
         *
         * @return the lower-case label
         */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        private int bit() {
            return 1 << ordinal();
        }
    }

    /**
     * Checks the bits.
     *
     * @param bits one bit per {@link Kind}, by ordinal
     * @throws IllegalArgumentException when a bit names no kind
     */
    public OutputKinds {
        if ((bits & ~((1 << Kind.values().length) - 1)) != 0) {
            throw new IllegalArgumentException("output kinds: bits " + Integer.toBinaryString(bits) + " name no kind");
        }
    }

    /**
     * No output of any kind (or a backend that does not tell).
     *
     * @return the empty set
     */
    public static OutputKinds none() {
        return NONE;
    }

    /**
     * The set of {@code kinds}.
     *
     * @param kinds the kinds
     * @return the set holding them
     */
    public static OutputKinds of(Kind... kinds) {
        OutputKinds k = NONE;
        for (Kind kind : kinds) k = k.with(kind);
        return k;
    }

    /**
     * This set with {@code kind} added.
     *
     * @param kind the kind to add
     * @return the set with it (this one when it was there)
     */
    public OutputKinds with(Kind kind) {
        int b = bits | kind.bit();
        return b == bits ? this : new OutputKinds(b);
    }

    /**
     * Whether the set holds {@code kind}.
     *
     * @param kind the kind
     * @return whether it is in the set
     */
    public boolean has(Kind kind) {
        return (bits & kind.bit()) != 0;
    }

    /**
     * Whether the set is empty.
     *
     * @return whether no kind is in it
     */
    public boolean isEmpty() {
        return bits == 0;
    }

    /**
     * The labels of the kinds in the set, in {@link Kind} order, e.g. {@code [content, tool_calls]}.
     *
     * @return the labels
     */
    public List<String> labels() {
        List<String> out = new ArrayList<>(3);
        for (Kind k : Kind.values()) {
            if (has(k)) out.add(k.label());
        }
        return out;
    }

    /**
     * Reads labels back (as written by {@link #labels()}).
     *
     * @param labels the labels
     * @return the set they name
     * @throws IllegalArgumentException naming a label that is no kind, and the labels accepted
     */
    public static OutputKinds parse(Collection<String> labels) {
        OutputKinds k = NONE;
        for (String label : labels) {
            Kind found = null;
            for (Kind kind : Kind.values()) {
                if (kind.label().equals(label)) found = kind;
            }
            if (found == null) {
                throw new IllegalArgumentException("unknown output kind '" + label + "': expected content, reasoning or tool_calls");
            }
            k = k.with(found);
        }
        return k;
    }

    @Override
    public String toString() {
        return labels().toString();
    }
}
