package org.funssa.cps.ir;

import io.vavr.collection.Vector;
import java.util.function.UnaryOperator;
import org.funssa.core.lir.LirType;
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
public sealed interface Expr permits Expr.Copy, Expr.Prim, Expr.Select, Expr.Load, Expr.Store, Expr.Call,
        Expr.Psi {

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
            case Psi p -> 2 * p.args().size();
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
            case Psi p -> i % 2 == 0 ? p.args().get(i / 2).guard() : p.args().get(i / 2).value();
        };
    }

    /**
     * Whether evaluating the expression may stop the program or act outside its value: integer division and
     * remainder (by zero, the minimum by −1), loads (a bad address), stores and calls, and any operation on a
     * 128-bit integer (the interpreter does not run them). What may not is safe to evaluate where the source did
     * not: hoisting (seed 004 §6.4, "a division and so on" of Figure 6.9) and speculation (seed 001 §3).
     */
    default boolean mayTrap() {
        for (int k = 0; k < operandCount(); k++) {
            if (isWideInteger(operand(k).type())) {
                return true;
            }
        }
        return switch (this) {
            case Copy c -> false;
            case Prim p -> isWideInteger(p.type()) || p.type().isInteger() && switch (p.op()) {
                case DIVS, DIVU, MODS, MODU -> true;
                default -> false;
            };
            case Select s -> isWideInteger(s.type());
            case Psi p -> isWideInteger(p.type());
            case Load l -> true;
            case Store s -> true;
            case Call c -> true;
        };
    }

    private static boolean isWideInteger(Type t) {
        return t instanceof Type.Data d && d.lir() instanceof LirType.Int i && i.bits() > 64;
    }

    /**
     * The same expression with every operand replaced by {@code f} of it (renaming, substitution); this
     * expression when every operand is its own image, so a rewrite that changes nothing allocates nothing.
     */
    default Expr mapAtoms(UnaryOperator<Atom> f) {
        return switch (this) {
            case Copy c -> {
                Atom value = f.apply(c.value());
                yield value == c.value() ? c : new Copy(value);
            }
            case Prim p -> {
                Vector<Atom> operands = Images.map(p.operands(), f);
                yield operands == p.operands() ? p : new Prim(p.op(), p.type(), operands);
            }
            case Select s -> {
                Atom c = f.apply(s.condition());
                Atom a = f.apply(s.ifTrue());
                Atom b = f.apply(s.ifFalse());
                yield c == s.condition() && a == s.ifTrue() && b == s.ifFalse() ? s : new Select(s.type(), c, a, b);
            }
            case Load l -> {
                Atom mem = f.apply(l.mem());
                Atom address = f.apply(l.address());
                yield mem == l.mem() && address == l.address() ? l : new Load(l.type(), mem, address, l.access());
            }
            case Store s -> {
                Atom mem = f.apply(s.mem());
                Atom address = f.apply(s.address());
                Atom value = f.apply(s.value());
                yield mem == s.mem() && address == s.address() && value == s.value() ? s
                        : new Store(s.type(), mem, address, value, s.access());
            }
            case Call c -> {
                Atom function = f.apply(c.function());
                Vector<Atom> args = Images.map(c.args(), f);
                Atom mem = f.apply(c.mem());
                yield function == c.function() && args == c.args() && mem == c.mem() ? c
                        : new Call(function, args, mem, c.results());
            }
            case Psi p -> {
                Vector<Psi.Arg> args = Images.map(p.args(), a -> a.mapAtoms(f));
                yield args == p.args() ? p : new Psi(p.type(), args);
            }
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

    /**
     * {@code ψ(p₁?a₁, …, pₙ?aₙ)}: the value of the rightmost argument whose guard holds (seed 000 §Definition,
     * Figures 1 and 2; seed 001 §2). Guards are predicates as in {@link Guard.When}: integers, true when not
     * zero. The arguments are ordered as their definitions were in the dominance tree of the program before
     * if-conversion, left to right for top to bottom; when no guard holds the ψ's value is ⊥. A ψ is pure and
     * never traps, so it may be speculated; selecting an argument whose guarded definition did not execute is an
     * error of the program (the interpreter reports it).
     */
    record Psi(Type.Data type, Vector<Arg> args) implements Expr {

        public Psi {
            if (args.isEmpty()) {
                throw new IllegalArgumentException("a ψ needs at least one argument");
            }
        }

        /** One guarded argument {@code guard ? value}. */
        public record Arg(Atom guard, Atom value) {

            /** Both atoms replaced by {@code f}'s image; this argument when neither changes. */
            public Arg mapAtoms(UnaryOperator<Atom> f) {
                Atom g = f.apply(guard);
                Atom v = f.apply(value);
                return g == guard && v == value ? this : new Arg(g, v);
            }
        }

        @Override
        public Vector<Type> resultTypes() {
            return Vector.of(type);
        }

        /** The guards and values alternately: {@code p₁, a₁, …, pₙ, aₙ}. */
        @Override
        public Vector<Atom> operands() {
            return args.flatMap(a -> Vector.of(a.guard(), a.value()));
        }
    }
}
