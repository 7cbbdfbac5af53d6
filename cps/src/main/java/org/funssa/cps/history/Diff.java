package org.funssa.cps.history;

import io.vavr.Tuple;
import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.LinkedHashSet;
import io.vavr.collection.Vector;
import java.util.ArrayDeque;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Program;

/*
 * A structural diff of two program values that share structure (DESIGN.md "Snapshots"): both nests are
 * walked in lockstep with an explicit stack, pairing local functions by label, and a pair of identical
 * objects is skipped without looking inside — so diffing a program against a path-copied rewrite of it
 * visits only the rewritten path, however large the rest is.
 */

/**
 * What changed between two programs: which functions, and in each, which local functions.
 *
 * @param functions the functions that differ, in the order of the first program (then the added ones)
 * @param visited   how many pairs of bodies and functions the diff compared; identical pairs count once and
 *                  are not entered, so this measures the work done
 */
public record Diff(Vector<FunctionDiff> functions, long visited) {

    /** Whether the two programs are equal. */
    public boolean isEmpty() {
        return functions.isEmpty();
    }

    /** What changed in one function. */
    public sealed interface FunctionDiff permits Added, Removed, Changed {
        String name();
    }

    /** A function only the second program has. */
    public record Added(String name) implements FunctionDiff {}

    /** A function only the first program has. */
    public record Removed(String name) implements FunctionDiff {}

    /**
     * A function both programs have, with different contents.
     *
     * @param signature whether its symbols, parameters or result types differ
     * @param entry     whether its own body's lets, tail or list of local functions differ
     * @param changed   local functions present in both (possibly at different places in the nest) whose
     *                  parameters, lets, tail, list of local functions or place differ
     * @param added     local functions only the second has
     * @param removed   local functions only the first has
     */
    public record Changed(String name, boolean signature, boolean entry, Vector<Label> changed, Vector<Label> added,
                          Vector<Label> removed) implements FunctionDiff {}

    /** The differences between {@code a} and {@code b}. */
    public static Diff between(Program a, Program b) {
        LinkedHashMap<String, Function> second = LinkedHashMap.ofEntries(b.functions().map(f -> Tuple.of(f.name(), f)));
        Vector<FunctionDiff> diffs = Vector.empty();
        long visited = 0;
        for (Function f : a.functions()) {
            visited++;
            var g = second.get(f.name());
            if (g.isEmpty()) {
                diffs = diffs.append(new Removed(f.name()));
            } else if (f != g.get()) {
                FunctionWalk walk = new FunctionWalk();
                walk.compare(f.body(), g.get().body());
                visited += walk.visited;
                boolean signature = !f.symbols().equals(g.get().symbols()) || !f.params().equals(g.get().params())
                        || !f.results().equals(g.get().results());
                LinkedHashSet<Label> moved = walk.added.intersect(walk.removed);
                Changed changed = new Changed(f.name(), signature, walk.entry, walk.changed.addAll(moved).toVector(),
                        walk.added.removeAll(moved).toVector(), walk.removed.removeAll(moved).toVector());
                if (signature || changed.entry() || !changed.changed().isEmpty() || !changed.added().isEmpty()
                        || !changed.removed().isEmpty()) {
                    diffs = diffs.append(changed);
                }
            }
        }
        for (Function g : b.functions()) {
            if (a.function(g.name()).isEmpty()) {
                visited++;
                diffs = diffs.append(new Added(g.name()));
            }
        }
        return new Diff(diffs, visited);
    }

    /** The lockstep walk of one function's two nests. */
    private static final class FunctionWalk {
        private boolean entry;
        private LinkedHashSet<Label> changed = LinkedHashSet.empty();
        private LinkedHashSet<Label> added = LinkedHashSet.empty();
        private LinkedHashSet<Label> removed = LinkedHashSet.empty();
        private long visited;

        /** A pair of bodies to compare, and the local function they belong to (null: the function's body). */
        private record Pair(Body a, Body b, Label owner) {}

        void compare(Body rootA, Body rootB) {
            ArrayDeque<Pair> stack = new ArrayDeque<>();
            stack.push(new Pair(rootA, rootB, null));
            while (!stack.isEmpty()) {
                Pair pair = stack.pop();
                visited++;
                Body a = pair.a();
                Body b = pair.b();
                if (a == b) {
                    continue;
                }
                boolean differs = !(a.lets() == b.lets() || a.lets().equals(b.lets())) || !a.tail().equals(b.tail())
                        || !a.functions().map(Fn::label).equals(b.functions().map(Fn::label));
                LinkedHashMap<Label, Fn> others = LinkedHashMap.ofEntries(b.functions().map(f -> Tuple.of(f.label(), f)));
                for (Fn f : a.functions()) {
                    var g = others.get(f.label());
                    if (g.isEmpty()) {
                        removed = removed.addAll(labels(f));
                    } else if (f != g.get()) {
                        if (!f.params().equals(g.get().params())) {
                            changed = changed.add(f.label());
                        }
                        stack.push(new Pair(f.body(), g.get().body(), f.label()));
                    } else {
                        visited++;
                    }
                }
                io.vavr.collection.Set<Label> ownLabels = a.functions().map(Fn::label).toSet();
                for (Fn g : b.functions()) {
                    if (!ownLabels.contains(g.label())) {
                        added = added.addAll(labels(g));
                    }
                }
                if (differs) {
                    if (pair.owner() == null) {
                        entry = true;
                    } else {
                        changed = changed.add(pair.owner());
                    }
                }
            }
        }

        /** The labels of {@code fn} and of every local function nested in it. */
        private Vector<Label> labels(Fn fn) {
            Vector<Label> labels = Vector.empty();
            ArrayDeque<Fn> stack = new ArrayDeque<>();
            stack.push(fn);
            while (!stack.isEmpty()) {
                Fn f = stack.pop();
                visited++;
                labels = labels.append(f.label());
                f.body().functions().forEach(stack::push);
            }
            return labels;
        }
    }
}
