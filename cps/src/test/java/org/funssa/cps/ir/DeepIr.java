package org.funssa.cps.ir;

import io.vavr.collection.Vector;
import org.funssa.core.lir.Op;

/** Very large terms for the no-recursion tests: a 10⁵-deep nest of local functions, a body of 10⁶ lets. */
public final class DeepIr {

    private DeepIr() {}

    /**
     * {@code depth} local functions each nested in the previous one (a dominator tree that deep), built
     * bottom-up; {@code prefix} begins every hint and label. Variables are numbered in the order the text binds
     * them, as the parser numbers them: {@code p0} is 0, the memory token 1, {@code x_i} {@code 2 + 2i} and
     * {@code p_i} {@code 1 + 2i} for i ≥ 1.
     */
    public static Function nest(int depth, String prefix) {
        return nest(depth, prefix, false);
    }

    /** {@link #nest(int, String)} with every variable numbered the other way round: an α-renamed copy. */
    public static Function nestRenumbered(int depth, String prefix) {
        return nest(depth, prefix, true);
    }

    private static Function nest(int depth, String prefix, boolean reversed) {
        int count = 2 + 2 * depth;
        java.util.function.IntUnaryOperator id = k -> reversed ? count - 1 - k : k;
        Atom.Var m = new Atom.Var(id.applyAsInt(1), prefix + "m", Type.MEM);
        Body body = Body.of(Vector.empty(), new Tail.Return(Vector.of(p(prefix, depth, id), m)));
        for (int i = depth - 1; i >= 0; i--) {
            Atom.Var in = p(prefix, i, id);
            Atom.Var x = new Atom.Var(id.applyAsInt(2 + 2 * i), prefix + "x" + i, Type.I32);
            Atom.Var out = p(prefix, i + 1, id);
            Label label = new Label(prefix + "L" + (i + 1));
            Fn fn = new Fn(label, Vector.of(out), body);
            body = new Body(Vector.of(Let.of(x, new Expr.Prim(Op.ADD, Type.I32, Vector.of(in, Atom.i32(1))))),
                    Vector.of(fn), Tail.Jump.of(label, x));
        }
        return new Function("deep", Vector.empty(), Vector.of(p(prefix, 0, id), m), Vector.of(Type.I32, Type.MEM),
                body, count);
    }

    private static Atom.Var p(String prefix, int i, java.util.function.IntUnaryOperator id) {
        return new Atom.Var(id.applyAsInt(i == 0 ? 0 : 1 + 2 * i), prefix + "p" + i, Type.I32);
    }

    /**
     * One body of {@code n} lets, each adding 1 to the previous, numbered in text order: {@code a} is variable 0,
     * {@code m} 1, {@code x_i} {@code 2 + i}.
     */
    public static Function longBody(int n, String prefix) {
        return longBody(n, prefix, false);
    }

    /** {@link #longBody(int, String)} with every variable numbered the other way round: an α-renamed copy. */
    public static Function longBodyRenumbered(int n, String prefix) {
        return longBody(n, prefix, true);
    }

    private static Function longBody(int n, String prefix, boolean reversed) {
        java.util.function.IntUnaryOperator id = k -> reversed ? n + 1 - k : k;
        Atom.Var previous = new Atom.Var(id.applyAsInt(0), prefix + "a", Type.I32);
        Atom.Var m = new Atom.Var(id.applyAsInt(1), prefix + "m", Type.MEM);
        java.util.List<Let> builder = new java.util.ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Atom.Var x = new Atom.Var(id.applyAsInt(2 + i), prefix + "x" + i, Type.I32);
            builder.add(Let.of(x, new Expr.Prim(Op.ADD, Type.I32, Vector.of(previous, Atom.i32(1)))));
            previous = x;
        }
        Vector<Let> lets = Vector.ofAll(builder);
        return new Function("long", Vector.empty(), Vector.of(new Atom.Var(id.applyAsInt(0), prefix + "a", Type.I32),
                m), Vector.of(Type.I32, Type.MEM), Body.of(lets, new Tail.Return(Vector.of(previous, m))), 2 + n);
    }
}
