package org.funssa.destruct.sreedhar;

/*
 * Source: Alpern, Wegman and Zadeck, "Detecting equality of variables in programs" (POPL 1988), whose
 * congruence makes two φ-functions of one block congruent when their arguments on each edge are; here with
 * congruent read as "the same atom", and, for an edge that passes each of the two parameters itself (a loop
 * that leaves both as they are), as "equal by induction". Two such φs hold one value wherever they are live
 * together, so Sreedhar's φ-congruence (seed 004 §5.4.6) would still see them interfere and copy one of the
 * shared sources on every edge: a loop that swaps x and y and then reads both the old x and the new y after
 * it, as the corpus programs TestSsa/swap-tit and TestBuna/test_temp/do_while01 do, costs a copy COINS does
 * not make. Merging them first is sound for every program in SSA form and needs no interference test.
 */

import io.vavr.collection.Vector;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.rewrite.Nest;
import org.funssa.cps.rewrite.Substitution;

/**
 * Parameters of one local function that every jump to it gives the same atom (or each its own parameter) are
 * one parameter: the later ones are dropped, with their arguments, and their uses read the first. Repeats to a
 * fixpoint, since merging two parameters can make the arguments of a jump they pass agree.
 */
final class EqualParameters {

    /** An argument that is the parameter it is passed to, in a parameter's key. */
    private record Itself() {}

    private static final Itself ITSELF = new Itself();

    private EqualParameters() {}

    /** The function, in SSA form, with equal parameters merged; the same function when there are none. */
    static Function merged(Function function) {
        Function current = function;
        while (true) {
            Nest nest = Nest.of(current);
            Substitution merged = Substitution.empty();
            Map<Label, BitSet> dropped = new HashMap<>();
            List<List<Tail.Jump>> callers = callers(nest);
            for (int node = 1; node < nest.size(); node++) {
                Vector<Atom.Var> params = nest.params(node);
                Map<List<Object>, Atom.Var> first = new HashMap<>();
                for (int k = 0; k < params.size(); k++) {
                    List<Object> key = key(callers.get(node), params.get(k), k);
                    if (key.isEmpty()) {
                        continue;
                    }
                    Atom.Var kept = first.putIfAbsent(key, params.get(k));
                    if (kept != null) {
                        merged = merged.with(params.get(k), kept);
                        dropped.computeIfAbsent(nest.fn(node).label(), l -> new BitSet()).set(k);
                    }
                }
            }
            if (dropped.isEmpty()) {
                return current;
            }
            Substitution uses = merged;
            current = uses.apply(nest.rewrite(
                    (node, body) -> body.withTail(body.tail().mapJumps(j -> without(j, dropped.get(j.target())))),
                    (node, fn) -> fn.withParams(kept(fn.params(), dropped.get(fn.label())))));
        }
    }

    /** The jumps to each node, by node. */
    private static List<List<Tail.Jump>> callers(Nest nest) {
        List<List<Tail.Jump>> callers = new ArrayList<>(nest.size());
        for (int node = 0; node < nest.size(); node++) {
            callers.add(new ArrayList<>());
        }
        for (int node = 0; node < nest.size(); node++) {
            for (int k = 0; k < nest.jumpCount(node); k++) {
                callers.get(nest.target(node, k)).add(nest.body(node).tail().jump(k));
            }
        }
        return callers;
    }

    /**
     * What parameter {@code k} ({@code param}) receives from each jump, {@link #ITSELF} where that is the
     * parameter itself; empty when it can be merged with none: no jump gives it anything but itself, or one
     * gives it ⊥, which need not be the value another parameter's ⊥ stands for.
     */
    private static List<Object> key(List<Tail.Jump> jumps, Atom.Var param, int k) {
        List<Object> key = new ArrayList<>(jumps.size());
        boolean entered = false;
        for (Tail.Jump j : jumps) {
            Atom a = j.args().get(k);
            if (a instanceof Atom.Undef) {
                return List.of();
            }
            entered |= !a.equals(param);
            key.add(a.equals(param) ? ITSELF : a);
        }
        return entered ? key : List.of();
    }

    private static Tail.Jump without(Tail.Jump jump, BitSet positions) {
        return positions == null ? jump : jump.withArgs(kept(jump.args(), positions));
    }

    private static <T> Vector<T> kept(Vector<T> items, BitSet positions) {
        if (positions == null) {
            return items;
        }
        Vector<T> kept = Vector.empty();
        for (int i = 0; i < items.size(); i++) {
            if (!positions.get(i)) {
                kept = kept.append(items.get(i));
            }
        }
        return kept;
    }
}
