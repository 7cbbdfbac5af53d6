package org.funssa.destruct.parallel;

import io.vavr.collection.Vector;
import java.util.HashSet;
import java.util.Set;
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
                throw new IllegalArgumentException("a copy " + destination + " ← " + source
                        + " needs one type on both sides");
            }
        }

        /** Whether the move copies a variable onto itself (it does nothing). */
        public boolean isIdentity() {
            return destination.equals(source);
        }
    }

    /** Above this many moves, distinct destinations are checked with a hash set rather than pairwise. */
    private static final int PAIRWISE = 16;

    public ParallelCopy {
        if (!distinctDestinations(moves)) {
            throw new IllegalArgumentException("a parallel copy writes each destination once: " + moves);
        }
    }

    /**
     * Whether no two moves write one variable. A jump passes a few arguments, and destruction makes a
     * parallel copy for every edge: comparing them pairwise allocates nothing, where building a set would
     * allocate one for each edge of the function.
     */
    private static boolean distinctDestinations(Vector<Move> moves) {
        int n = moves.size();
        if (n <= PAIRWISE) {
            for (int i = 1; i < n; i++) {
                Atom.Var d = moves.get(i).destination();
                for (int j = 0; j < i; j++) {
                    if (moves.get(j).destination().equals(d)) {
                        return false;
                    }
                }
            }
            return true;
        }
        Set<Atom.Var> seen = new HashSet<>(2 * n);
        return moves.forAll(m -> seen.add(m.destination()));
    }

    /** The same test on an array of moves. */
    private static boolean distinctDestinations(Move[] moves) {
        if (moves.length > PAIRWISE) {
            return distinctDestinations(Vector.of(moves));
        }
        for (int i = 1; i < moves.length; i++) {
            Atom.Var d = moves[i].destination();
            for (int j = 0; j < i; j++) {
                if (moves[j].destination().equals(d)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The parallel copy a jump performs: each parameter receives the argument at its position. */
    public static ParallelCopy of(Vector<Atom.Var> destinations, Vector<? extends Atom> sources) {
        return new ParallelCopy(Vector.of(build(destinations, sources)));
    }

    /**
     * The moves of the parallel copy a jump performs, checked as the constructor checks them, as an array: what
     * {@link Sequentialization#schedule} takes. The naive method makes one parallel copy per edge and needs
     * nothing but its schedule; the record, its vector and the array made back from it would be allocated for
     * every edge and thrown away at once.
     */
    public static Move[] moves(Vector<Atom.Var> destinations, Vector<? extends Atom> sources) {
        Move[] moves = build(destinations, sources);
        if (!distinctDestinations(moves)) {
            throw new IllegalArgumentException("a parallel copy writes each destination once: "
                    + Vector.of(moves));
        }
        return moves;
    }

    /** The moves, each checked for its types; the destinations are not yet checked to be distinct. */
    private static Move[] build(Vector<Atom.Var> destinations, Vector<? extends Atom> sources) {
        if (destinations.size() != sources.size()) {
            throw new IllegalArgumentException(destinations.size() + " destinations for " + sources.size()
                    + " sources");
        }
        Move[] moves = new Move[destinations.size()];
        for (int i = 0; i < moves.length; i++) {
            moves[i] = new Move(destinations.get(i), sources.get(i));
        }
        return moves;
    }

    /** Whether every move is an identity, so that the copy does nothing. */
    public boolean isIdentity() {
        return moves.forAll(Move::isIdentity);
    }
}
