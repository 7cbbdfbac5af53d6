package org.funssa.destruct.parallel;

/*
 * Source: Boissinot, Darte, Rastello, Dupont de Dinechin, Guillon, "Revisiting Out-of-SSA Translation for
 * Correctness, Code Quality, and Efficiency", CGO 2009, Algorithm 1 ("Parallel copy sequentialization"),
 * with the condition for breaking a cycle stated as "b has not been written yet" (the published test
 * `b = loc(pred(b))` is wrong when a source fans out to several destinations). Moves from constants are
 * emitted last: they read nothing that another move writes. This is what seed 004 §5.2.2 (simple ordering)
 * and §5.3.3 (the swap problem) need: a schedule that respects the simultaneous assignment property,
 * cycles broken with one temporary.
 *
 * Most parallel copies of a pruned SSA program have no move that overwrites another move's source: the
 * destinations are a block's parameters and the sources values computed before the jump. Such a copy needs
 * no ordering, yet Algorithm 1 builds its maps, set and work lists for every edge, several allocations per
 * edge to order moves that need no order. A small copy that overwrites no source is therefore scheduled
 * directly, in exactly the order Algorithm 1 gives it (the ready moves last to first, each reading its source
 * from the move that last copied it).
 */

import io.vavr.collection.Vector;
import java.util.ArrayDeque;
import java.util.Arrays;
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

    /** The largest copy scheduled directly when no move overwrites a source: the check is quadratic. */
    private static final int DIRECT = 64;

    /** The copies, in execution order, that perform {@code copy}. */
    public static Vector<ParallelCopy.Move> sequentialize(ParallelCopy copy, Function<Type, Atom.Var> temporary) {
        if (copy.moves().size() <= DIRECT) {
            ParallelCopy.Move[] moves = copy.moves().toJavaArray(ParallelCopy.Move[]::new);
            if (!overwritesASource(moves)) {
                return Vector.of(direct(moves));
            }
        }
        return algorithm1(copy, temporary);
    }

    /**
     * The same schedule for the moves of a parallel copy given as an array, as {@link ParallelCopy#moves} makes
     * them (so they are checked), returned as an array: for a method that turns each schedule into lets at once
     * and keeps neither the copy nor the schedule.
     */
    public static ParallelCopy.Move[] schedule(ParallelCopy.Move[] moves, Function<Type, Atom.Var> temporary) {
        if (moves.length <= DIRECT && !overwritesASource(moves)) {
            return direct(moves);
        }
        return algorithm1(new ParallelCopy(Vector.of(moves)), temporary).toJavaArray(ParallelCopy.Move[]::new);
    }

    /** Algorithm 1 itself, for every parallel copy; package-private so that a test compares the two. */
    static Vector<ParallelCopy.Move> algorithm1(ParallelCopy copy, Function<Type, Atom.Var> temporary) {
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

    /** Whether some non-identity move writes a variable that another non-identity move reads. */
    private static boolean overwritesASource(ParallelCopy.Move[] moves) {
        for (ParallelCopy.Move writer : moves) {
            if (writer.isIdentity()) {
                continue;
            }
            for (ParallelCopy.Move reader : moves) {
                if (!reader.isIdentity() && reader.source().equals(writer.destination())) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * What the algorithm does when no move overwrites a source: every variable move is ready at once and
     * leaves the ready stack last first; a source copied already is read from the destination that received
     * it last (its {@code loc}); the constant moves follow in order. The schedule is built in an array:
     * appending move by move to a vector copied a leaf of the vector for every move. A move that reads
     * its own source is kept as it is rather than made again.
     */
    private static ParallelCopy.Move[] direct(ParallelCopy.Move[] moves) {
        ParallelCopy.Move[] out = new ParallelCopy.Move[moves.length];
        Atom.Var[] read = new Atom.Var[moves.length]; // the original source of each move emitted so far
        int emitted = 0;
        for (int i = moves.length - 1; i >= 0; i--) {
            ParallelCopy.Move m = moves[i];
            if (m.isIdentity() || !(m.source() instanceof Atom.Var a)) {
                continue;
            }
            Atom.Var source = a;
            for (int j = emitted - 1; j >= 0; j--) {
                if (read[j].equals(a)) {
                    source = out[j].destination();
                    break;
                }
            }
            read[emitted] = a;
            out[emitted++] = source == a ? m : new ParallelCopy.Move(m.destination(), source);
        }
        for (ParallelCopy.Move m : moves) {
            if (!m.isIdentity() && !(m.source() instanceof Atom.Var)) {
                out[emitted++] = m;
            }
        }
        return emitted == out.length ? out : Arrays.copyOf(out, emitted);
    }
}
