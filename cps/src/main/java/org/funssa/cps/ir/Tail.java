package org.funssa.cps.ir;

import io.vavr.collection.Vector;
import java.math.BigInteger;

/**
 * How a {@link Body} ends: a tail call to a local function (a jump: arguments bind the callee's parameters
 * in parallel, which is what a block's φ-functions do), a two-way or multiway branch on an atom, or a return.
 */
public sealed interface Tail permits Tail.Jump, Tail.Branch, Tail.Switch, Tail.Return {

    /** {@code jump L(a₁, …, aₙ)}: the arguments are bound to L's parameters simultaneously. */
    record Jump(Label target, Vector<Atom> args) implements Tail {
        public static Jump of(Label target, Atom... args) {
            return new Jump(target, Vector.of(args));
        }
    }

    /** {@code if c then L₁(…) else L₂(…)}: to {@code ifTrue} when the integer condition is not zero. */
    record Branch(Atom condition, Jump ifTrue, Jump ifFalse) implements Tail {}

    /** {@code switch v case k -> L(…) … default -> L'(…)}: to the case equal to v, else to the default. */
    record Switch(Atom value, Vector<Case> cases, Jump otherwise) implements Tail {}

    /** One arm of a {@link Switch}. */
    record Case(BigInteger value, Jump target) {}

    /** {@code return (a₁, …, aₙ)}: the function's results, its final memory token among them. */
    record Return(Vector<Atom> values) implements Tail {}

    /** The jumps this tail may take, in order of appearance. */
    default Vector<Jump> jumps() {
        return switch (this) {
            case Jump j -> Vector.of(j);
            case Branch b -> Vector.of(b.ifTrue(), b.ifFalse());
            case Switch s -> s.cases().map(Case::target).append(s.otherwise());
            case Return r -> Vector.empty();
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
}
