package org.funssa.cps.testkit;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.ir.Type;

/**
 * Whole-function edits for the {@link Reducer}: numbering the bodies of a function in preorder, rebuilding
 * every body bottom-up with an explicit stack, and substituting atoms and jumps. Names are unique in a
 * function (the verifier's rule), so a substitution over the whole function is capture-free.
 */
final class FunctionEdit {

    private FunctionEdit() {}

    /** The bodies of the function in preorder: the function's own body is 0. */
    static Vector<Body> bodies(Function f) {
        List<Body> out = new ArrayList<>();
        ArrayDeque<Body> stack = new ArrayDeque<>();
        stack.push(f.body());
        while (!stack.isEmpty()) {
            Body b = stack.pop();
            out.add(b);
            for (int i = b.functions().size() - 1; i >= 0; i--) {
                stack.push(b.functions().get(i).body());
            }
        }
        return Vector.ofAll(out);
    }

    /** A body being rebuilt: its preorder number and its local functions rebuilt so far. */
    private static final class Frame {
        final Body body;
        final int id;
        final List<Fn> rebuilt = new ArrayList<>();

        Frame(Body body, int id) {
            this.body = body;
            this.id = id;
        }
    }

    /**
     * The function with every body replaced by {@code edit(preorder number, body)}, where the body passed
     * already has its local functions rebuilt.
     */
    static Function mapBodies(Function f, BiFunction<Integer, Body, Body> edit) {
        int[] next = {0};
        ArrayDeque<Frame> stack = new ArrayDeque<>();
        stack.push(new Frame(f.body(), next[0]++));
        Body result = null;
        while (!stack.isEmpty()) {
            Frame top = stack.peek();
            if (top.rebuilt.size() < top.body.functions().size()) {
                stack.push(new Frame(top.body.functions().get(top.rebuilt.size()).body(), next[0]++));
                continue;
            }
            stack.pop();
            Body done = edit.apply(top.id, top.body.withFunctions(Vector.ofAll(top.rebuilt)));
            if (stack.isEmpty()) {
                result = done;
            } else {
                Frame parent = stack.peek();
                parent.rebuilt.add(parent.body.functions().get(parent.rebuilt.size()).withBody(done));
            }
        }
        return f.withBody(result);
    }

    /** Every atom of the function's lets and tails replaced by {@code atoms}, every jump by {@code jumps}. */
    static Function substitute(Function f, UnaryOperator<Atom> atoms, UnaryOperator<Tail.Jump> jumps) {
        return mapBodies(f, (id, b) -> new Body(b.lets().map(l -> l.withExpr(expr(l.expr(), atoms))), b.functions(), tail(b.tail(), atoms, jumps)));
    }

    static Expr expr(Expr e, UnaryOperator<Atom> s) {
        return e.mapAtoms(s);
    }

    static Tail tail(Tail t, UnaryOperator<Atom> s, UnaryOperator<Tail.Jump> jumps) {
        UnaryOperator<Tail.Jump> jump = j -> jumps.apply(new Tail.Jump(j.target(), j.args().map(s)));
        return switch (t) {
            case Tail.Jump j -> jump.apply(j);
            case Tail.Branch b -> new Tail.Branch(s.apply(b.condition()), jump.apply(b.ifTrue()), jump.apply(b.ifFalse()));
            case Tail.Switch w -> new Tail.Switch(s.apply(w.value()),
                    w.cases().map(c -> new Tail.Case(c.value(), jump.apply(c.target()))), jump.apply(w.otherwise()));
            case Tail.Return r -> new Tail.Return(r.values().map(s));
        };
    }

    /**
     * The function without the local functions that no chain of jumps from its body's tail reaches
     * (unreachable loops included).
     */
    static Function pruneUnreachable(Function f) {
        java.util.Map<org.funssa.cps.ir.Label, Fn> byLabel = new java.util.HashMap<>();
        for (Body b : bodies(f)) {
            b.functions().forEach(fn -> byLabel.put(fn.label(), fn));
        }
        java.util.Set<org.funssa.cps.ir.Label> reached = new java.util.HashSet<>();
        ArrayDeque<org.funssa.cps.ir.Label> work = new ArrayDeque<>();
        f.body().tail().jumps().forEach(j -> work.push(j.target()));
        while (!work.isEmpty()) {
            org.funssa.cps.ir.Label l = work.pop();
            if (reached.add(l) && byLabel.containsKey(l)) {
                byLabel.get(l).body().tail().jumps().forEach(j -> work.push(j.target()));
            }
        }
        return reached.size() == byLabel.size() ? f : mapBodies(f, (n, b) -> b.functions().forAll(
                fn -> reached.contains(fn.label())) ? b : b.withFunctions(b.functions().filter(fn -> reached.contains(fn.label()))));
    }

    /** The simplest constant of a data type (0, 0.0, or ⊥ for an aggregate); none for the memory type. */
    static Option<Atom> zero(Type type) {
        return switch (type) {
            case Type.Mem m -> Option.none();
            case Type.Data d when d.isInteger() -> Option.of(Atom.IntLit.of(d, 0));
            case Type.Data d when d.isFloat() -> Option.of(new Atom.FloatLit(d, 0.0));
            case Type.Data d -> Option.of(new Atom.Undef(d));
        };
    }
}
