package org.funssa.cps.rewrite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vavr.collection.Vector;
import org.funssa.core.lir.Op;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.DeepIr;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.ir.Type;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.text.IrPrinter;
import org.funssa.cps.text.VarNames;
import org.junit.jupiter.api.Test;

/** A substitution replaces uses, follows chains to their end, keeps binders, and shares what it does not touch. */
class SubstitutionTest {

    private static final Atom.Var X = new Atom.Var(0, "x", Type.I32);
    private static final Atom.Var Y = new Atom.Var(1, "y", Type.I32);
    private static final Atom.Var Z = new Atom.Var(2, "z", Type.I32);

    @Test
    void chainsAreFollowedToTheirEnd() {
        Substitution s = Substitution.of(X, Y).with(Y, Atom.i32(5));
        assertThat(s.apply((Atom) X)).isEqualTo(Atom.i32(5));
        assertThat(s.apply((Atom) Y)).isEqualTo(Atom.i32(5));
        assertThat(s.apply((Atom) Z)).isSameAs(Z);
        assertThat(s.replaces(X)).isTrue();
        assertThat(s.replaces(Z)).isFalse();
    }

    @Test
    void aCycleOrASecondReplacementIsRefused() {
        assertThatThrownBy(() -> Substitution.of(X, Y).with(Y, X)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Substitution.of(X, Y).with(X, Z)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void expressionsAndTailsAreSubstitutedAndKeptWhenUntouched() {
        Substitution s = Substitution.of(X, Z);
        Expr sum = new Expr.Prim(Op.ADD, Type.I32, Vector.of(X, Y));
        assertThat(s.apply(sum)).isEqualTo(new Expr.Prim(Op.ADD, Type.I32, Vector.of(Z, Y)));
        Expr other = new Expr.Prim(Op.ADD, Type.I32, Vector.of(Y, Y));
        assertThat(s.apply(other)).isSameAs(other);
        Tail branch = new Tail.Branch(X, Tail.Jump.of(new Label("a"), X), Tail.Jump.of(new Label("b"), Y));
        Tail.Branch done = (Tail.Branch) s.apply(branch);
        assertThat(done.condition()).isEqualTo(Z);
        assertThat(done.ifTrue().args()).containsExactly(Z);
        assertThat(done.ifFalse()).isSameAs(((Tail.Branch) branch).ifFalse());
    }

    @Test
    void aFunctionIsSubstitutedInEveryBodyAndBindersStay() {
        Function f = IrParser.parseFunction("t.ir", """
                fun f(n: i32, m0: mem) -> (i32, mem) =
                  let c = copy.i32 n
                  letrec a(x: i32) =
                    let y = add.i32 c x
                    return (y, m0)
                  in jump a(c)
                """.replace("copy.i32 n", "n"));
        VarNames names = VarNames.of(f);
        Atom.Var c = names.variable("c").get();
        Function g = Substitution.of(c, names.variable("n").get()).apply(f);
        assertThat(IrPrinter.print(g)).contains("let c = n").contains("let y = add.i32 n x").contains("jump a(n)");
        assertThat(Substitution.of(new Atom.Var(99, "z", Type.I32), Y).apply(f)).isSameAs(f);
    }

    @Test
    void aDeepNestIsSubstitutedWithoutRecursion() {
        Function deep = DeepIr.nest(100_000, "");
        Function g = Substitution.of(new Atom.Var(0, "p0", Type.I32), Atom.i32(3)).apply(deep);
        assertThat(g).isNotSameAs(deep);
        assertThat(g.body().lets().get(0).expr().operand(0)).isEqualTo(Atom.i32(3));
        assertThat(g.body().functions().get(0)).isSameAs(deep.body().functions().get(0));
    }
}
