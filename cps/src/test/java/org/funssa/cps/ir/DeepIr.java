package org.funssa.cps.ir;

import io.vavr.collection.Vector;
import org.funssa.core.lir.Op;

/** Very large terms for the no-recursion tests: a 10⁵-deep nest of local functions, a body of 10⁶ lets. */
public final class DeepIr {

    private DeepIr() {}

    /**
     * {@code depth} local functions each nested in the previous one (a dominator tree that deep), built
     * bottom-up; {@code prefix} names every variable and label, so two prefixes give α-equivalent copies.
     */
    public static Function nest(int depth, String prefix) {
        Atom.Var m = new Atom.Var(prefix + "m", Type.MEM);
        Body body = Body.of(Vector.empty(), new Tail.Return(Vector.of(new Atom.Var(prefix + "p" + depth,
                Type.I32), m)));
        for (int i = depth - 1; i >= 0; i--) {
            Atom.Var in = new Atom.Var(prefix + "p" + i, Type.I32);
            Atom.Var x = new Atom.Var(prefix + "x" + i, Type.I32);
            Atom.Var out = new Atom.Var(prefix + "p" + (i + 1), Type.I32);
            Label label = new Label(prefix + "L" + (i + 1));
            Fn fn = new Fn(label, Vector.of(out), body);
            body = new Body(Vector.of(Let.of(x, new Expr.Prim(Op.ADD, Type.I32, Vector.of(in, Atom.i32(1))))),
                    Vector.of(fn), Tail.Jump.of(label, x));
        }
        return new Function("deep", Vector.empty(), Vector.of(new Atom.Var(prefix + "p0", Type.I32), m),
                Vector.of(Type.I32, Type.MEM), body);
    }

    /** One body of {@code n} lets, each adding 1 to the previous. */
    public static Function longBody(int n, String prefix) {
        Atom.Var previous = new Atom.Var(prefix + "a", Type.I32);
        Atom.Var m = new Atom.Var(prefix + "m", Type.MEM);
        java.util.List<Let> builder = new java.util.ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Atom.Var x = new Atom.Var(prefix + "x" + i, Type.I32);
            builder.add(Let.of(x, new Expr.Prim(Op.ADD, Type.I32, Vector.of(previous, Atom.i32(1)))));
            previous = x;
        }
        Vector<Let> lets = Vector.ofAll(builder);
        return new Function("long", Vector.empty(), Vector.of(new Atom.Var(prefix + "a", Type.I32), m),
                Vector.of(Type.I32, Type.MEM), Body.of(lets, new Tail.Return(Vector.of(previous, m))));
    }
}
