package org.funssa.cps.ir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vavr.collection.Vector;
import org.funssa.core.lir.Op;
import org.junit.jupiter.api.Test;

/** A let is one record: equal where it binds the same, read the same way whatever it binds, kept when unchanged. */
class LetTest {

    private static final Atom.Var X = new Atom.Var(0, "x", Type.I32);
    private static final Atom.Var Y = new Atom.Var(1, "y", Type.I32);
    private static final Atom.Var M = new Atom.Var(2, "m", Type.MEM);
    private static final Expr SUM = new Expr.Prim(Op.ADD, Type.I32, Vector.of(Y, Atom.i32(1)));

    @Test
    void aLetOfOneVariableEqualsTheLetOfThatVariableAsAVector() {
        Let fromVector = Let.of(Vector.of(X), SUM);
        Let fromVariable = Let.of(X, SUM);
        assertThat(fromVector).isEqualTo(fromVariable);
        assertThat(fromVector.hashCode()).isEqualTo(fromVariable.hashCode());
        assertThat(fromVector.vars()).containsExactly(X);
        assertThat(fromVector.arity()).isEqualTo(1);
        assertThat(fromVector.var(0)).isEqualTo(X);
    }

    @Test
    void aLetBindsAnyNumberOfVariablesInOrder() {
        Expr call = new Expr.Call(Atom.Addr.ofStatic("f"), Vector.of(Y), M, Vector.of(Type.I32));
        Let two = Let.of(Vector.of(X, M), call);
        assertThat(two.arity()).isEqualTo(2);
        assertThat(two.var(0)).isEqualTo(X);
        assertThat(two.var(1)).isEqualTo(M);
        assertThat(two.vars()).containsExactly(X, M);
        assertThat(Let.of(Vector.empty(), SUM).arity()).isEqualTo(0);
    }

    @Test
    void aLetRefusesNull() {
        assertThatThrownBy(() -> Let.of((Atom.Var) null, SUM)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> Let.of(X, null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new Let(null, SUM)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void aLetOfOneHasNoSecondVariable() {
        assertThatThrownBy(() -> Let.of(X, SUM).var(1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void rewritingKeepsTheLetWhenNothingChanges() {
        Let one = Let.of(X, SUM);
        assertThat(one.withExpr(SUM)).isSameAs(one);
        assertThat(one.mapVars(v -> v)).isSameAs(one);
        assertThat(one.mapAtoms(a -> a)).isSameAs(one);
        assertThat(one.mapVars(v -> Y)).isEqualTo(Let.of(Y, SUM));
        assertThat(one.mapAtoms(a -> a.equals(Y) ? X : a)).isEqualTo(
                Let.of(X, new Expr.Prim(Op.ADD, Type.I32, Vector.of(X, Atom.i32(1)))));
        Expr copy = new Expr.Copy(Y);
        assertThat(one.withExpr(copy)).isEqualTo(Let.of(X, copy));

        Expr call = new Expr.Call(Atom.Addr.ofStatic("f"), Vector.of(Y), M, Vector.of(Type.I32));
        Let many = Let.of(Vector.of(X, M), call);
        assertThat(many.mapVars(v -> v)).isSameAs(many);
        assertThat(many.withExpr(call)).isSameAs(many);
        Atom.Var n = new Atom.Var(3, "n", Type.MEM);
        assertThat(many.mapVars(v -> v.equals(M) ? n : v)).isEqualTo(Let.of(Vector.of(X, n), call));
    }
}
