package org.funssa.destruct.boissinot;

/*
 * An open-addressing hash map from unordered pairs of non-negative ints to non-negative ints, with linear
 * probing and deletion by shifting back the entries that follow (Knuth, TAOCP vol. 3, §6.4, Algorithms L and
 * R), hashed by Fibonacci hashing (ibid.), kept at most half full. A pair is one long, the smaller number in
 * the high half; a slot holds the value plus one, so that a new array, which the JVM zeroes, is all free.
 *
 * Why: coalescing keeps the affinity between two congruence classes under the pair of their roots. As a map of
 * maps of boxed Integers it allocated a node, two boxes and a map per class, and its lookups followed three
 * pointers each; at 10^6 instructions that was a fifth of Boissinot et al.'s time.
 */

import java.util.Arrays;

/** A mutable map from unordered pairs {a, b} of ints ≥ 0 to ints ≥ 0. Not thread-safe. */
final class PairMap {

    private static final int FREE = 0;

    private long[] keys = new long[16];
    private int[] values = new int[16];
    private int size;

    /** The value of {a, b}, or −1 when the pair has none. */
    int get(int a, int b) {
        long key = key(a, b);
        for (int i = home(key); ; i = next(i)) {
            if (values[i] == FREE) {
                return -1;
            }
            if (keys[i] == key) {
                return values[i] - 1;
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
        for (; values[i] != FREE; i = next(i)) {
            if (keys[i] == key) {
                values[i] = value + 1;
                return;
            }
        }
        keys[i] = key;
        values[i] = value + 1;
        if (2 * ++size > keys.length) {
            grow();
        }
    }

    /** Removes {a, b} and its value, if it has one. */
    void remove(int a, int b) {
        long key = key(a, b);
        int i = home(key);
        while (values[i] != FREE && keys[i] != key) {
            i = next(i);
        }
        if (values[i] == FREE) {
            return;
        }
        size--;
        // Algorithm R: move back every entry after the hole whose home does not lie cyclically in (hole, j]
        int hole = i;
        for (int j = next(i); values[j] != FREE; j = next(j)) {
            int h = home(keys[j]);
            boolean homeAfterHole = hole <= j ? hole < h && h <= j : hole < h || h <= j;
            if (!homeAfterHole) {
                keys[hole] = keys[j];
                values[hole] = values[j];
                hole = j;
            }
        }
        values[hole] = FREE;
        keys[hole] = 0;
    }

    /** How many pairs have a value. */
    int size() {
        return size;
    }

    private static long key(int a, int b) {
        if (a < 0 || b < 0) {
            throw new IllegalArgumentException("a pair of non-negative ints, not {" + a + ", " + b + "}");
        }
        return a < b ? (long) a << 32 | b : (long) b << 32 | a;
    }

    private int home(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h >>> (64 - Integer.numberOfTrailingZeros(keys.length)));
    }

    private int next(int i) {
        return (i + 1) & (keys.length - 1);
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldValues = values;
        keys = new long[2 * oldKeys.length];
        values = new int[2 * oldValues.length];
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldValues[j] != FREE) {
                int i = home(oldKeys[j]);
                while (values[i] != FREE) {
                    i = next(i);
                }
                keys[i] = oldKeys[j];
                values[i] = oldValues[j];
            }
        }
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("{");
        long[] live = new long[size];
        int n = 0;
        for (int i = 0; i < keys.length; i++) {
            if (values[i] != FREE) {
                live[n++] = keys[i];
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
