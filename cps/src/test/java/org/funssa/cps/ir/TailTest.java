package org.funssa.cps.ir;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** A tail maps what it reads itself apart from its jumps' arguments, in order, and is kept when unchanged. */
class TailTest {

    private static final Atom.Var X = new Atom.Var(0, "x", Type.I32);
    private static final Atom.Var Y = new Atom.Var(1, "y", Type.I32);
    private static final Atom.Var Z = new Atom.Var(2, "z", Type.I32);
    private static final Tail.Jump TO_A = Tail.Jump.of(new Label("a"), X);
    private static final Tail.Jump TO_B = Tail.Jump.of(new Label("b"), Y);

    private static final Tail BRANCH = new Tail.Branch(X, TO_A, TO_B);
    private static final Tail SWITCH = new Tail.Switch(Y, Vector.of(new Tail.Case(BigInteger.ONE, TO_A)), TO_B);
    private static final Tail RETURN = new Tail.Return(Vector.of(X, Y));

    private static final UnaryOperator<Atom> X_TO_Z = a -> a.equals(X) ? Z : a;

    @Test
    void mapUsesReplacesTheConditionTheValueOrTheReturnedValuesAndNotTheJumpsArguments() {
        assertThat(BRANCH.mapUses(X_TO_Z)).isEqualTo(new Tail.Branch(Z, TO_A, TO_B));
        assertThat(((Tail.Branch) BRANCH.mapUses(X_TO_Z)).ifTrue()).isSameAs(TO_A);
        assertThat(SWITCH.mapUses(a -> Z)).isEqualTo(new Tail.Switch(Z, ((Tail.Switch) SWITCH).cases(), TO_B));
        assertThat(RETURN.mapUses(X_TO_Z)).isEqualTo(new Tail.Return(Vector.of(Z, Y)));
        assertThat(TO_A.mapUses(X_TO_Z)).isSameAs(TO_A);
    }

    @Test
    void anUnchangedTailIsKept() {
        for (Tail tail : List.of(BRANCH, SWITCH, RETURN, TO_A)) {
            assertThat(tail.mapUses(a -> a)).isSameAs(tail);
            assertThat(tail.mapAtoms(a -> a)).isSameAs(tail);
        }
        assertThat(SWITCH.mapUses(X_TO_Z)).isSameAs(SWITCH);
    }

    @Test
    void mapAtomsVisitsWhatTheTailReadsThenTheArgumentsOfEachJumpInOrder() {
        List<Atom> seen = new ArrayList<>();
        Tail mapped = SWITCH.mapAtoms(a -> {
            seen.add(a);
            return X_TO_Z.apply(a);
        });
        assertThat(seen).containsExactly(Y, X, Y);
        assertThat(mapped).isEqualTo(new Tail.Switch(Y,
                Vector.of(new Tail.Case(BigInteger.ONE, Tail.Jump.of(new Label("a"), Z))), TO_B));
        assertThat(((Tail.Switch) mapped).otherwise()).isSameAs(TO_B);
    }
}
