package org.funssa.cps.rewrite;

import io.vavr.control.Option;
import java.util.function.Function;

/**
 * The last few results of an analysis, keyed by the identity of the value analysed (DESIGN.md "Passes": analyses
 * are computed from a program value and cached by identity). IR values are immutable, so a result stays right as
 * long as its key is the same object; equal but distinct values are analysed again, as they may be large and
 * comparing them costs as much. A handful of entries serves a pass that asks about the function it is working
 * on, again and again; keys are held weakly, so the cache keeps no program alive.
 */
public final class IdentityCache<K, V> {

    private final java.lang.ref.WeakReference<?>[] keys;
    private final Object[] values;
    /** The slot the next new entry goes to: the oldest one. */
    private int next;

    /** A cache of the last {@code capacity} results. */
    public IdentityCache(int capacity) {
        keys = new java.lang.ref.WeakReference<?>[capacity];
        values = new Object[capacity];
    }

    /**
     * The result for {@code key}, computed by {@code compute} when no entry has that very object. The computation
     * runs outside the cache's lock, so that threads analysing other values are not held up by it; two threads
     * asking for the same new key at once may both compute it (results of pure analyses, equal).
     */
    public V get(K key, Function<K, V> compute) {
        return lookUp(key).getOrElse(() -> {
            V value = compute.apply(key);
            store(key, value);
            return value;
        });
    }

    /** The entry for that very object, if there is one. */
    @SuppressWarnings("unchecked")
    private synchronized Option<V> lookUp(K key) {
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] != null && keys[i].get() == key) {
                return Option.some((V) values[i]);
            }
        }
        return Option.none();
    }

    private synchronized void store(K key, V value) {
        keys[next] = new java.lang.ref.WeakReference<>(key);
        values[next] = value;
        next = (next + 1) % keys.length;
    }
}
