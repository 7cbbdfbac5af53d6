package org.funssa.cps.opt;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import java.util.function.IntFunction;
import org.funssa.core.lir.Op;
import org.funssa.cps.alpha.Alpha;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.ir.Type;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.text.IrPrinter;
import org.funssa.cps.verify.Verifier;

/** What the tests of this package's passes share: a worked example's assertion, a deep nest and a deep loop. */
final class PassLaws {

    private PassLaws() {}

    /**
     * The pass turns the function {@code before} into {@code after} (IR text) up to α-equivalence, and its output
     * verifies; returns the output.
     */
    static Function assertRewrites(Pass pass, String before, String after) {
        Function output = pass.apply(IrParser.parseFunction("before.ir", before));
        assertThat(Verifier.verify(output)).isEmpty();
        assertThat(Alpha.equivalent(output, IrParser.parseFunction("after.ir", after))).as(IrPrinter.print(output))
                .isTrue();
        return output;
    }

    /**
     * A nest {@code depth} deep: level i computes {@code y_i = add a 1} (the same expression at every level),
     * tests it and either goes one level deeper, to {@code L(i+1)} defined in its body, or leaves for
     * {@code exit(y_i)}, a local function of the root (level 0) with a call site per level. Variables: a 0, m 1,
     * y_i 2 + 2i, c_i 3 + 2i, r last.
     */
    static Function deepDiamonds(int depth) {
        Atom.Var a = new Atom.Var(0, "a", Type.I32);
        Atom.Var m = new Atom.Var(1, "m", Type.MEM);
        Atom.Var r = new Atom.Var(2 + 2 * depth, "r", Type.I32);
        Label exit = new Label("exit");
        Body body = Body.of(Vector.empty(), new Tail.Return(Vector.of(a, m)));
        for (int i = depth - 1; i >= 0; i--) {
            Atom.Var y = new Atom.Var(2 + 2 * i, "y" + i, Type.I32);
            Atom.Var c = new Atom.Var(3 + 2 * i, "c" + i, Type.I32);
            Fn next = new Fn(new Label("L" + (i + 1)), Vector.empty(), body);
            Vector<Fn> local = i > 0 ? Vector.of(next)
                    : Vector.of(new Fn(exit, Vector.of(r), Body.of(Vector.empty(), new Tail.Return(Vector.of(r, m)))),
                            next);
            body = new Body(Vector.of(
                    Let.of(y, new Expr.Prim(Op.ADD, Type.I32, Vector.of(a, Atom.i32(1)))),
                    Let.of(c, new Expr.Prim(Op.TSTLTS, Type.I32, Vector.of(y, Atom.i32(i))))),
                    local, new Tail.Branch(c, Tail.Jump.of(next.label()), Tail.Jump.of(exit, y)));
        }
        return new Function("deep", Vector.empty(), Vector.of(a, m), Vector.of(Type.I32, Type.MEM), body,
                3 + 2 * depth);
    }

    /**
     * A counted loop {@code loop(i)} from 0 whose body is a chain of {@code depth} blocks, each nested in the one
     * before: block k binds {@code level}'s lets for k, and the innermost steps {@code i1 = i + 1} and goes round
     * while {@code i1 < n}, else returns {@code result}. Variables: n 0, i 1, i1 2, c 3; the function's parameters
     * are n and {@code more}, and it has {@code varCount} variables.
     */
    static Function deepLoop(int depth, Vector<Atom.Var> more, IntFunction<Vector<Let>> level, Atom result,
            int varCount) {
        Atom.Var n = new Atom.Var(0, "n", Type.I32);
        Atom.Var i = new Atom.Var(1, "i", Type.I32);
        Atom.Var i1 = new Atom.Var(2, "i1", Type.I32);
        Atom.Var c = new Atom.Var(3, "c", Type.I32);
        Label loop = new Label("loop");
        Label done = new Label("done");
        Body body = new Body(Vector.of(Let.of(i1, new Expr.Prim(Op.ADD, Type.I32, Vector.of(i, Atom.i32(1)))),
                Let.of(c, new Expr.Prim(Op.TSTLTS, Type.I32, Vector.of(i1, n)))),
                Vector.of(new Fn(done, Vector.empty(), Body.of(Vector.empty(), new Tail.Return(Vector.of(result))))),
                new Tail.Branch(c, Tail.Jump.of(loop, i1), Tail.Jump.of(done)));
        for (int k = depth - 1; k >= 0; k--) {
            Label next = new Label("L" + (k + 1));
            body = new Body(level.apply(k), Vector.of(new Fn(next, Vector.empty(), body)), Tail.Jump.of(next));
        }
        Body root = new Body(Vector.empty(), Vector.of(new Fn(loop, Vector.of(i), body)), Tail.Jump.of(loop,
                Atom.i32(0)));
        return new Function("deep", Vector.empty(), more.prepend(n), Vector.of(Type.I32), root, varCount);
    }
}
