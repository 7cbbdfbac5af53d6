package org.funssa.core.graph;

import java.util.Arrays;

/**
 * A growable int array used while an algorithm builds its result (work lists, stacks, per-block buffers
 * refilled block after block); frozen or copied into an {@link IntSeq}. Not thread-safe.
 */
public final class IntList {

    private int[] data;
    private int size;

    public IntList() {
        this(4);
    }

    public IntList(int capacity) {
        data = new int[Math.max(capacity, 1)];
    }

    public void add(int value) {
        if (size == data.length) {
            data = Arrays.copyOf(data, size * 2);
        }
        data[size++] = value;
    }

    /** Appends every value of the other list, in order. */
    public void addAll(IntList other) {
        for (int i = 0; i < other.size; i++) {
            add(other.data[i]);
        }
    }

    public int get(int index) {
        if (index >= size) {
            throw new IndexOutOfBoundsException("index " + index + " of a list of " + size);
        }
        return data[index];
    }

    /** Replaces the value at {@code index}. */
    public void set(int index, int value) {
        if (index >= size) {
            throw new IndexOutOfBoundsException("index " + index + " of a list of " + size);
        }
        data[index] = value;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public int last() {
        return data[size - 1];
    }

    /** Removes and returns the last value. */
    public int pop() {
        return data[--size];
    }

    public void clear() {
        size = 0;
    }

    /** Sorts the values into increasing order. */
    public void sort() {
        Arrays.sort(data, 0, size);
    }

    /** A copy of the values. */
    public int[] toArray() {
        return Arrays.copyOf(data, size);
    }

    /** A sequence holding a copy of the values; the list stays usable. */
    public IntSeq toSeq() {
        return IntSeq.copyOfRange(data, 0, size);
    }

    /** The contents so far, without copying; the list must not be used afterwards. */
    IntSeq freeze() {
        return IntSeq.wrap(data, 0, size);
    }
}
