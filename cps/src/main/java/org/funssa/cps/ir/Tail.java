package org.funssa.cps.ir;

import io.vavr.collection.Vector;
import java.math.BigInteger;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * How a {@link Body} ends: a tail call to a local function (a jump: arguments bind the callee's parameters
 * in parallel, which is what a block's φ-functions do), a two-way or multiway branch on an atom, or a return.
 *
 * <p>A pass rarely needs to take a tail apart: {@link #mapJumps} rewrites its jumps, {@link #mapAtoms} its
 * operands, and both return the same tail when nothing changes.
 */
public sealed interface Tail permits Tail.Jump, Tail.Branch, Tail.Switch, Tail.Return {

    /** {@code jump L(a₁, …, aₙ)}: the arguments are bound to L's parameters simultaneously. */
    record Jump(Label target, Vector<Atom> args) implements Tail {
        public Jump {
            Objects.requireNonNull(target, "a jump needs a target");
            Objects.requireNonNull(args, "a jump needs its arguments");
        }

        public static Jump of(Label target, Atom... args) {
            return new Jump(target, Vector.of(args));
        }

        /** The same target with {@code newArgs}; this jump when they are the same vector. */
        public Jump withArgs(Vector<Atom> newArgs) {
            return newArgs == args ? this : new Jump(target, newArgs);
        }
    }

    /** {@code if c then L₁(…) else L₂(…)}: to {@code ifTrue} when the integer condition is not zero. */
    record Branch(Atom condition, Jump ifTrue, Jump ifFalse) implements Tail {
        public Branch {
            Objects.requireNonNull(condition, "a branch needs a condition");
            Objects.requireNonNull(ifTrue, "a branch needs its true target");
            Objects.requireNonNull(ifFalse, "a branch needs its false target");
        }
    }

    /** {@code switch v case k -> L(…) … default -> L'(…)}: to the case equal to v, else to the default. */
    record Switch(Atom value, Vector<Case> cases, Jump otherwise) implements Tail {
        public Switch {
            Objects.requireNonNull(value, "a switch needs a value");
            Objects.requireNonNull(cases, "a switch needs its cases");
            Objects.requireNonNull(otherwise, "a switch needs a default");
        }
    }

    /** One arm of a {@link Switch}. */
    record Case(BigInteger value, Jump target) {
        public Case {
            Objects.requireNonNull(value, "a case needs a value");
            Objects.requireNonNull(target, "a case needs a target");
        }
    }

    /** {@code return (a₁, …, aₙ)}: the function's results, its final memory token among them. */
    record Return(Vector<Atom> values) implements Tail {
        public Return {
            Objects.requireNonNull(values, "a return needs its values");
        }
    }

    /** The jumps this tail may take, in order of appearance. */
    default Vector<Jump> jumps() {
        return switch (this) {
            case Jump j -> Vector.of(j);
            case Branch b -> Vector.of(b.ifTrue(), b.ifFalse());
            case Switch s -> s.cases().map(Case::target).append(s.otherwise());
            case Return r -> Vector.empty();
        };
    }

    /** How many jumps {@link #jumps()} has, without making that vector. */
    default int jumpCount() {
        return switch (this) {
            case Jump j -> 1;
            case Branch b -> 2;
            case Switch s -> s.cases().size() + 1;
            case Return r -> 0;
        };
    }

    /** Jump {@code k} of {@link #jumps()}, without making that vector. */
    default Jump jump(int k) {
        return switch (this) {
            case Jump j when k == 0 -> j;
            case Branch b when k == 0 || k == 1 -> k == 0 ? b.ifTrue() : b.ifFalse();
            case Switch s when k >= 0 && k <= s.cases().size() -> k < s.cases().size() ? s.cases().get(k).target()
                    : s.otherwise();
            default -> throw new IndexOutOfBoundsException("jump " + k + " of a tail with " + jumpCount());
        };
    }

    /** Every atom the tail uses, in order of appearance. */
    default Vector<Atom> operands() {
        return switch (this) {
            case Jump j -> j.args();
            case Branch b -> b.ifTrue().args().prependAll(Vector.of(b.condition())).appendAll(b.ifFalse().args());
            case Switch s -> s.cases().flatMap(c -> c.target().args()).prepend(s.value()).appendAll(s.otherwise().args());
            case Return r -> r.values();
        };
    }

    /**
     * The atoms the tail reads itself, before it transfers control: a branch's condition, a switch's value, a
     * return's values; not the jumps' arguments.
     */
    default Vector<Atom> uses() {
        return switch (this) {
            case Jump j -> Vector.empty();
            case Branch b -> Vector.of(b.condition());
            case Switch s -> Vector.of(s.value());
            case Return r -> r.values();
        };
    }

    /** The tail with each jump replaced by {@code f}'s image; this tail when every jump is its own image. */
    default Tail mapJumps(UnaryOperator<Jump> f) {
        return switch (this) {
            case Jump j -> f.apply(j);
            case Branch b -> {
                Jump t = f.apply(b.ifTrue());
                Jump e = f.apply(b.ifFalse());
                yield t == b.ifTrue() && e == b.ifFalse() ? b : new Branch(b.condition(), t, e);
            }
            case Switch s -> {
                Vector<Case> cases = Images.map(s.cases(), c -> {
                    Jump image = f.apply(c.target());
                    return image == c.target() ? c : new Case(c.value(), image);
                });
                Jump otherwise = f.apply(s.otherwise());
                yield cases == s.cases() && otherwise == s.otherwise() ? s : new Switch(s.value(), cases, otherwise);
            }
            case Return r -> r;
        };
    }

    /**
     * The tail with each atom it reads itself ({@link #uses()}: a branch's condition, a switch's value, a return's
     * values, in that order) replaced by {@code f}'s image, its jumps kept; this tail when every atom is its own
     * image.
     */
    default Tail mapUses(UnaryOperator<Atom> f) {
        return switch (this) {
            case Jump j -> j;
            case Branch b -> {
                Atom condition = f.apply(b.condition());
                yield condition == b.condition() ? b : new Branch(condition, b.ifTrue(), b.ifFalse());
            }
            case Switch s -> {
                Atom value = f.apply(s.value());
                yield value == s.value() ? s : new Switch(value, s.cases(), s.otherwise());
            }
            case Return r -> {
                Vector<Atom> values = Images.map(r.values(), f);
                yield values == r.values() ? r : new Return(values);
            }
        };
    }

    /**
     * The tail with every atom it uses replaced by {@code f}'s image: first those it reads itself
     * ({@link #mapUses}), then the jumps' arguments; this tail when every atom is its own image.
     */
    default Tail mapAtoms(UnaryOperator<Atom> f) {
        return mapUses(f).mapJumps(j -> j.withArgs(Images.map(j.args(), f)));
    }
}
