package org.funssa.bench.phase;

import io.vavr.collection.Vector;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Program;
import org.funssa.cps.ir.Tail;

/**
 * A program built again, node by node, from itself: every body, local function, let, expression, tail, vector,
 * variable and name is a new object, equal to the one it copies; only types, literals and symbols are shared.
 *
 * <p>This is the work a construction cannot avoid, whatever its algorithm: allocating the IR it returns. The
 * phase {@code ir.rebuild} times it on the output of {@code construct.prun}, so the report shows how far
 * construction is from that floor, and how the floor itself scales with size on this machine (its live output
 * is what the collector copies). Bodies nest as deep as the dominator tree, so the walk uses an explicit stack.
 * It is not {@code org.funssa.destruct.nest.BottomUp}: that one wraps each rebuilt body in an intermediate
 * {@code Fn} and grows each list of local functions by appends, allocation a floor must not count.
 */
public final class Rebuild {

    private Rebuild() {}

    /** A copy of the program sharing no IR node with it. */
    public static Program of(Program program) {
        return new Program(program.name(), program.symbols(), program.data(), program.functions().map(Rebuild::of));
    }

    /** A copy of the function sharing no IR node with it. */
    public static Function of(Function f) {
        return new Function(new String(f.name()), f.symbols(), f.params().map(Rebuild::var), f.results(),
                body(f.body()));
    }

    /** A body waiting for copies of its local functions. */
    private record Frame(Body body, List<Fn> functions) {}

    private static Body body(Body root) {
        ArrayDeque<Frame> stack = new ArrayDeque<>();
        stack.push(new Frame(root, new ArrayList<>()));
        while (true) {
            Frame top = stack.peek();
            Vector<Fn> local = top.body().functions();
            if (top.functions().size() < local.size()) {
                stack.push(new Frame(local.get(top.functions().size()).body(), new ArrayList<>()));
                continue;
            }
            stack.pop();
            List<Let> lets = new ArrayList<>(top.body().lets().size());
            for (Let let : top.body().lets()) {
                lets.add(new Let(let.vars().map(Rebuild::var), let.expr().mapAtoms(Rebuild::atom)));
            }
            Body copy = new Body(Vector.ofAll(lets), Vector.ofAll(top.functions()), tail(top.body().tail()));
            if (stack.isEmpty()) {
                return copy;
            }
            Frame parent = stack.peek();
            Fn fn = parent.body().functions().get(parent.functions().size());
            parent.functions().add(new Fn(label(fn.label()), fn.params().map(Rebuild::var), copy));
        }
    }

    private static Tail tail(Tail tail) {
        return switch (tail) {
            case Tail.Jump j -> jump(j);
            case Tail.Branch b -> new Tail.Branch(atom(b.condition()), jump(b.ifTrue()), jump(b.ifFalse()));
            case Tail.Switch s -> new Tail.Switch(atom(s.value()),
                    s.cases().map(c -> new Tail.Case(c.value(), jump(c.target()))), jump(s.otherwise()));
            case Tail.Return r -> new Tail.Return(r.values().map(Rebuild::atom));
        };
    }

    private static Tail.Jump jump(Tail.Jump j) {
        return new Tail.Jump(label(j.target()), j.args().map(Rebuild::atom));
    }

    private static Label label(Label label) {
        return new Label(new String(label.name()));
    }

    private static Atom.Var var(Atom.Var v) {
        return new Atom.Var(new String(v.name()), v.type());
    }

    private static Atom atom(Atom a) {
        return a instanceof Atom.Var v ? var(v) : a;
    }
}
