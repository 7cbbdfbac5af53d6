package org.funssa.cps.liveness;

/*
 * Why: a pass over a function of 10^6 instructions that looks up the number of each variable occurrence in
 * a hash table of 2·10^6 names pays a cache miss or two per occurrence, where the same pass at 10^5 finds
 * the table in the cache, so the cost of each occurrence grows with the function, not only their number.
 * Liveness looks every occurrence up once anyway, so it writes the numbers down in the order
 * it reads them, and a later walk in the same order reads them in sequence.
 */

import org.funssa.core.graph.IntList;

/**
 * The number (in {@link Liveness}'s numbering) of every variable occurrence of a function's blocks, in the
 * order {@link Liveness#of} reads them: for each block, its parameters, then for each let the variables among
 * its operands and then the variables it binds, then the variables the tail reads, then the arguments of its
 * jumps that are variables. Positions are indices into that sequence; lets are counted within their block.
 */
public final class Occurrences {

    private final int[] numbers;
    /** Per block: where its parameters start; one more entry at the end. */
    private final int[] blockStart;
    /** Per block: the index of its first let among all lets; one more entry at the end. */
    private final int[] firstLet;
    /** Per let (all blocks): where its operands start, and where the variables it binds start. */
    private final int[] operandsStart;
    private final int[] varsStart;
    /** Per block: where its tail's operands start, and where its jumps' arguments start. */
    private final int[] tailStart;
    private final int[] exitStart;

    private Occurrences(Builder b) {
        numbers = b.numbers.toArray();
        blockStart = b.blockStart.toArray();
        firstLet = b.firstLet.toArray();
        operandsStart = b.operandsStart.toArray();
        varsStart = b.varsStart.toArray();
        tailStart = b.tailStart.toArray();
        exitStart = b.exitStart.toArray();
    }

    /** How many blocks were read. */
    public int blocks() {
        return tailStart.length;
    }

    /** The variable number at position {@code k}. */
    public int number(int k) {
        return numbers[k];
    }

    /** Where the parameters of block {@code b} start; they end where its first let's operands start. */
    public int paramsFrom(int b) {
        return blockStart[b];
    }

    /** Where the parameters of block {@code b} end. */
    public int paramsTo(int b) {
        return firstLet[b] < firstLet[b + 1] ? operandsStart[firstLet[b]] : tailStart[b];
    }

    /** Where the operands of let {@code i} of block {@code b} start. */
    public int operandsFrom(int b, int i) {
        return operandsStart[firstLet[b] + i];
    }

    /** Where the variables bound by let {@code i} of block {@code b} start (its operands end there). */
    public int varsFrom(int b, int i) {
        return varsStart[firstLet[b] + i];
    }

    /** Where the variables bound by let {@code i} of block {@code b} end. */
    public int varsTo(int b, int i) {
        int let = firstLet[b] + i;
        return let + 1 < firstLet[b + 1] ? operandsStart[let + 1] : tailStart[b];
    }

    /** Where the operands of block {@code b}'s tail start. */
    public int tailFrom(int b) {
        return tailStart[b];
    }

    /** Where the operands of block {@code b}'s tail end (its jumps' arguments start there). */
    public int tailTo(int b) {
        return exitStart[b];
    }

    /** Where the jump arguments of block {@code b} end. */
    public int exitTo(int b) {
        return blockStart[b + 1];
    }

    /** Writes the numbers down as {@link Liveness} reads the blocks; the marks must come in walk order. */
    static final class Builder {
        private final IntList numbers = new IntList(1024);
        private final IntList blockStart = new IntList();
        private final IntList firstLet = new IntList();
        private final IntList operandsStart = new IntList(1024);
        private final IntList varsStart = new IntList(1024);
        private final IntList tailStart = new IntList();
        private final IntList exitStart = new IntList();

        void add(int number) {
            numbers.add(number);
        }

        void block() {
            blockStart.add(numbers.size());
            firstLet.add(operandsStart.size());
        }

        void letOperands() {
            operandsStart.add(numbers.size());
        }

        void letVars() {
            varsStart.add(numbers.size());
        }

        void tail() {
            tailStart.add(numbers.size());
        }

        void exit() {
            exitStart.add(numbers.size());
        }

        Occurrences build() {
            blockStart.add(numbers.size());
            firstLet.add(operandsStart.size());
            return new Occurrences(this);
        }
    }
}
