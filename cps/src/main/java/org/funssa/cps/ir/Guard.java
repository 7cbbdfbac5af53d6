package org.funssa.cps.ir;

import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * Under what a {@link Let} executes: ψ-SSA's predicated definitions (seed 000 §Definition, Figure 1; seed 001
 * §2 and §3, Figure 3).
 *
 * <ul>
 *   <li>{@link Always}: an ordinary definition.</li>
 *   <li>{@link When}{@code (p)}, written {@code p ? x = e}: the expression is evaluated only when the predicate
 *       {@code p} holds (an integer, true when not zero, as LIR's {@code JUMPC} and {@code IF} read a condition).
 *       When {@code p} does not hold, the let's data variables are not defined: reading one outside a ψ argument
 *       whose guard holds reads ⊥, and a ψ that selects one is an error. Its memory token, if it binds one, is
 *       always defined: it is the memory after the let, which is the memory before it when {@code p} does not
 *       hold, so memory stays one linear chain and needs no ψ.</li>
 *   <li>{@link Speculated}, written {@code speculated x = e}: executed unguarded although the code it came
 *       from was conditional (seed 001 §3, partial predication). Its meaning is {@link Always}'s; the mark
 *       says that the value matters only under the guard of the ψ arguments that read it.</li>
 * </ul>
 */
public sealed interface Guard {

    /** The guard of an ordinary let. */
    Always ALWAYS = new Always();

    /** The mark of a speculated let. */
    Speculated SPECULATED = new Speculated();

    /** {@code p ? …}: executes when {@code predicate} is not zero. */
    static Guard when(Atom predicate) {
        return new When(predicate);
    }

    /** An ordinary let. */
    record Always() implements Guard {}

    /** A predicated let: executes only when {@code predicate} holds. */
    record When(Atom predicate) implements Guard {
        public When {
            Objects.requireNonNull(predicate, "a guard needs its predicate");
        }
    }

    /** A let executed unconditionally although its source was conditional (partial predication). */
    record Speculated() implements Guard {}

    /** Whether the let executes on every path through it: not a {@link When}. */
    default boolean isUnconditional() {
        return !(this instanceof When);
    }

    /** The guard with its predicate replaced by {@code f}'s image; this guard when the predicate is kept. */
    default Guard mapAtoms(UnaryOperator<Atom> f) {
        if (this instanceof When(Atom p)) {
            Atom image = f.apply(p);
            return image == p ? this : new When(image);
        }
        return this;
    }
}
