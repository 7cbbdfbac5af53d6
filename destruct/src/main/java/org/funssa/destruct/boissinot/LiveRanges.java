package org.funssa.destruct.boissinot;

/*
 * Source: Boissinot, Darte, Rastello, Dupont de Dinechin, Guillon, "Revisiting Out-of-SSA Translation for
 * Correctness, Code Quality, and Efficiency", CGO 2009, §4.1 (value-based interference: "a and b interfere
 * if their live ranges intersect and they have different values"; the value of a copy's destination is the
 * value of its source, found by one pass over the definitions in dominance order) and §4.2 (in strict SSA,
 * two live ranges intersect iff one variable, say a, dominates the other, b, and a is live just after the
 * definition of b; "live just after" is answered from LiveOut of b's block and the last use of a in it).
 * In the nested IR the dominance used is the nesting of local functions: a function is reachable only through
 * the body that defines it, so nest ancestry implies dominance, and every live range lies in the nest subtree
 * of its definition's block, so two intersecting ranges are nest-ordered; that is all §4.2's test needs.
 * Variables defined by one instruction (the parameters of a block, one parallel copy, the results of a call)
 * are treated as always intersecting, so that no two of them can share a name.
 */

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.rewrite.Nest;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Let;
import org.funssa.cps.liveness.Liveness;
import org.funssa.cps.liveness.Occurrences;
import org.funssa.destruct.parallel.ParallelCopy;

/**
 * The variables of one isolated function numbered in dominance order of their definitions (a preorder of the
 * nest, then program points), with their values and the live-range intersection test. A variable's number
 * is its place in that order.
 */
final class LiveRanges {

    private final List<Atom.Var> vars = new ArrayList<>();
    /** Per variable: the block and the point of its definition, and its value. */
    private int[] defBlock = new int[64];
    private int[] defPoint = new int[64];
    private int[] values = new int[64];
    private final Map<Atom, Integer> constants = new HashMap<>();
    /**
     * Per block b, the variables used in it in increasing order, {@code useVar[useFrom[b] .. useTo[b])}, and
     * the point of the last use of each, {@code usePoint}: blocks are numbered one at a time, so each block's
     * uses are collected in a scratch table and appended sorted when it is done.
     */
    private int[] useVar = new int[64];
    private int[] usePoint = new int[64];
    private int uses;
    private final int[] useFrom;
    private final int[] useTo;
    private int[] lastPointHere = new int[64];
    private int[] usedHere = new int[16];
    private int usedHereCount;
    /** Per block, in the nest's preorder: the last block of its subtree. */
    private final int[] last;
    /** Per block: the number of its first variable. */
    private final int[] firstVariable;
    private final Liveness liveness;
    /** Per variable: its number in {@link #liveness}. */
    private final int[] livenessNumber;
    /** Per number in {@link #liveness}: the variable's number here, or −1 while it has none. */
    private final int[] rangeNumber;
    private int nextValue;

    /**
     * @param blocks   the isolated blocks, the function's entry first
     * @param nest     the nest of the function the blocks are isolated from, which numbers them in preorder
     * @param liveness liveness of the isolated blocks read as sequential code
     */
    LiveRanges(List<IsolatedBlock> blocks, Nest nest, Liveness liveness) {
        this.liveness = liveness;
        int n = blocks.size();
        last = new int[n];
        firstVariable = new int[n];
        useFrom = new int[n];
        useTo = new int[n];
        for (int b = 0; b < n; b++) {
            last[b] = nest.last(b);
        }
        Occurrences occurrences = liveness.occurrences();
        rangeNumber = new int[liveness.variableCount()];
        Arrays.fill(rangeNumber, -1);
        livenessNumber = new int[rangeNumber.length];
        Arrays.fill(lastPointHere, -1);
        for (int k = 0; k < n; k++) {
            firstVariable[k] = vars.size();
            number(k, blocks.get(k), occurrences);
        }
        lastPointHere = null;
        usedHere = null;
    }

    /**
     * Numbers block {@code b}'s definitions and records its uses, reading the variables' liveness numbers from
     * the occurrences (the isolated block read as sequential code: parameters, entry moves, lets, exit moves,
     * each as a let; then the tail) instead of looking each name up again.
     */
    private void number(int b, IsolatedBlock block, Occurrences occurrences) {
        int at = occurrences.paramsFrom(b);
        for (Atom.Var p : block.params()) {
            define(p, occurrences.number(at++), b, 0, nextValue++);
        }
        int let = 0;
        for (ParallelCopy.Move m : block.entry().moves()) {
            copy(b, let++, 1, m.destination(), m.source(), occurrences);
        }
        for (int i = 0; i < block.lets().size(); i++, let++) {
            Let l = block.lets().get(i);
            int point = IsolatedBlock.letPoint(i);
            if (l.expr() instanceof Expr.Copy(Atom source)) {
                copy(b, let, point, l.var(0), source, occurrences);
                continue;
            }
            for (int o = occurrences.operandsFrom(b, let); o < occurrences.varsFrom(b, let); o++) {
                use(occurrences.number(o), point);
            }
            int o = occurrences.varsFrom(b, let);
            for (int k = 0; k < l.arity(); k++) {
                define(l.var(k), occurrences.number(o++), b, point, nextValue++);
            }
        }
        for (ParallelCopy.Move m : block.exit().moves()) {
            copy(b, let++, block.exitPoint(), m.destination(), m.source(), occurrences);
        }
        for (int o = occurrences.tailFrom(b); o < occurrences.exitTo(b); o++) {
            use(occurrences.number(o), block.tailPoint());
        }
        useFrom[b] = uses;
        Arrays.sort(usedHere, 0, usedHereCount);
        for (int k = 0; k < usedHereCount; k++) {
            int v = usedHere[k];
            useVar = grown(useVar, uses);
            usePoint = grown(usePoint, uses);
            useVar[uses] = v;
            usePoint[uses++] = lastPointHere[v];
            lastPointHere[v] = -1;
        }
        useTo[b] = uses;
        usedHereCount = 0;
    }

