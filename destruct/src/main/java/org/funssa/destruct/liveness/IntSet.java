package org.funssa.destruct.liveness;

/*
 * An open-addressing hash set of non-negative ints with linear probing and deletion by shifting back the
 * entries that follow (Knuth, TAOCP vol. 3, §6.4, Algorithms L and R), hashed by Fibonacci hashing (the top
 * bits of the product with 2^32/φ, ibid.). An interference graph of a function with 10^6 instructions has
 * tens of millions of edges; a HashSet of Integers costs about 50 bytes for each end of one, this set 4 to
 * 12.
 */

import java.util.Arrays;
import java.util.function.IntConsumer;

/** A mutable set of non-negative ints. */
public final class IntSet {

    private static final int FREE = -1;

    private int[] slots = free(4);
    private int size;

    /** Whether {@code v} is in the set. */
    public boolean contains(int v) {
        for (int i = home(v); ; i = next(i)) {
            if (slots[i] == v) {
                return true;
            }
            if (slots[i] == FREE) {
                return false;
            }
        }
    }

    /** Adds {@code v}; whether it was not in the set before. */
    public boolean add(int v) {
        if (v < 0) {
            throw new IllegalArgumentException("only non-negative ints: " + v);
        }
        int i = home(v);
        while (slots[i] != FREE) {
            if (slots[i] == v) {
                return false;
            }
            i = next(i);
        }
        slots[i] = v;
        size++;
        if (3 * size > 2 * slots.length) {
            rehash(2 * slots.length);
        }
        return true;
    }

    /** Removes {@code v}; whether it was in the set. */
    public boolean remove(int v) {
        int i = home(v);
        while (slots[i] != v) {
            if (slots[i] == FREE) {
                return false;
            }
            i = next(i);
        }
        slots[i] = FREE;
        size--;
        // Algorithm R: an entry after the hole moves into it unless its home lies cyclically in (hole, entry]
        for (int j = next(i); slots[j] != FREE; j = next(j)) {
            int k = home(slots[j]);
            boolean stays = i <= j ? i < k && k <= j : i < k || k <= j;
            if (!stays) {
                slots[i] = slots[j];
                slots[j] = FREE;
                i = j;
            }
        }
        return true;
    }

    /** How many ints the set has. */
    public int size() {
        return size;
    }

    /** Calls {@code action} with every member, in no particular order; the set must not change meanwhile. */
    public void forEach(IntConsumer action) {
        for (int v : slots) {
            if (v != FREE) {
                action.accept(v);
            }
        }
    }

    private int home(int v) {
        return (v * 0x9E3779B9) >>> 32 - Integer.numberOfTrailingZeros(slots.length);
    }

    private int next(int i) {
        return (i + 1) & (slots.length - 1);
    }

    private void rehash(int length) {
        int[] old = slots;
        slots = free(length);
        for (int v : old) {
            if (v != FREE) {
                int i = home(v);
                while (slots[i] != FREE) {
                    i = next(i);
                }
                slots[i] = v;
            }
        }
    }

    private static int[] free(int length) {
        int[] a = new int[length];
        Arrays.fill(a, FREE);
        return a;
    }
}
