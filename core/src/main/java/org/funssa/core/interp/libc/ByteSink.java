package org.funssa.core.interp.libc;

import java.util.Arrays;

/** The growing output of one {@code printf} call: bytes, as C writes them. */
final class ByteSink {
    private byte[] bytes;
    private int size;

    ByteSink(int capacity) {
        bytes = new byte[Math.max(16, capacity)];
    }

    private void reserve(int more) {
        if (size + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
        }
    }

    void write(int b) {
        reserve(1);
        bytes[size++] = (byte) b;
    }

    void write(byte[] source, int offset, int length) {
        reserve(length);
        System.arraycopy(source, offset, bytes, size, length);
        size += length;
    }

    /** Writes a string of chars 0–255, one byte each. */
    void write(String latin1) {
        int length = latin1.length();
        reserve(length);
        for (int i = 0; i < length; i++) {
            bytes[size++] = (byte) latin1.charAt(i);
        }
    }

    void repeat(int b, int count) {
        if (count > 0) {
            reserve(count);
            Arrays.fill(bytes, size, size + count, (byte) b);
            size += count;
        }
    }

    byte[] toByteArray() {
        return Arrays.copyOf(bytes, size);
    }
}
