package org.funssa.cps.opt;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import org.funssa.core.gen.GeneratorConfig;
import org.funssa.core.gen.LirGenerator;
import org.funssa.core.gen.Shape;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.core.interp.Value;
import org.funssa.core.lir.LirType;
import org.funssa.core.lir.Op;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.construct.Ssa;
import org.funssa.cps.interp.IrInterpreter;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.DeepIr;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Program;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.ir.Type;
import org.funssa.cps.verify.Verifier;
import org.junit.jupiter.api.Test;

/**
 * The four passes on a 10⁵-deep nest and on 10⁶-let bodies, on the default thread stack (as {@code DeepTest}):
 * the engine walks, deletes and rebuilds with explicit stacks only, and chains are followed with compression.
 */
class ShrinkDeepTest {

    private static final int DEPTH = 100_000;
    private static final int LETS = 1_000_000;

    private static Value run(Function f, long argument) {
        Program program = new Program("deep", Vector.empty(), Vector.empty(), Vector.of(f));
        RunResult result = IrInterpreter.run(program, RunOptions.defaults().withEntry(f.name(), argument));
        assertThat(result).isInstanceOf(RunResult.Returned.class);
        return ((RunResult.Returned) result).values().head();
    }

    /** Each level jumps to the next: concatenation flattens the nest into one body of 10⁵ lets. */
    @Test
    void aDeepChainOfBlocksBecomesOneBody() {
        Function nest = DeepIr.nest(DEPTH, "a");
        assertThat(CopyPropagation.PASS.apply(nest)).isSameAs(nest);
        assertThat(EmptyBlockElimination.PASS.apply(nest)).isSameAs(nest);
        for (Function flat : Vector.of(BlockConcatenation.PASS.apply(nest), Shrink.PASS.apply(nest))) {
            assertThat(flat.body().functions()).isEmpty();
            assertThat(flat.body().lets()).hasSize(DEPTH);
            assertThat(Verifier.verify(flat)).isEmpty();
            assertThat(run(flat, 7)).isEqualTo(Value.Int.of(LirType.I32, 7 + DEPTH));
        }
    }

    /**
     * A 10⁵-deep nest that nothing flattens (each level is a branch arm), with an empty block, a copy and a
     * foldable let at each level: every level is simplified and the depth stays.
     */
    @Test
    void aDeepNestOfBranchesIsSimplifiedAtEveryLevel() {
        Function f = branchingNest(DEPTH);
        assertThat(Verifier.verify(f)).isEmpty();
        Function shrunk = Shrink.PASS.apply(f);
        assertThat(Verifier.verify(shrunk)).isEmpty();
        assertThat(Shrink.PASS.apply(shrunk)).isSameAs(shrunk);
        assertThat(run(shrunk, 5)).isEqualTo(run(f, 5));
        Body body = shrunk.body();
        int depth = 0;
        for (var level = deeper(body); level.isDefined(); level = deeper(body)) {
            assertThat(body.lets()).hasSize(2);
            assertThat(body.functions().size()).isEqualTo(depth == 0 ? 2 : 1);
            body = level.get().body();
            depth++;
        }
        assertThat(depth).isEqualTo(DEPTH);
        for (var pass : Vector.of(CopyPropagation.PASS, EmptyBlockElimination.PASS, BlockConcatenation.PASS)) {
            Function result = pass.apply(f);
            assertThat(Verifier.verify(result)).as(pass.name()).isEmpty();
        }
    }

    private static io.vavr.control.Option<Fn> deeper(Body body) {
        return body.functions().find(fn -> fn.label().name().startsWith("l"));
    }

