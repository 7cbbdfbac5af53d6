package org.funssa.bench.phase;

import io.vavr.collection.Vector;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Program;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.rewrite.Nest;

/**
 * A program built again, node by node, from itself: every body, local function, let, expression, tail and vector
 * is a new object, equal to the one it copies, and so is every variable and label where it is defined (a let's
 * variables, a function's parameters, a local function's label). A use refers to an existing
 * variable or label, as a construction's renaming refers to the variable it defined, so the copy allocates one
 * variable per definition, not one per occurrence. Types, literals and symbols are shared.
 *
 * <p>This is the work a construction cannot avoid, whatever its algorithm: allocating the IR it returns. The
 * phase {@code ir.rebuild} times it on the output of {@code construct.prun}, so the report shows how far
 * construction is from that floor, and how the floor itself scales with size on this machine (its live output
 * is what the collector copies). Bodies nest as deep as the dominator tree, so the walk uses an explicit stack.
 * The walk is the rewrite kit's {@link Nest#rewrite}, whose own allocation is one array of bodies.
 */
public final class Rebuild {

    private Rebuild() {}

    /** A copy of the program sharing no IR node with it but its operands and jump targets. */
    public static Program of(Program program) {
        return program.withFunctions(program.functions().map(Rebuild::of));
    }

    /** A copy of the function sharing no IR node with it but its operands and jump targets. */
    public static Function of(Function f) {
        Function copied = Nest.of(f).rewrite(
                (node, body) -> new Body(body.lets().map(Rebuild::let), Vector.ofAll(body.functions()),
                        tail(body.tail())),
                (node, fn) -> new Fn(label(fn.label()), fn.params().map(Rebuild::var), fn.body()));
        return new Function(new String(f.name()), f.symbols(), f.params().map(Rebuild::var), f.results(),
                copied.body(), f.varCount());
    }

    private static Let let(Let let) {
        Expr e = switch (let.expr()) {
            case Expr.Copy c -> new Expr.Copy(c.value());
            case Expr.Prim p -> new Expr.Prim(p.op(), p.type(), Vector.ofAll(p.operands()));
            case Expr.Select x -> new Expr.Select(x.type(), x.condition(), x.ifTrue(), x.ifFalse());
            case Expr.Load l -> new Expr.Load(l.type(), l.mem(), l.address(), l.access());
            case Expr.Store x -> new Expr.Store(x.type(), x.mem(), x.address(), x.value(), x.access());
            case Expr.Call c -> new Expr.Call(c.function(), Vector.ofAll(c.args()), c.mem(), c.results());
            case Expr.Psi p -> new Expr.Psi(p.type(), Vector.ofAll(p.args()));
        };
        return new Let(let.vars().map(Rebuild::var), e, let.guard());
    }

    private static Tail tail(Tail tail) {
        return switch (tail) {
            case Tail.Return r -> new Tail.Return(Vector.ofAll(r.values()));
            default -> tail.mapJumps(j -> new Tail.Jump(j.target(), Vector.ofAll(j.args())));
        };
    }

    private static Label label(Label label) {
        return new Label(new String(label.name()));
    }

    /** A variable where it is defined: a new one, of the same number, hint and type. */
    private static Atom.Var var(Atom.Var v) {
        return new Atom.Var(v.id(), v.hint(), v.type());
    }
}
