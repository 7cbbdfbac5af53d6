package org.funssa.destruct.briggs;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Set;
import io.vavr.collection.Vector;
import org.funssa.core.interp.LirInterpreter;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.core.lir.Op;
import org.funssa.cps.alpha.Alpha;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Program;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.ir.Type;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.text.IrPrinter;
import org.funssa.cps.text.VarNames;
import org.funssa.cps.verify.Rule;
import org.funssa.cps.verify.Verifier;
import org.funssa.cps.verify.Violation;
import org.funssa.destruct.CopyStats;
import org.funssa.destruct.Destruction;
import org.funssa.destruct.Destructions;
import org.funssa.destruct.Examples;
import org.funssa.destruct.conventional.Conventional;
import org.funssa.destruct.lir.LirWriter;
import org.junit.jupiter.api.Test;

class BriggsTest {

    private final Program figures = Examples.program("briggs/figures.ir");
    private final String expected = Examples.resource("briggs/figures.out");

    /**
     * The destructed program: in conventional form, well formed for the verifier except that copies bind the
     * parameters again (conventional form is not SSA), and printing what the input prints under both the IR
     * interpreter and the LIR interpreter after the LIR writer.
     */
    private static Destruction.Destructed checked(Destruction method, Program program, String output) {
        assertThat(Examples.runAsIr(program)).isEqualTo(output);
        Destruction.Destructed d = method.destruct(program);
        String text = IrPrinter.print(d.program());
        assertThat(Conventional.violation(d.program())).as(text).isEmpty();
        assertThat(wellFormedButForRebinding(d.program())).as(text).isEmpty();
        assertThat(Examples.runAsIr(d.program())).as(text).isEqualTo(output);
        assertThat(Examples.runAsLir(d.program())).as(text).isEqualTo(output);
        return d;
    }

    @Test
    void theLostCopySimpleOrderingAndSwapExamplesKeepTheirMeaningAndEveryCopyRemains() {
        Destruction.Destructed d = checked(new Briggs(), figures, expected);
        assertThat(d.stats().inserted()).isPositive();
        assertThat(d.stats().remaining()).isEqualTo(d.stats().inserted());
    }

    @Test
    void theResultsAreFigures5_5_5_7And5_10UpToRenaming() {
        Program result = new Briggs().apply(figures);
        Program figured = IrParser.parse("briggs/figures-brig.ir", Examples.resource("briggs/figures-brig.ir"));
        for (String name : Vector.of("lost", "order", "swap")) {
            Function got = result.function(name).get();
            assertThat(Alpha.equivalent(got, figured.function(name).get()))
                    .as("%s is the seed's figure; brig gave%n%s", name, IrPrinter.print(got)).isTrue();
        }
        // the figures' copies: lost 2 (x1 ← x0, x1 ← x2) + 1 save; order 2 + 2 + 2 saves; swap 3 + 3 + 1 + 2 saves
        // in block2 (i1 ← i2, temp ← x1, x1 ← y1, y1 ← temp); cond and join counted separately below.
        assertThat(new Briggs().destruct(only(figures, "lost")).stats()).isEqualTo(new CopyStats(3, 3));
        assertThat(new Briggs().destruct(only(figures, "order")).stats()).isEqualTo(new CopyStats(6, 6));
        assertThat(new Briggs().destruct(only(figures, "swap")).stats()).isEqualTo(new CopyStats(9, 9));
    }

    @Test
    void aCopyBeforeTheConditionalJumpDoesNotChangeWhatTheConditionReads() {
        // §5.3.5: in cond the branch reads the parameter c that the copy c ← c2 at the end of the block writes;
        // without the fix cond(3) returns 2 instead of 3 (the loop leaves one iteration early).
        Function cond = new Briggs().apply(figures).function("cond").get();
        Fn loop = cond.body().functions().get(0);
        Tail.Branch branch = (Tail.Branch) loop.body().tail();
        Atom.Var read = (Atom.Var) branch.condition();
        assertThat(loop.body().lets().filter(l -> l.vars().contains(read)))
                .as("the condition is saved at the φ and never written by a copy: %s", IrPrinter.print(cond))
                .containsExactly(Let.of(read, new Expr.Copy(VarNames.of(cond).variable("c").get())));
        assertThat(loop.body().lets().indexWhere(l -> l.vars().contains(read)))
                .as("saved at the start of the block, where the φ is")
                .isLessThan(loop.body().lets().indexWhere(l -> l.vars().contains(VarNames.of(cond).variable("i2").get())));
        checked(new Briggs(), figures, expected); // prints 1 and 3 for cond(1) and cond(3)
    }

    @Test
    void aTargetLiveIntoABlockTheCopyingBlockDoesNotDominateGetsItsEdgeSplit() {
        // In join, t is live from b (which copies t ← x before its branch) into exit, which other reaches too:
        // Stack's renaming covers b's dominator subtree only, so the edge b → s gets its own block.
        Function join = new Briggs().apply(figures).function("join").get();
        assertThat(IrPrinter.print(join)).contains("edge");
        // the lost copy of lost, whose exit block3 the copying block2 dominates, needs no split.
        assertThat(IrPrinter.print(new Briggs().apply(figures).function("lost").get())).doesNotContain("edge");
    }

