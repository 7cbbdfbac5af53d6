package org.funssa.destruct.boissinot;

/*
 * An open-addressing hash map from unordered pairs of non-negative ints to non-negative ints, with linear
 * probing and deletion by shifting back the entries that follow (Knuth, TAOCP vol. 3, §6.4, Algorithms L and
 * R), hashed by Fibonacci hashing (ibid.), kept at most half full. A pair is one long, the smaller number in
 * the high half; a slot is two longs side by side, the pair and its value plus one, so that a new array, which
 * the JVM zeroes, is all free, and a probe reads one cache line where a key array and a value array beside it
 * cost two misses once the table outgrows the cache, as it does at 10^6 instructions.
 *
 * Why: coalescing keeps the affinity between two congruence classes under the pair of their roots. As a map of
 * maps of boxed Integers it allocated a node, two boxes and a map per class, and its lookups followed three
 * pointers each, each a cache miss at 10^6 instructions; here a lookup is a probe into one array.
 */

import java.util.Arrays;

/** A mutable map from unordered pairs {a, b} of ints ≥ 0 to ints ≥ 0. Not thread-safe. */
final class PairMap {

    private static final long FREE = 0;

    /** Slot i: its pair at 2i, its value plus one (or {@link #FREE}) at 2i + 1. */
    private long[] slots = new long[32];
    private int size;

    /** The value of {a, b}, or −1 when the pair has none. */
    int get(int a, int b) {
        long key = key(a, b);
        for (int i = home(key); ; i = next(i)) {
            long value = slots[2 * i + 1];
            if (value == FREE) {
                return -1;
            }
            if (slots[2 * i] == key) {
                return (int) value - 1;
            }
        }
    }

    /** Gives {a, b} the value {@code value} (≥ 0), in place of the one it had. */
    void put(int a, int b, int value) {
        if (value < 0 || value == Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a pair's value is from 0 to 2^31 - 2, not " + value);
        }
        long key = key(a, b);
        int i = home(key);
        for (; slots[2 * i + 1] != FREE; i = next(i)) {
            if (slots[2 * i] == key) {
                slots[2 * i + 1] = value + 1L;
                return;
            }
        }
        slots[2 * i] = key;
        slots[2 * i + 1] = value + 1L;
        if (2 * ++size > capacity()) {
            grow();
        }
    }

    /** Removes {a, b} and its value, if it has one. */
    void remove(int a, int b) {
        long key = key(a, b);
        int i = home(key);
        while (slots[2 * i + 1] != FREE && slots[2 * i] != key) {
            i = next(i);
        }
        if (slots[2 * i + 1] == FREE) {
            return;
        }
        size--;
        // Algorithm R: move back every entry after the hole whose home does not lie cyclically in (hole, j]
        int hole = i;
        for (int j = next(i); slots[2 * j + 1] != FREE; j = next(j)) {
            int h = home(slots[2 * j]);
            boolean homeAfterHole = hole <= j ? hole < h && h <= j : hole < h || h <= j;
            if (!homeAfterHole) {
                slots[2 * hole] = slots[2 * j];
                slots[2 * hole + 1] = slots[2 * j + 1];
                hole = j;
            }
        }
        slots[2 * hole] = 0;
        slots[2 * hole + 1] = FREE;
    }

    /** How many pairs have a value. */
    int size() {
        return size;
    }

    private int capacity() {
        return slots.length / 2;
    }

    private static long key(int a, int b) {
        if (a < 0 || b < 0) {
            throw new IllegalArgumentException("a pair of non-negative ints, not {" + a + ", " + b + "}");
        }
        return a < b ? (long) a << 32 | b : (long) b << 32 | a;
    }

    private int home(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h >>> (64 - Integer.numberOfTrailingZeros(capacity())));
    }

    private int next(int i) {
        return (i + 1) & (capacity() - 1);
    }

    private void grow() {
        long[] old = slots;
        slots = new long[2 * old.length];
        for (int j = 0; j < old.length; j += 2) {
            if (old[j + 1] != FREE) {
                int i = home(old[j]);
                while (slots[2 * i + 1] != FREE) {
                    i = next(i);
                }
                slots[2 * i] = old[j];
                slots[2 * i + 1] = old[j + 1];
            }
        }
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("{");
        long[] live = new long[size];
        int n = 0;
        for (int i = 0; i < capacity(); i++) {
            if (slots[2 * i + 1] != FREE) {
                live[n++] = slots[2 * i];
            }
        }
        Arrays.sort(live);
        for (int k = 0; k < n; k++) {
            int a = (int) (live[k] >>> 32);
            int b = (int) live[k];
            s.append(k == 0 ? "" : ", ").append('{').append(a).append(", ").append(b).append("}=").append(get(a, b));
        }
        return s.append('}').toString();
    }
}
