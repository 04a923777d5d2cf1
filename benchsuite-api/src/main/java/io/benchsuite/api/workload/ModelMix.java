package io.benchsuite.api.workload;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Several model names served behind one endpoint (a base model and its LoRA adapters, or several models), each
 * request asking for one of them with a given weight, e.g. {@code base=0.6,adapter-a=0.3,adapter-b=0.1}. The
 * choice is drawn from the run's seed per request index, or per session id so that every turn of a session asks
 * for the same model: the same seed picks the same models.
 *
 * @param entries the names and their weights, in the order given; names distinct
 * @param by what one draw is made for: each request, or each session
 */
public record ModelMix(List<Entry> entries, By by) {

    /**
     * What one draw of the mix is made for.
     */
    public enum By {
        /** Each request draws its model (a session's turns may ask for different ones). */
        REQUEST,
        /** Each session draws its model once, for all its turns; an independent request draws its own. */
        SESSION
    }

    /**
     * One model name and its weight.
     *
     * @param name the model name sent in the request's {@code model} field
     * @param weight its weight, positive; weights need not add up to 1
     */
    public record Entry(String name, double weight) {
        /**
         * Checks the name is not blank and the weight is positive and finite.
         *
         * @param name the model name
         * @param weight its weight
         */
        public Entry {
            notNull(name, "name");
            if (name.isBlank()) throw new IllegalArgumentException("a model name must not be blank");
            if (!(weight > 0) || !Double.isFinite(weight)) {
                throw new IllegalArgumentException("the weight of '" + name + "' must be a positive number, got " + weight);
            }
        }
    }

    /**
     * Checks there are at least two entries with distinct names, and copies them.
     *
     * @param entries the names and weights
     * @param by what one draw is made for
     */
    public ModelMix {
        notNull(by, "by");
        entries = List.copyOf(notNull(entries, "entries"));
        if (entries.isEmpty()) throw new IllegalArgumentException("a model mix needs at least one model");
        Set<String> names = new LinkedHashSet<>();
        for (Entry e : entries) {
            if (!names.add(e.name())) throw new IllegalArgumentException("model '" + e.name() + "' is named twice");
        }
    }

    /**
     * Reads {@code name=weight,name=weight,...}, e.g. {@code base=0.6,adapter-a=0.3,adapter-b=0.1}.
     *
     * @param text the mix in text
     * @param by what one draw is made for
     * @return the mix
     * @throws IllegalArgumentException naming what is wrong with the text
     */
    public static ModelMix parse(String text, By by) {
        notNull(text, "text");
        List<Entry> entries = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            String p = part.trim();
            int eq = p.lastIndexOf('=');
            if (eq <= 0 || eq == p.length() - 1) {
                throw new IllegalArgumentException("expected name=weight, got '" + p + "'");
            }
            String w = p.substring(eq + 1).trim();
            double weight;
            try {
                weight = w.endsWith("%") ? Double.parseDouble(w.substring(0, w.length() - 1)) / 100 : Double.parseDouble(w);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("the weight of '" + p.substring(0, eq).trim() + "' is not a number: '" + w + "'");
            }
            entries.add(new Entry(p.substring(0, eq).trim(), weight));
        }
        return new ModelMix(entries, by);
    }

    /**
     * Reads {@code request} or {@code session}.
     *
     * @param text the unit's name, any case
     * @return the unit
     * @throws IllegalArgumentException for any other text
     */
    public static By by(String text) {
        String t = notNull(text, "text").trim().toLowerCase(Locale.ROOT);
        return switch (t) {
            case "request" -> By.REQUEST;
            case "session" -> By.SESSION;
            default -> throw new IllegalArgumentException("expected request or session, got '" + text + "'");
        };
    }

    /**
     * Each name's share of the draws: its weight over the sum of the weights.
     *
     * @return the shares by name, in the order given
     */
    public Map<String, Double> shares() {
        double sum = entries.stream().mapToDouble(Entry::weight).sum();
        Map<String, Double> shares = new LinkedHashMap<>();
        for (Entry e : entries) shares.put(e.name(), e.weight() / sum);
        return shares;
    }

    /**
     * The model drawn for one key (a request index, or a session's id hashed): a function of the seed and the key
     * alone, so it does not depend on the order requests are sent or finish in.
     *
     * @param seed the run's seed for the mix
     * @param key the request index or session key
     * @return the chosen name
     */
    public String pick(long seed, long key) {
        double u = new SplittableRandom(seed ^ (key * 0x9E3779B97F4A7C15L)).nextDouble();
        double sum = entries.stream().mapToDouble(Entry::weight).sum();
        double acc = 0;
        for (Entry e : entries) {
            acc += e.weight() / sum;
            if (u < acc) return e.name();
        }
        return entries.get(entries.size() - 1).name(); // u close to 1 and rounding in the sum
    }

    /**
     * The mix in the text {@link #parse} reads.
     *
     * @return e.g. {@code base=0.6,adapter-a=0.3}
     */
    public String describe() {
        StringBuilder b = new StringBuilder();
        for (Entry e : entries) {
            if (b.length() > 0) b.append(',');
            b.append(e.name()).append('=').append(e.weight() == Math.rint(e.weight()) && Math.abs(e.weight()) < 1e15
                    ? Long.toString((long) e.weight()) : Double.toString(e.weight()));
        }
        return b.toString();
    }
}
