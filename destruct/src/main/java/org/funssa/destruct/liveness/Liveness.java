package org.funssa.destruct.liveness;

/*
 * Source: the usual backward data flow for liveness (seed 004 §5.4.2 and §5.4.6 use LiveIn and LiveOut per
 * block), solved iteratively with a worklist, read the SSA way: a jump's arguments are the φ sources, used
 * at the end of the jumping block (so they are live out of it, not into the target), and a block's
 * parameters are the φ targets, defined at its entry (so a used parameter is live in, and the target's
 * parameters are not live out of its predecessors).
 */

import io.vavr.collection.Vector;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Tail;

/**
 * Live-in and live-out sets (variable names) of the blocks of one function. The sets are mutable so that a
 * method that inserts copies can keep them up to date as Sreedhar et al. do.
 */
public final class Liveness {

    private final List<Set<String>> in = new ArrayList<>();
    private final List<Set<String>> out = new ArrayList<>();

    private Liveness() {}

    /**
     * Liveness of {@code blocks}, where {@code index} gives the block of each label and {@code params} the
     * parameters of each block (the function's parameters for the entry block).
     */
    public static Liveness of(List<Body> blocks, Map<String, Integer> index, List<Vector<Atom.Var>> params) {
        Liveness l = new Liveness();
        int n = blocks.size();
        List<List<Integer>> preds = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            l.in.add(new HashSet<>());
            l.out.add(new HashSet<>());
            preds.add(new ArrayList<>());
        }
        for (int i = 0; i < n; i++) {
            for (Tail.Jump j : blocks.get(i).tail().jumps()) {
                preds.get(index.get(j.target().name())).add(i);
            }
        }
        ArrayDeque<Integer> work = new ArrayDeque<>();
        boolean[] queued = new boolean[n];
        for (int i = n - 1; i >= 0; i--) {
            work.add(i);
            queued[i] = true;
        }
        while (!work.isEmpty()) {
            int b = work.poll();
            queued[b] = false;
            Body body = blocks.get(b);
            Set<String> liveOut = new HashSet<>();
            for (Tail.Jump j : body.tail().jumps()) {
                int s = index.get(j.target().name());
                Set<String> through = new HashSet<>(l.in.get(s));
                params.get(s).forEach(p -> through.remove(p.name()));
                liveOut.addAll(through);
                addVars(liveOut, j.args());
            }
            l.out.set(b, liveOut);
            Set<String> live = new HashSet<>(liveOut);
            addVars(live, tailUses(body.tail()));
            for (Let let : body.lets().reverse()) {
                let.vars().forEach(v -> live.remove(v.name()));
                addVars(live, let.expr().operands());
            }
            if (!live.equals(l.in.get(b))) {
                l.in.set(b, live);
                for (int p : preds.get(b)) {
                    if (!queued[p]) {
                        queued[p] = true;
                        work.add(p);
                    }
                }
            }
        }
        return l;
    }

    /** The operands a tail reads before it transfers control (jump arguments excluded). */
    public static Vector<Atom> tailUses(Tail tail) {
        return switch (tail) {
            case Tail.Jump j -> Vector.empty();
            case Tail.Branch b -> Vector.of(b.condition());
            case Tail.Switch s -> Vector.of(s.value());
            case Tail.Return r -> r.values();
        };
    }

    /** Adds the names of the variables among {@code atoms} to {@code set}. */
    public static void addVars(Set<String> set, Vector<? extends Atom> atoms) {
        for (Atom a : atoms) {
            if (a instanceof Atom.Var v) {
                set.add(v.name());
            }
        }
    }

    /** The variables live at the entry of block {@code b}, its used parameters included (mutable). */
    public Set<String> in(int b) {
        return in.get(b);
    }

    /** The variables live at the exit of block {@code b}, its jumps' arguments included (mutable). */
    public Set<String> out(int b) {
        return out.get(b);
    }
}
