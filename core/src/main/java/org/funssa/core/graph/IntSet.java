package org.funssa.core.graph;

/*
 * An open-addressing hash set of non-negative ints with linear probing and deletion by shifting back the
 * entries that follow (Knuth, TAOCP vol. 3, §6.4, Algorithms L and R), hashed by Fibonacci hashing (the
 * product with 2^32/φ, ibid.), whose 32 bits are scaled to the table's length (the high half of their product
 * with it; Lemire, "Fast random integer generation in an interval", 2019). So a table can have any length:
 * room reserved for n members in an empty set is 1.5·n slots, where rounding up to a power of two gave 1.5
 * to 3·n, and the neighbour sets of an interference graph, most of them reserved so, are most of the graph.
 * An interference graph of a function with 10^6 instructions has tens of millions of edges; a HashSet of
 * Integers costs about 50 bytes for each end of one, this set 4 to 12. A slot holds its member plus one, so
 * that a new array, which the JVM zeroes, is all free slots without a second pass to fill it (a pass over
 * every slot of every neighbour set).
 */

import java.util.function.IntConsumer;

/** A mutable set of ints from 0 to 2³¹ − 2. */
public final class IntSet {

    /** A free slot; a member v is kept as v + 1, at the home of v. */
    private static final int FREE = 0;
    /** The largest table: 2³¹ − 1 ints would not be a Java array on every JVM. */
    private static final int MAX_SLOTS = Integer.MAX_VALUE - 8;

    private int[] slots = new int[4];
    private int size;

    /** Whether {@code v} is in the set. */
    public boolean contains(int v) {
        if (v < 0 || v == Integer.MAX_VALUE) {
            return false;
        }
        int key = v + 1;
        for (int i = home(v); ; i = next(i)) {
            if (slots[i] == key) {
                return true;
            }
            if (slots[i] == FREE) {
                return false;
            }
        }
    }

    /** Adds {@code v}; whether it was not in the set before. */
    public boolean add(int v) {
        if (v < 0 || v == Integer.MAX_VALUE) {
            throw new IllegalArgumentException("only ints from 0 to 2^31 - 2 in an IntSet: " + v);
        }
        int key = v + 1;
        int i = home(v);
        while (slots[i] != FREE) {
            if (slots[i] == key) {
                return false;
            }
            i = next(i);
        }
        slots[i] = key;
        size++;
        if (3L * size > 2L * slots.length) {
            rehash((int) Math.min(2L * slots.length, MAX_SLOTS));
        }
        return true;
    }

    /** Removes {@code v}; whether it was in the set. */
    public boolean remove(int v) {
        if (v < 0 || v == Integer.MAX_VALUE) {
            return false;
        }
        int key = v + 1;
        int i = home(v);
        while (slots[i] != key) {
            if (slots[i] == FREE) {
                return false;
            }
            i = next(i);
        }
        slots[i] = FREE;
        size--;
        // Algorithm R: an entry after the hole moves into it unless its home lies cyclically in (hole, entry]
        for (int j = next(i); slots[j] != FREE; j = next(j)) {
            int k = home(slots[j] - 1);
            boolean stays = i <= j ? i < k && k <= j : i < k || k <= j;
            if (!stays) {
                slots[i] = slots[j];
                slots[j] = FREE;
                i = j;
            }
        }
        return true;
    }

    /**
     * Makes room for {@code more} members beyond those the set has, so that adding them grows it at most once.
     * A table that must grow at least doubles, so that reserving a little more again and again (as contracting
     * vertices of an interference graph does) costs amortized constant time per member, not a rehash each.
     */
    public void reserve(int more) {
        long wanted = 3L * (size + (long) more) / 2 + 1;
        if (wanted > slots.length) {
            rehash((int) Math.min(Math.max(wanted, 2L * slots.length), MAX_SLOTS));
        }
    }

    /** How many ints the set has. */
    public int size() {
        return size;
    }

    /** Calls {@code action} with every member, in no particular order; the set must not change meanwhile. */
    public void forEach(IntConsumer action) {
        for (int key : slots) {
            if (key != FREE) {
                action.accept(key - 1);
            }
        }
    }

    /** How many slots the table has (for tests of its sizing). */
    int slots() {
        return slots.length;
    }

    private int home(int v) {
        return (int) (Integer.toUnsignedLong(v * 0x9E3779B9) * slots.length >>> 32);
    }

    private int next(int i) {
        return i + 1 == slots.length ? 0 : i + 1;
    }

    private void rehash(int length) {
        int[] old = slots;
        slots = new int[length];
        for (int key : old) {
            if (key != FREE) {
                int i = home(key - 1);
                while (slots[i] != FREE) {
                    i = next(i);
                }
                slots[i] = key;
            }
        }
    }
}
