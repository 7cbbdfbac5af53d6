package org.funssa.cps.ir;

import io.vavr.collection.Vector;
import org.funssa.core.lir.Op;

/**
 * The right-hand side of a {@link Let}. Operands are {@link Atom}s. Each expression has a fixed list of
 * {@link #resultTypes() result types}, which its let binds to variables in order: one value for most
 * expressions, the new memory token for a store, the results and then the new memory token for a call.
 *
 * <p>Memory is a value (DESIGN.md "The IR"): a {@link Load} reads a memory token, a {@link Store} or
 * {@link Call} consumes one and produces the next. Two loads of the same token and address are the same
 * value (seed 004's simple alias analysis made first-class).
 */
public sealed interface Expr permits Expr.Copy, Expr.Prim, Expr.Select, Expr.Load, Expr.Store, Expr.Call {

    /** The types of the values this expression produces, in binding order. */
    Vector<Type> resultTypes();

    /** The operands, in order of appearance. */
    Vector<Atom> operands();

    /**
     * How many operands {@link #operands()} has, without making that vector: a pass that reads every operand of
     * a function of 10^6 instructions by index makes no vector and no iterator per let.
     */
    default int operandCount() {
        return switch (this) {
            case Copy c -> 1;
            case Prim p -> p.operands().size();
            case Select s -> 3;
            case Load l -> 2;
            case Store s -> 3;
            case Call c -> c.args().size() + 2;
        };
    }

    /** Operand {@code i} of {@link #operands()}, without making that vector. */
    default Atom operand(int i) {
        int count = operandCount();
        if (i < 0 || i >= count) {
            throw new IndexOutOfBoundsException("operand " + i + " of " + count);
        }
        return switch (this) {
            case Copy c -> c.value();
            case Prim p -> p.operands().get(i);
            case Select s -> i == 0 ? s.condition() : i == 1 ? s.ifTrue() : s.ifFalse();
            case Load l -> i == 0 ? l.mem() : l.address();
            case Store s -> i == 0 ? s.mem() : i == 1 ? s.address() : s.value();
            case Call c -> i == 0 ? c.function() : i == count - 1 ? c.mem() : c.args().get(i - 1);
        };
    }

    /** The same expression with every operand replaced by {@code f} of it (renaming, substitution). */
    default Expr mapAtoms(java.util.function.UnaryOperator<Atom> f) {
        return switch (this) {
            case Copy c -> new Copy(f.apply(c.value()));
            case Prim p -> new Prim(p.op(), p.type(), p.operands().map(f));
            case Select s -> new Select(s.type(), f.apply(s.condition()), f.apply(s.ifTrue()), f.apply(s.ifFalse()));
            case Load l -> new Load(l.type(), f.apply(l.mem()), f.apply(l.address()), l.access());
            case Store s -> new Store(s.type(), f.apply(s.mem()), f.apply(s.address()), f.apply(s.value()),
                    s.access());
            case Call c -> new Call(f.apply(c.function()), c.args().map(f), f.apply(c.mem()), c.results());
        };
    }

    /** {@code let x = a}: binds an atom (a constant, an address, ⊥ or another variable) to a name. */
    record Copy(Atom value) implements Expr {
        @Override
        public Vector<Type> resultTypes() {
            return Vector.of(value.type());
        }

        @Override
        public Vector<Atom> operands() {
            return Vector.of(value);
        }
    }

    /**
     * A pure LIR operator ({@link Op}: arithmetic, shifts, comparisons, {@code NEG}, {@code BNOT},
     * conversions) applied to atoms; {@code type} is the result type, as in LIR's {@code (op t x y)}.
     */
    record Prim(Op op, Type.Data type, Vector<Atom> operands) implements Expr {
        public Prim {
            if (operands.size() != op.arity()) {
                throw new IllegalArgumentException(op + " takes " + op.arity() + " operands, not " + operands.size());
            }
        }

        @Override
        public Vector<Type> resultTypes() {
            return Vector.of(type);
        }
    }

    /** LIR {@code (IF t c a b)}: {@code ifTrue} if the integer {@code condition} is not zero, else {@code ifFalse}. */
    record Select(Type.Data type, Atom condition, Atom ifTrue, Atom ifFalse) implements Expr {
        @Override
        public Vector<Type> resultTypes() {
            return Vector.of(type);
        }

        @Override
        public Vector<Atom> operands() {
            return Vector.of(condition, ifTrue, ifFalse);
        }
    }

    /** The {@code type}-typed object at {@code address} in memory version {@code mem}; aggregates load whole. */
    record Load(Type.Data type, Atom mem, Atom address, Access access) implements Expr {
        @Override
        public Vector<Type> resultTypes() {
            return Vector.of(type);
        }

        @Override
        public Vector<Atom> operands() {
            return Vector.of(mem, address);
        }
    }

    /**
     * Memory version {@code mem} with {@code value} written at {@code address}; yields the new token. An
     * aggregate copy (LIR {@code (SET A<n> (MEM …) (MEM …))}) is a load and a store of an aggregate.
     */
    record Store(Type.Data type, Atom mem, Atom address, Atom value, Access access) implements Expr {
        @Override
        public Vector<Type> resultTypes() {
            return Vector.of(Type.MEM);
        }

        @Override
        public Vector<Atom> operands() {
            return Vector.of(mem, address, value);
        }
    }

    /**
     * A non-tail call of the function at address {@code function} (usually a static {@link Atom.Addr}) with
     * {@code args}, in memory version {@code mem}; yields the {@code results} and then the new memory token.
     */
    record Call(Atom function, Vector<Atom> args, Atom mem, Vector<Type.Data> results) implements Expr {
        @Override
        public Vector<Type> resultTypes() {
            return Vector.<Type>narrow(results).append(Type.MEM);
        }

        @Override
        public Vector<Atom> operands() {
            return args.prepend(function).append(mem);
        }
    }
}
