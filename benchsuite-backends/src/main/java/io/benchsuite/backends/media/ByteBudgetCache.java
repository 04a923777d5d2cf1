package io.benchsuite.backends.media;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * Values made once per distinct key and kept, most recently used first, while their bytes fit a budget:
 * what {@link ImageUrls} and {@link AudioClips} keep of the media they encoded. A run whose every request
 * brings new media keeps only the latest; a run drawing from a small pool makes each value of the pool
 * once. Thread-safe; a value is made under the lock, so two senders never make the same one twice.
 *
 * @param <K> what defines a value (an image, a clip)
 * @param <V> the value made
 */
final class ByteBudgetCache<K, V> {
    private final long budgetBytes;
    private final Function<K, V> make;
    private final ToLongFunction<V> weight;
    private final LinkedHashMap<K, V> cache = new LinkedHashMap<>(16, 0.75f, true);
    private long heldBytes;
    private long made;

    /**
     * @param budgetBytes the most bytes kept; 0 keeps none
     * @param make makes the value of a key
     * @param weight a value's bytes
     */
    ByteBudgetCache(long budgetBytes, Function<K, V> make, ToLongFunction<V> weight) {
        if (budgetBytes < 0) throw new IllegalArgumentException("budgetBytes must be >= 0, got " + budgetBytes);
        this.budgetBytes = budgetBytes;
        this.make = make;
        this.weight = weight;
    }

    /** The key's value, made now unless it is held. */
    synchronized V get(K key) {
        V v = cache.get(key);
        if (v != null) return v;
        v = make.apply(key);
        made++;
        long w = weight.applyAsLong(v);
        if (w <= budgetBytes) {
            cache.put(key, v);
            heldBytes += w;
            for (Iterator<V> it = cache.values().iterator(); heldBytes > budgetBytes && it.hasNext(); ) {
                heldBytes -= weight.applyAsLong(it.next());
                it.remove();
            }
        }
        return v;
    }

    /** How many values were made: the distinct keys seen, when the budget holds them all. */
    synchronized long made() {
        return made;
    }

    /** The bytes held now. */
    synchronized long heldBytes() {
        return heldBytes;
    }

    /** The most bytes held. */
    long budgetBytes() {
        return budgetBytes;
    }
}
