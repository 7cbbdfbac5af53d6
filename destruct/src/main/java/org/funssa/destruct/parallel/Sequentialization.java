package org.funssa.destruct.parallel;

/*
 * Source: Boissinot, Darte, Rastello, Dupont de Dinechin, Guillon, "Revisiting Out-of-SSA Translation for
 * Correctness, Code Quality, and Efficiency", CGO 2009, Algorithm 1 ("Parallel copy sequentialization"),
 * with the condition for breaking a cycle stated as "b has not been written yet" (the published test
 * `b = loc(pred(b))` is wrong when a source fans out to several destinations). Moves from constants are
 * emitted last: they read nothing that another move writes. This is what seed 004 §5.2.2 (simple ordering)
 * and §5.3.3 (the swap problem) need: a schedule that respects the simultaneous assignment property,
 * cycles broken with one temporary.
 */

import io.vavr.collection.Vector;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Type;

/**
 * Turns a {@link ParallelCopy} into a sequence of ordinary copies with the same effect. A cycle of variables
 * needs one temporary; {@code temporary} gives the one to use for a type (the same variable serves every
 * cycle of that type, since cycles are handled one after the other). Identity moves vanish. The number of
 * copies is the number of non-identity moves plus one per cycle that no move out of the cycle saves.
 */
public final class Sequentialization {

    private Sequentialization() {}

    /** The copies, in execution order, that perform {@code copy}. */
    public static Vector<ParallelCopy.Move> sequentialize(ParallelCopy copy, Function<Type, Atom.Var> temporary) {
        Vector<ParallelCopy.Move> out = Vector.empty();
        Vector<ParallelCopy.Move> constants = Vector.empty();
        // pred(b) = a for each variable move b ← a; loc(a) = where a's original value is now.
        Map<Atom.Var, Atom.Var> pred = new LinkedHashMap<>();
        Map<Atom.Var, Atom.Var> loc = new HashMap<>();
        for (ParallelCopy.Move m : copy.moves()) {
            if (m.isIdentity()) {
                continue;
            }
            switch (m.source()) {
                case Atom.Var a -> {
                    pred.put(m.destination(), a);
                    loc.put(a, a);
                }
                case Atom.IntLit c -> constants = constants.append(m);
                case Atom.FloatLit c -> constants = constants.append(m);
                case Atom.Addr c -> constants = constants.append(m);
                case Atom.Undef c -> constants = constants.append(m);
            }
        }
        ArrayDeque<Atom.Var> ready = new ArrayDeque<>();
        ArrayDeque<Atom.Var> todo = new ArrayDeque<>();
        for (Atom.Var b : pred.keySet()) {
            todo.push(b);
            if (!loc.containsKey(b)) {
                ready.push(b); // b's value is not needed by any move: it may be written at once
            }
        }
        Set<Atom.Var> written = new HashSet<>();
        while (!todo.isEmpty()) {
            while (!ready.isEmpty()) {
                Atom.Var b = ready.pop();
                Atom.Var a = pred.get(b);
                Atom.Var c = loc.get(a);
                out = out.append(new ParallelCopy.Move(b, c));
                written.add(b);
                loc.put(a, b);
                if (a.equals(c) && pred.containsKey(a)) {
                    ready.push(a); // a's original value is safe in b, so a may now be written
                }
            }
            Atom.Var b = todo.pop();
            if (!written.contains(b)) {
                // b lies on a cycle whose every member is still needed: save b in the temporary.
                Atom.Var t = temporary.apply(b.type());
                out = out.append(new ParallelCopy.Move(t, b));
                loc.put(b, t);
                ready.push(b);
            }
        }
        return out.appendAll(constants);
    }
}
