package org.funssa.cps.opt;

import io.vavr.collection.Vector;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.funssa.core.interp.Arith;
import org.funssa.core.lir.Op;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Type;

/*
 * Seed 004 §6.13.2 "Sorting Expressions": a tree of one of the operators ADD, MUL, BAND, BOR, BXOR is read as
 * the operator applied to the multiset of its operands, which are then ordered by rank (§6.13.1), the lowest at
 * the left, and operands of equal rank in a fixed order ("alphabetical sorting"; here constants, then addresses
 * by symbol, then ⊥, then variables by number), so that equal sums are spelled alike for CSE and the part of a
 * sum made of loop invariants is a prefix that hli can hoist. x − y + z is the sum x + (−y) + z: a subtraction
 * joins the sum with its right operand negated. The constants, all of rank 0, come first and fold into one with
 * Folding (the interpreter's arithmetic; integers wrap, so the folded value is exact in any order); one equal to
 * the operator's identity is dropped.
 *
 * Trees are flattened operand by operand as the pass reaches their lets, so a chain is built by joining the
 * chains of its operands: the smaller one's operands move into the larger one, and a sum negated as a whole only
 * flips a flag, which keeps a tree of n operands at O(n log n) however it is shaped.
 */

/**
 * A tree of one associative and commutative integer operator flattened into its operands, their ranks and, in a
 * sum, their signs, with the constants folded; built and then read once by {@link GlobalReassociation}.
 */
final class AssociativeChain {

    /** An operand: an atom other than an integer literal, its rank, and in a sum whether it is subtracted. */
    record Term(Atom atom, int rank, boolean negated) {}

    /**
     * A sum among the operands of a product, bound to {@code var} by a let used only by the product: whether the
     * product distributes over it (§6.13.3) is decided when the product is complete.
     */
    record Factor(Atom.Var var, AssociativeChain sum) {}

    private final Op op;
    private final Type.Data type;
    /** The operands; a term's sign is its {@code negated} flipped when {@link #negated} is set. */
    private final ArrayList<Term> terms = new ArrayList<>();
    private boolean negated;
    /** The folded constants, with their signs applied. */
    private Atom constant;
    private int rank;
    /** The variables of the tree's lets below its root, free for the lets that replace them. */
    private final ArrayDeque<Atom.Var> interior = new ArrayDeque<>();
    /** Lets the operands need that the tree's lets did not have (distribution makes them). */
    private Vector<Let> prelude = Vector.empty();
    private final ArrayList<Factor> factors = new ArrayList<>();

    /**
     * An empty chain of {@code op}: ADD (for sums, subtractions included), MUL, BAND, BOR or BXOR, on integers of
     * at most 64 bits.
     */
    AssociativeChain(Op op, Type.Data type) {
        this.op = op;
        this.type = type;
        this.constant = identity(op, type);
    }

    /** The identity of {@code op} at the type's width: 0, or 1 for MUL, or all ones for BAND. */
    static Atom.IntLit identity(Op op, Type.Data type) {
        return Atom.IntLit.of(type, switch (op) {
            case MUL -> 1;
            case BAND -> -1;
            default -> 0;
        });
    }

    Op op() {
        return op;
    }

    Type.Data type() {
        return type;
    }

    /** The highest rank of the operands: the rank of the tree's value. */
    int rank() {
        return rank;
    }

    /** The variables of the tree's inner lets, in the order they are handed out; taken from as it is read. */
    ArrayDeque<Atom.Var> interior() {
        return interior;
    }

    Vector<Let> prelude() {
        return prelude;
    }

    /** The sums among a product's operands whose distribution is still to be decided. */
    List<Factor> factors() {
        return factors;
    }

