package org.funssa.core.graph;

import java.util.Arrays;

/** A growable int array used while an algorithm builds its result; frozen into an {@link IntSeq}. */
final class IntList {

    private int[] data;
    private int size;

    IntList() {
        this(4);
    }

    IntList(int capacity) {
        data = new int[Math.max(capacity, 1)];
    }

    void add(int value) {
        if (size == data.length) {
            data = Arrays.copyOf(data, size * 2);
        }
        data[size++] = value;
    }

    int get(int index) {
        return data[index];
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    int last() {
        return data[size - 1];
    }

    int pop() {
        return data[--size];
    }

    void clear() {
        size = 0;
    }

    /** The contents so far; the list must not be used afterwards. */
    IntSeq freeze() {
        return IntSeq.wrap(data, 0, size);
    }
}