    /**
     * The copy {@code destination ← source}, the {@code let}-th let of block {@code b} read as sequential code,
     * at {@code point}: the destination's value is the source's.
     */
    private void copy(int b, int let, int point, Atom.Var destination, Atom source, Occurrences occurrences) {
        int value;
        if (source instanceof Atom.Var) {
            int n = use(occurrences.number(occurrences.operandsFrom(b, let)), point);
            value = values[n];
        } else {
            value = valueOf(source);
        }
        define(destination, occurrences.number(occurrences.varsFrom(b, let)), b, point, value);
    }

    /**
     * A use at {@code point} of the block being numbered of the variable with liveness number {@code live};
     * points only grow within a block. Its number.
     */
    private int use(int live, int point) {
        int n = rangeNumber[live];
        if (n < 0) {
            throw new IllegalArgumentException("variable " + liveness.variable(live).hint() + " is used where no "
                    + "definition of it dominates; verify the program before destruction");
        }
        if (lastPointHere[n] < 0) {
            usedHere = grown(usedHere, usedHereCount);
            usedHere[usedHereCount++] = n;
        }
        lastPointHere[n] = point;
        return n;
    }

    private void define(Atom.Var v, int live, int b, int point, int value) {
        int n = vars.size();
        if (rangeNumber[live] >= 0) {
            throw new IllegalArgumentException("variable " + v.hint() + " is bound twice; the program is not in "
                    + "SSA form (verify it before destruction)");
        }
        rangeNumber[live] = n;
        livenessNumber[n] = live;
        vars.add(v);
        defBlock = grown(defBlock, n);
        defPoint = grown(defPoint, n);
        values = grown(values, n);
        defBlock[n] = b;
        defPoint[n] = point;
        values[n] = value;
        if (n == lastPointHere.length) {
            lastPointHere = Arrays.copyOf(lastPointHere, 2 * n);
            Arrays.fill(lastPointHere, n, 2 * n, -1);
        }
    }

    /** {@code array}, or a copy twice as long when {@code size} fills it. */
    private static int[] grown(int[] array, int size) {
        return size < array.length ? array : Arrays.copyOf(array, 2 * size);
    }

    /** A constant's value is the constant itself; ⊥ has a value of its own at each occurrence. */
    private int valueOf(Atom a) {
        return switch (a) {
            case Atom.Var v -> throw new IllegalArgumentException("a variable's value comes from its number");
            case Atom.Undef u -> nextValue++;
            case Atom.IntLit c -> constants.computeIfAbsent(c, k -> nextValue++);
            case Atom.FloatLit c -> constants.computeIfAbsent(c, k -> nextValue++);
            case Atom.Addr c -> constants.computeIfAbsent(c, k -> nextValue++);
        };
    }

    /**
     * The number of the variable at {@code occurrence} of the liveness the ranges were made from (a position
     * in its {@link Occurrences}).
     */
    int numberAt(Occurrences occurrences, int occurrence) {
        return rangeNumber[occurrences.number(occurrence)];
    }

    /** The number of the variable whose liveness number is {@code live}, or −1 (for −1 too). */
    int numberOfLive(int live) {
        return live >= 0 && live < rangeNumber.length ? rangeNumber[live] : -1;
    }

    /** The variable numbered {@code n}. */
    Atom.Var var(int n) {
        return vars.get(n);
    }

    /** How many variables there are. */
    int size() {
        return vars.size();
    }

    /** The value of variable {@code n}: equal for a copy's destination and source. */
    int value(int n) {
        return values[n];
    }

    /** Whether the definition of {@code a} dominates that of {@code b} (strictly: {@code a} comes first). */
    boolean dominates(int a, int b) {
        if (a >= b) {
            return false;
        }
        int ba = defBlock[a];
        int bb = defBlock[b];
        return ba <= bb && bb <= last[ba];
    }

    /**
     * The first number after those of the variables whose definitions {@code a}'s dominates: these are the
     * numbers from {@code a + 1} up to it, the rest of {@code a}'s block and the nest under it.
     */
    int dominatedUntil(int a) {
        int block = defBlock[a];
        int after = last[block] + 1;
        return after < last.length ? firstVariable[after] : vars.size();
    }

    /** Whether the live ranges of {@code a} and {@code b} intersect, where {@code a} dominates {@code b}. */
    boolean intersect(int a, int b) {
        int block = defBlock[b];
        if (defBlock[a] == block && defPoint[a] == defPoint[b]) {
            return true;
        }
        if (liveness.out(block).contains(livenessNumber[a])) {
            return true;
        }
        int k = Arrays.binarySearch(useVar, useFrom[block], useTo[block], a);
        return k >= 0 && usePoint[k] > defPoint[b];
    }
}