    /** A chain of 10⁶ copies ending in a parameter, and 10⁶ dead lets. */
    @Test
    void longChainsOfCopiesAndDeadLets() {
        Atom.Var a = new Atom.Var(0, "a", Type.I32);
        Atom.Var m = new Atom.Var(1, "m", Type.MEM);
        java.util.List<Let> copies = new java.util.ArrayList<>(LETS);
        Atom.Var previous = a;
        for (int i = 0; i < LETS; i++) {
            Atom.Var x = new Atom.Var(2 + i, "x", Type.I32);
            copies.add(Let.of(x, new Expr.Copy(previous)));
            previous = x;
        }
        Function chain = Function.of("chain", Vector.of(a, m), Vector.of(Type.I32, Type.MEM),
                Body.of(Vector.ofAll(copies), new Tail.Return(Vector.of(previous, m))), 2 + LETS);
        Function propagated = CopyPropagation.PASS.apply(chain);
        assertThat(propagated.body().lets()).isEmpty();
        assertThat(propagated.body().tail()).isEqualTo(new Tail.Return(Vector.of(a, m)));

        Function dead = DeepIr.longBody(LETS, "d");
        Function unused = dead.withBody(dead.body().withTail(new Tail.Return(Vector.of(dead.params().get(0),
                dead.params().get(1)))));
        assertThat(Shrink.PASS.apply(unused).body().lets()).isEmpty();
        assertThat(Shrink.PASS.apply(dead)).isSameAs(dead);
    }

    /**
     * {@code depth} levels: level i binds {@code k = 1} (a copy), {@code x = add p k}, {@code y = mul 2 3}
     * (folds), {@code c = tstgts x y}, and branches to {@code out} through an empty block or to level i + 1.
     */
    private static Function branchingNest(int depth) {
        int[] next = {0};
        java.util.function.Function<String, Atom.Var> fresh = hint -> new Atom.Var(next[0]++, hint, Type.I32);
        Atom.Var p0 = fresh.apply("p");
        Atom.Var m = new Atom.Var(next[0]++, "m", Type.MEM);
        Atom.Var r = fresh.apply("r");
        Label out = new Label("out");
        Fn exit = new Fn(out, Vector.of(r), Body.of(Vector.empty(), new Tail.Return(Vector.of(r, m))));
        Atom.Var[] params = new Atom.Var[depth + 1];
        for (int i = 0; i <= depth; i++) {
            params[i] = i == 0 ? p0 : fresh.apply("p");
        }
        Body body = Body.of(Vector.empty(), new Tail.Return(Vector.of(params[depth], m)));
        for (int i = depth - 1; i >= 0; i--) {
            Atom.Var k = fresh.apply("k");
            Atom.Var x = fresh.apply("x");
            Atom.Var y = fresh.apply("y");
            Atom.Var c = fresh.apply("c");
            Atom.Var e = fresh.apply("e");
            Label empty = new Label("e" + i);
            Label deeper = new Label("l" + (i + 1));
            Fn forward = new Fn(empty, Vector.of(e), Body.of(Vector.empty(), Tail.Jump.of(out, e)));
            Fn level = new Fn(deeper, Vector.of(params[i + 1]), body);
            body = new Body(Vector.of(
                    Let.of(k, new Expr.Copy(Atom.i32(1))),
                    Let.of(x, new Expr.Prim(Op.ADD, Type.I32, Vector.of(params[i], k))),
                    Let.of(y, new Expr.Prim(Op.MUL, Type.I32, Vector.of(Atom.i32(2), Atom.i32(3)))),
                    Let.of(c, new Expr.Prim(Op.TSTGTS, Type.I32, Vector.of(x, y)))),
                    Vector.of(forward, level),
                    new Tail.Branch(c, Tail.Jump.of(empty, x), Tail.Jump.of(deeper, x)));
        }
        Body root = body.withFunctions(body.functions().prepend(exit));
        return Function.of("branching", Vector.of(p0, m), Vector.of(Type.I32, Type.MEM), root, next[0]);
    }

    @Test
    void oneRunReachesTheFixpointWhereLateConcatenationsPassLiterals() {
        // A chain of diamonds this size has blocks concatenated into their caller after the walk simplified them,
        // with literal arguments (which once took the engine three runs over the whole function): the literals
        // reach the operations and tests already simplified through the occurrence lists, in the same run.
        Program p = Ssa.construct(LirGenerator.generate(20_240_601L, GeneratorConfig.sized(100_000, Shape.DIAMONDS))
                .module(), Construction.PRUNED);
        Function once = Shrink.PASS.apply(p.functions().head());
        assertThat(once).isNotSameAs(p.functions().head());
        assertThat(Shrink.PASS.apply(once)).isSameAs(once);
        assertThat(Verifier.verify(once)).isEmpty();
    }
}
