package org.funssa.cps.ir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vavr.collection.Vector;
import java.util.ArrayDeque;
import org.funssa.core.lir.Op;
import org.junit.jupiter.api.Test;

/** Reading operands by index gives what {@link Expr#operands()} gives, for every kind of expression. */
class ExprOperandsTest {

    private static final Atom.Var X = new Atom.Var(0, "x", Type.I32);
    private static final Atom.Var Y = new Atom.Var(1, "y", Type.I32);
    private static final Atom.Var M = new Atom.Var(2, "m", Type.MEM);
    private static final Atom.Addr F = Atom.Addr.ofStatic("f");

    private static void readsAsTheVector(Expr e) {
        Vector<Atom> operands = e.operands();
        assertThat(e.operandCount()).as("%s", e).isEqualTo(operands.size());
        for (int i = 0; i < operands.size(); i++) {
            assertThat(e.operand(i)).as("operand %d of %s", i, e).isSameAs(operands.get(i));
        }
        assertThatThrownBy(() -> e.operand(operands.size())).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> e.operand(-1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void everyKindOfExpressionReadsItsOperandsInOrder() {
        readsAsTheVector(new Expr.Copy(X));
        readsAsTheVector(new Expr.Prim(Op.ADD, Type.I32, Vector.of(X, Atom.i32(1))));
        readsAsTheVector(new Expr.Select(Type.I32, Y, X, Atom.i32(2)));
        readsAsTheVector(new Expr.Load(Type.I32, M, F, Access.PLAIN));
        readsAsTheVector(new Expr.Store(Type.I32, M, F, X, Access.PLAIN));
        readsAsTheVector(new Expr.Call(F, Vector.empty(), M, Vector.empty()));
        readsAsTheVector(new Expr.Call(F, Vector.of(X, Y, Atom.i32(3)), M, Vector.of(Type.I32)));
    }

    @Test
    void everyLetOfRandomProgramsReadsAsTheVector() {
        for (long seed = 1; seed <= 50; seed++) {
            for (Function f : new RandomIr(seed).program().functions()) {
                ArrayDeque<Body> bodies = new ArrayDeque<>();
                bodies.push(f.body());
                while (!bodies.isEmpty()) {
                    Body body = bodies.pop();
                    body.lets().forEach(let -> readsAsTheVector(let.expr()));
                    body.functions().forEach(fn -> bodies.push(fn.body()));
                }
            }
        }
    }
}