    /** Adds an operand of this rank, subtracted when {@code minus} (in a sum); a literal folds into the constant. */
    void add(Atom atom, int atomRank, boolean minus) {
        if (atom instanceof Atom.IntLit literal) {
            constant = fold(constant, literal, minus);
        } else {
            terms.add(new Term(atom, atomRank, minus ^ negated));
            rank = Math.max(rank, atomRank);
        }
    }

    /** Adds lets to run before the tree's own. */
    void addPrelude(Vector<Let> lets) {
        prelude = prelude.appendAll(lets);
    }

    /**
     * The chain of {@code a op b}, or {@code a − b} when {@code minus}: the smaller chain's operands join the larger
     * one, which is returned; neither argument is to be used afterwards.
     */
    static AssociativeChain join(AssociativeChain a, AssociativeChain b, boolean minus) {
        AssociativeChain big = a.terms.size() >= b.terms.size() ? a : b;
        AssociativeChain small = big == a ? b : a;
        Atom constant = a.fold(a.constant, b.constant, minus);
        if (big == b) {
            big.negated ^= minus;
        }
        boolean flip = small.negated ^ big.negated ^ (small == b && minus);
        for (Term t : small.terms) {
            big.terms.add(new Term(t.atom(), t.rank(), t.negated() ^ flip));
        }
        big.constant = constant;
        big.rank = Math.max(big.rank, small.rank);
        big.interior.addAll(small.interior);
        big.prelude = b.prelude.isEmpty() ? a.prelude
                : a.prelude.isEmpty() ? b.prelude : a.prelude.appendAll(b.prelude);
        big.factors.addAll(small.factors);
        return big;
    }

    /**
     * The operands in the order the tree is rebuilt: the folded constant first unless it is the identity, then
     * the others by rank and, at equal rank, in the fixed order; each with its sign.
     */
    List<Term> sorted() {
        List<Term> sorted = new ArrayList<>(terms.size() + 1);
        if (!isIdentity(constant)) {
            sorted.add(new Term(constant, 0, false));
        }
        int from = sorted.size();
        for (Term t : terms) {
            sorted.add(new Term(t.atom(), t.rank(), t.negated() ^ negated));
        }
        sorted.subList(from, sorted.size()).sort(AssociativeChain::compare);
        return sorted;
    }

    /** The identity of the chain's operator. */
    Atom.IntLit identity() {
        return identity(op, type);
    }

    private boolean isIdentity(Atom literal) {
        int bits = type.lir().bits();
        return literal instanceof Atom.IntLit i && Arith.normalize(bits, i.value().longValue())
                == Arith.normalize(bits, identity().value().longValue());
    }

    /** {@code a op b}, or {@code a − b} when {@code minus}, by the interpreter's arithmetic. */
    private Atom fold(Atom a, Atom b, boolean minus) {
        Op folded = minus ? Op.SUB : op;
        return Folding.evaluate(folded, type, Vector.of(a, b)).getOrElseThrow(() -> new IllegalStateException(
                folded + " " + type + " did not fold " + a + " and " + b));
    }

    /** Rank first, then literals, addresses by symbol, ⊥, variables by number. */
    private static int compare(Term a, Term b) {
        int byRank = Integer.compare(a.rank(), b.rank());
        if (byRank != 0) {
            return byRank;
        }
        int byKind = Integer.compare(kind(a.atom()), kind(b.atom()));
        if (byKind != 0) {
            return byKind;
        }
        return switch (a.atom()) {
            case Atom.Var v -> Integer.compare(v.id(), ((Atom.Var) b.atom()).id());
            case Atom.Addr x -> (x.symbol() + x.space()).compareTo(((Atom.Addr) b.atom()).symbol()
                    + ((Atom.Addr) b.atom()).space());
            default -> 0;
        };
    }

    private static int kind(Atom atom) {
        return switch (atom) {
            case Atom.IntLit i -> 0;
            case Atom.FloatLit x -> 0;
            case Atom.Addr x -> 1;
            case Atom.Undef u -> 2;
            case Atom.Var v -> 3;
        };
    }
}
