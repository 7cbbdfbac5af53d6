package org.funssa.core.graph;

import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * An immutable sequence of ints: a read-only window on an int array that is never written again.
 * Graphs hand out their adjacency lists as {@code IntSeq}s so that algorithms stay array-based
 * without boxing and without exposing mutable arrays.
 */
public final class IntSeq {

    private static final IntSeq EMPTY = new IntSeq(new int[0], 0, 0);

    private final int[] data;
    private final int from;
    private final int length;

    private IntSeq(int[] data, int from, int length) {
        this.data = data;
        this.from = from;
        this.length = length;
    }

    /** A sequence holding a copy of the given values. */
    public static IntSeq of(int... values) {
        return values.length == 0 ? EMPTY : new IntSeq(values.clone(), 0, values.length);
    }

    /**
     * The pairs {@code (keys[k], values[k])} grouped by key: element {@code g} is the values paired with key
     * {@code g} (0 ≤ g < {@code groups}), in the order the pairs come. A stable counting sort into one array,
     * each group a window on it.
     */
    public static IntSeq[] grouped(int groups, IntList keys, IntList values) {
        int[] start = new int[groups + 1];
        for (int k = 0; k < keys.size(); k++) {
            start[keys.get(k) + 1]++;
        }
        for (int g = 0; g < groups; g++) {
            start[g + 1] += start[g];
        }
        int[] all = new int[keys.size()];
        int[] fill = Arrays.copyOf(start, groups);
        for (int k = 0; k < keys.size(); k++) {
            all[fill[keys.get(k)]++] = values.get(k);
        }
        IntSeq[] out = new IntSeq[groups];
        for (int g = 0; g < groups; g++) {
            out[g] = start[g] == start[g + 1] ? EMPTY : wrap(all, start[g], start[g + 1] - start[g]);
        }
        return out;
    }

    /** A sequence holding a copy of {@code values[from .. to)}. */
    public static IntSeq copyOfRange(int[] values, int from, int to) {
        return from == to ? EMPTY : new IntSeq(Arrays.copyOfRange(values, from, to), 0, to - from);
    }

    public static IntSeq empty() {
        return EMPTY;
    }

    /** Wraps an array the caller gives up: it must never be written again. */
    static IntSeq wrap(int[] data, int from, int length) {
        return length == 0 ? EMPTY : new IntSeq(data, from, length);
    }

    static IntSeq wrap(int[] data) {
        return wrap(data, 0, data.length);
    }

    public int size() {
        return length;
    }

    public boolean isEmpty() {
        return length == 0;
    }

    public int get(int index) {
        if (index < 0 || index >= length) {
            throw new IndexOutOfBoundsException("index " + index + " of a sequence of " + length);
        }
        return data[from + index];
    }

    /** Whether the value occurs (linear search). */
    public boolean contains(int value) {
        for (int i = from; i < from + length; i++) {
            if (data[i] == value) {
                return true;
            }
        }
        return false;
    }

    /** Whether the value occurs, for a sequence in increasing order (binary search). */
    public boolean containsSorted(int value) {
        return Arrays.binarySearch(data, from, from + length, value) >= 0;
    }

    public int[] toArray() {
        return Arrays.copyOfRange(data, from, from + length);
    }

    public IntStream stream() {
        return Arrays.stream(data, from, from + length);
    }

    /** The same values in increasing order, duplicates kept. */
    public IntSeq sorted() {
        int[] copy = toArray();
        Arrays.sort(copy);
        return wrap(copy);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof IntSeq that
                && Arrays.equals(data, from, from + length, that.data, that.from, that.from + that.length);
    }

    @Override
    public int hashCode() {
        int hash = 1;
        for (int i = from; i < from + length; i++) {
            hash = 31 * hash + data[i];
        }
        return hash;
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("[");
        for (int i = 0; i < length; i++) {
            text.append(i == 0 ? "" : ", ").append(data[from + i]);
        }
        return text.append(']').toString();
    }
}
