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
 * A program built again, node by node, from itself: every body, local function, let, expression, tail and vector
 * is a new object, equal to the one it copies, and so is every variable and label where it is defined (a let's
 * variables, a function's parameters, a local function's label) with its name. A use refers to an existing
 * variable or label, as a construction's renaming refers to the variable it defined, so the copy allocates one
 * variable per definition, not one per occurrence. Types, literals and symbols are shared.
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

    /** A copy of the program sharing no IR node with it but its operands and jump targets. */
    public static Program of(Program program) {
        return new Program(program.name(), program.symbols(), program.data(), program.functions().map(Rebuild::of));
    }

    /** A copy of the function sharing no IR node with it but its operands and jump targets. */
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
                lets.add(let.mapVars(Rebuild::var).withExpr(let.expr().mapAtoms(Rebuild::use)));
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
            case Tail.Branch b -> new Tail.Branch(b.condition(), jump(b.ifTrue()), jump(b.ifFalse()));
            case Tail.Switch s -> new Tail.Switch(s.value(),
                    s.cases().map(c -> new Tail.Case(c.value(), jump(c.target()))), jump(s.otherwise()));
            case Tail.Return r -> new Tail.Return(r.values().map(Rebuild::use));
        };
    }

    private static Tail.Jump jump(Tail.Jump j) {
        return new Tail.Jump(j.target(), j.args().map(Rebuild::use));
    }

    private static Label label(Label label) {
        return new Label(new String(label.name()));
    }

    /** A variable where it is defined: a new one, with a new name. */
    private static Atom.Var var(Atom.Var v) {
        return new Atom.Var(new String(v.name()), v.type());
    }

    /**
     * An operand: the atom itself. A construction's renaming finds the variable it defined and refers to it; the
     * floor refers to the one it copies, which costs no more and allocates nothing.
     */
    private static Atom use(Atom a) {
        return a;
    }
}
