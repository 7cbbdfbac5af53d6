package org.funssa.destruct.parallel;

import io.vavr.collection.HashSet;
import io.vavr.collection.Vector;
import org.funssa.cps.ir.Atom;

/**
 * A parallel copy {@code (d₁, …, dₙ) ← (s₁, …, sₙ)} (seed 003 §3.2: "a set of copies that have to be executed
 * in parallel"): every source is read before any destination is written. It is what a jump does to the
 * callee's parameters, so destruction writes one per edge and then {@link Sequentialization sequentializes}
 * it. Destinations are distinct; a source may appear several times and may be a constant.
 */
public record ParallelCopy(Vector<Move> moves) {

    /** One component {@code destination ← source}. */
    public record Move(Atom.Var destination, Atom source) {
        public Move {
            if (!destination.type().equals(source.type())) {
                throw new IllegalArgumentException("a copy " + destination.name() + " ← " + source
                        + " needs one type on both sides");
            }
        }

        /** Whether the move copies a variable onto itself (it does nothing). */
        public boolean isIdentity() {
            return destination.equals(source);
        }
    }

    public ParallelCopy {
        if (HashSet.ofAll(moves.map(Move::destination)).size() != moves.size()) {
            throw new IllegalArgumentException("a parallel copy writes each destination once: " + moves);
        }
    }

    /** The parallel copy a jump performs: each parameter receives the argument at its position. */
    public static ParallelCopy of(Vector<Atom.Var> destinations, Vector<? extends Atom> sources) {
        if (destinations.size() != sources.size()) {
            throw new IllegalArgumentException(destinations.size() + " destinations for " + sources.size()
                    + " sources");
        }
        return new ParallelCopy(destinations.zipWith(sources, Move::new));
    }

    /** Whether every move is an identity, so that the copy does nothing. */
    public boolean isIdentity() {
        return moves.forAll(Move::isIdentity);
    }
}
