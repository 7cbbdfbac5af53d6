package org.funssa.destruct.boissinot;

import java.util.Arrays;
import org.funssa.core.graph.IntList;

/**
 * A set of distinct non-negative ints kept sorted in blocks of at most {@code 2·HALF} elements, so that adding
 * a few elements to a large set costs O(log n + HALF) each instead of a copy of the whole set. Blocks start
 * small and double up to that size, so a set of two takes a few words, not {@code 2·HALF}.
 *
 * <p>A congruence class takes in the members of a smaller class at every merge; kept as one sorted array, the
 * class of a register that lives around every loop of a function was copied whole at each loop header it
 * absorbed (10^6 instructions in nested loops: classes of 277,000 members, 330 million elements copied).
 */
final class SortedInts {

    /** Blocks split in two halves of this size when they fill up. */
    static final int HALF = 128;

    private int[][] blocks;
    private int[] lengths;
    private int count;
    private int size;

    private SortedInts(int capacity) {
        blocks = new int[Math.max(1, capacity)][];
        lengths = new int[blocks.length];
    }

    /** The set of the elements of {@code sorted}, which are distinct and increasing. */
    static SortedInts of(int[] sorted) {
        SortedInts set = new SortedInts((sorted.length + HALF - 1) / HALF);
        for (int from = 0; from < sorted.length; from += HALF) {
            int to = Math.min(sorted.length, from + HALF);
            int[] block = new int[Math.min(2 * HALF, Math.max(4, 2 * (to - from)))];
            System.arraycopy(sorted, from, block, 0, to - from);
            set.blocks[set.count] = block;
            set.lengths[set.count++] = to - from;
        }
        set.size = sorted.length;
        return set;
    }

    int size() {
        return size;
    }

    /** The least element; the set must not be empty. */
    int first() {
        return blocks[0][0];
    }

    /** The elements in increasing order. */
    int[] toArray() {
        int[] out = new int[size];
        int at = 0;
        for (int b = 0; b < count; b++) {
            System.arraycopy(blocks[b], 0, out, at, lengths[b]);
            at += lengths[b];
        }
        return out;
    }

    /** The greatest element below {@code v}, or −1 when there is none. */
    int below(int v) {
        int b = blockOf(v);
        if (b < 0) {
            return -1;
        }
        int i = lowerBound(blocks[b], lengths[b], v);
        return i > 0 ? blocks[b][i - 1] : b > 0 ? blocks[b - 1][lengths[b - 1] - 1] : -1;
    }

    /** Adds the elements {@code from ≤ e < to} to {@code out}, in increasing order. */
    void copyRange(int from, int to, IntList out) {
        if (from >= to || count == 0) {
            return;
        }
        int b = Math.max(0, blockOf(from));
        int i = lowerBound(blocks[b], lengths[b], from);
        for (; b < count; b++, i = 0) {
            int[] block = blocks[b];
            for (; i < lengths[b]; i++) {
                if (block[i] >= to) {
                    return;
                }
                out.add(block[i]);
            }
        }
    }

    /** Adds elements not in the set yet. */
    void addAll(int[] elements) {
        for (int e : elements) {
            add(e);
        }
    }

    private void add(int v) {
        if (count == 0) {
            insertBlock(0, new int[4], 0);
        }
        int b = Math.max(0, blockOf(v));
        int[] block = blocks[b];
        int length = lengths[b];
        int i = lowerBound(block, length, v);
        if (length == block.length && length < 2 * HALF) { // small sets have small blocks
            block = Arrays.copyOf(block, Math.min(2 * HALF, 2 * length));
            blocks[b] = block;
        } else if (length == block.length) { // full: split in halves, then add to the half v belongs in
            int[] upper = new int[2 * HALF];
            System.arraycopy(block, HALF, upper, 0, length - HALF);
            insertBlock(b + 1, upper, length - HALF);
            lengths[b] = HALF;
            if (i > HALF) {
                b++;
                i -= HALF;
            }
            block = blocks[b];
            length = lengths[b];
        }
        System.arraycopy(block, i, block, i + 1, length - i);
        block[i] = v;
        lengths[b]++;
        size++;
    }

    private void insertBlock(int at, int[] block, int length) {
        if (count == blocks.length) {
            blocks = Arrays.copyOf(blocks, 2 * count);
            lengths = Arrays.copyOf(lengths, 2 * count);
        }
        System.arraycopy(blocks, at, blocks, at + 1, count - at);
        System.arraycopy(lengths, at, lengths, at + 1, count - at);
        blocks[at] = block;
        lengths[at] = length;
        count++;
    }

    /** The last block whose first element is at most {@code v}, or −1 when {@code v} is below them all. */
    private int blockOf(int v) {
        int lo = 0;
        int hi = count - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (blocks[mid][0] <= v) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }

    /** The index of the first of the block's {@code length} elements that is at least {@code v}. */
    private static int lowerBound(int[] block, int length, int v) {
        int i = Arrays.binarySearch(block, 0, length, v);
        return i >= 0 ? i : -i - 1;
    }
}
