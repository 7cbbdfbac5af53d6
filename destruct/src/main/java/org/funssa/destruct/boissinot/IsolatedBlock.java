package org.funssa.destruct.boissinot;

import io.vavr.collection.Vector;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Tail;
import org.funssa.destruct.parallel.ParallelCopy;

/**
 * One block after φ isolation (Boissinot et al., CGO 2009, §3.1, "Method I"): its parameters are fresh φ
 * targets that the {@code entry} parallel copy moves into the original parameters; its {@code exit} parallel
 * copy moves the jump's original arguments into fresh variables, which the {@code tail} passes instead; a
 * block that branches has in it the moves that several of its edges make from one source, whose destinations
 * the jumps of its edges' own blocks pass.
 * Program points, in order: 0 the parameters, 1 the entry copy, 2 + i the i-th let, {@link #exitPoint()} the
 * exit copy, {@link #tailPoint()} the tail.
 */
record IsolatedBlock(Vector<Atom.Var> params, ParallelCopy entry, Vector<Let> lets, ParallelCopy exit,
                     Tail tail) {

    /** The block with another exit copy. */
    IsolatedBlock withExit(ParallelCopy newExit) {
        return new IsolatedBlock(params, entry, lets, newExit, tail);
    }

    /** The point of the i-th let. */
    static int letPoint(int i) {
        return 2 + i;
    }

    int exitPoint() {
        return 2 + lets.size();
    }

    int tailPoint() {
        return 3 + lets.size();
    }

    /** The block as sequential code (the parallel copies' destinations are fresh, so order does not matter). */
    Vector<Let> sequentialLets() {
        return entry.moves().map(IsolatedBlock::let).appendAll(lets).appendAll(exit.moves().map(IsolatedBlock::let));
    }

    private static Let let(ParallelCopy.Move m) {
        return Let.of(m.destination(), new Expr.Copy(m.source()));
    }
}