    @Test
    void branchesToOneBlockWithDifferentArgumentsAndTheOtherSeedExamplesKeepTheirMeaning() {
        checked(new Briggs(), Examples.program("seed004-ch5.ir"), Examples.resource("seed004-ch5.out"));
    }

    @Test
    void composesWithChaitinsCoalescing() {
        Destruction method = Destructions.named("brig", true).get();
        assertThat(method.name()).isEqualTo("brig/chaitin");
        Destruction.Destructed d = checked(method, figures, expected);
        assertThat(d.stats().remaining()).isLessThan(d.stats().inserted());
        checked(method, Examples.program("seed004-ch5.ir"), Examples.resource("seed004-ch5.out"));
    }

    @Test
    void aHundredThousandBranchingBlocksNestedFiftyThousandDeepAreTranslatedWithoutRecursion() {
        // B_i(x_i) = let y_i = x_i + 1; c_i = y_i < depth + 5 in if c_i then B_{i+1}(y_i) else out_i(), with
        // out_i() = return x_i: 10^5 blocks, a dominator tree and a nest 5·10^4 deep, a copy before every branch.
        int depth = 50_000;
        // variables: m0 is 0, x_i is 1 + 3i, y_i 2 + 3i, c_i 3 + 3i
        Atom.Var m0 = new Atom.Var(0, "m0", Type.MEM);
        Body body = Body.of(Vector.empty(), new Tail.Return(Vector.of(new Atom.Var(1 + 3 * depth, "x" + depth,
                Type.I32), m0)));
        for (int i = depth - 1; i >= 0; i--) {
            Atom.Var x = new Atom.Var(1 + 3 * i, "x" + i, Type.I32);
            Atom.Var y = new Atom.Var(2 + 3 * i, "y" + i, Type.I32);
            Atom.Var c = new Atom.Var(3 + 3 * i, "c" + i, Type.I32);
            Fn next = new Fn(new Label("B" + (i + 1)), Vector.of(new Atom.Var(4 + 3 * i, "x" + (i + 1), Type.I32)),
                    body);
            Fn out = new Fn(new Label("out" + i), Vector.empty(), Body.of(Vector.empty(),
                    new Tail.Return(Vector.of(x, m0))));
            body = new Body(Vector.of(Let.of(y, new Expr.Prim(Op.ADD, Type.I32, Vector.of(x, Atom.i32(1)))),
                    Let.of(c, new Expr.Prim(Op.TSTLTS, Type.I32, Vector.of(y, Atom.i32(depth + 5))))),
                    Vector.of(next, out), new Tail.Branch(c, new Tail.Jump(next.label(), Vector.of(y)),
                            new Tail.Jump(out.label(), Vector.empty())));
        }
        Fn first = new Fn(new Label("B0"), Vector.of(new Atom.Var(1, "x0", Type.I32)), body);
        Body entry = new Body(Vector.empty(), Vector.of(first), Tail.Jump.of(first.label(), Atom.i32(0)));
        Function main = new Function("main", Vector.empty(), Vector.of(m0), Vector.of(Type.I32, Type.MEM), entry,
                2 + 3 * depth);
        Program p = new Program("deep", Vector.empty(), Vector.empty(), Vector.of(main));
        Destruction.Destructed d = new Briggs().destruct(p);
        assertThat(Conventional.violation(d.program())).isEmpty();
        RunResult r = LirInterpreter.run(LirWriter.write(d.program()), RunOptions.defaults());
        assertThat(r).isInstanceOfSatisfying(RunResult.Returned.class,
                ret -> assertThat(ret.exitStatus()).isEqualTo(depth & 0xff));
        // one copy x_{i+1} ← y_i per block and x0 ← 0: no target is live through a block, so no saves.
        assertThat(d.stats()).isEqualTo(new CopyStats(depth + 1, depth + 1));
    }

    /**
     * The verifier's findings other than a name bound more than once and what follows from it (a use of such a
     * name is checked against one of its bindings only, so a jump passing the parameters from outside the
     * block looks out of scope).
     */
    private static Vector<Violation> wellFormedButForRebinding(Program p) {
        Vector<Violation> all = Verifier.verify(p);
        Set<String> rebound = all.filter(v -> v.rule() == Rule.REBOUND_VARIABLE)
                .map(v -> v.message().split(" ")[1]).toSet();
        return all.filter(v -> v.rule() != Rule.REBOUND_VARIABLE
                && !(v.rule() == Rule.OUT_OF_SCOPE && rebound.contains(v.message().split(" ")[1])));
    }

    private static Program only(Program p, String name) {
        return new Program(p.name(), p.symbols(), p.data(), p.functions().filter(f -> f.name().equals(name)));
    }
}
