package org.funssa.cps.rewrite;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Objects;

/*
 * The dominator-scoped table of seed 004 §6.2 (Figure 6.2's NameExp table) and of Cytron et al.'s renaming
 * stacks (seed 004 Figure 4.3): entries made in a block hold in the blocks it dominates and are removed when the
 * walk leaves its dominator subtree. A hash map with an undo log does this in constant time per entry, so a walk
 * of a whole function takes time linear in its size; a persistent map threaded down the walk costs a logarithmic
 * factor and its garbage (bench/reports/2026-11-26-opt-scaling.md measured cse that way).
 */

/**
 * A mutable map whose changes can be undone back to a mark, last first: take {@link #mark()} on entering a body,
 * {@link #put} while in it and its local functions, {@link #rollback} to the mark on leaving them
 * ({@link Nest.ScopedWalk}). Keys and values are never {@code null}.
 */
public final class ScopedMap<K, V> {

    private final HashMap<K, V> entries = new HashMap<>();
    /** The keys put, in order, and what each mapped to before (null: nothing). */
    private final ArrayList<K> keys = new ArrayList<>();
    private final ArrayList<V> previous = new ArrayList<>();

    /** The value {@code key} maps to, or {@code null}. */
    public V get(K key) {
        return entries.get(key);
    }

    /** Maps {@code key} to {@code value} until a rollback to a mark taken before this call. */
    public void put(K key, V value) {
        keys.add(Objects.requireNonNull(key, "key"));
        previous.add(entries.put(key, Objects.requireNonNull(value, "value")));
    }

    /** The point to roll back to: the map as it is now. */
    public int mark() {
        return keys.size();
    }

    /**
     * Undoes every {@link #put} made since {@code mark} was taken, last first.
     *
     * @throws IllegalArgumentException when {@code mark} is not one this map handed out, or was rolled past
     */
    public void rollback(int mark) {
        if (mark < 0 || mark > keys.size()) {
            throw new IllegalArgumentException("no mark " + mark + " in a map of " + keys.size() + " changes");
        }
        for (int i = keys.size() - 1; i >= mark; i--) {
            K key = keys.remove(i);
            V before = previous.remove(i);
            if (before == null) {
                entries.remove(key);
            } else {
                entries.put(key, before);
            }
        }
    }

    /** How many keys map to a value now. */
    public int size() {
        return entries.size();
    }
}
