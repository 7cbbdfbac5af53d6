package org.funssa.cps.opt;

import static org.assertj.core.api.Assertions.assertThat;

import org.funssa.cps.alpha.Alpha;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.construct.RedundantPhiElimination;
import org.funssa.cps.ir.Function;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.rewrite.Nest;
import org.funssa.cps.testkit.Generators;
import org.funssa.cps.testkit.Law;
import org.funssa.cps.testkit.LawRunner;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.text.IrPrinter;
import org.funssa.cps.verify.Verifier;
import org.junit.jupiter.api.Test;

/** Seed 004 §6.14: {@code rpe} among the optimizations, on construction's parameter-dropping engine. */
class RedundantPhiEliminationTest {

    private static final Pass RPE = Optimizations.named("rpe").get();

    private static void assertRewrites(String before, String after) {
        PassLaws.assertRewrites(RPE, before, after);
    }

    @Test
    void thePassStringNameIsConstructionsPass() {
        assertThat(RPE).isSameAs(RedundantPhiElimination.PASS);
    }

    /**
     * §6.14's examples: y ← φ(x, x, x) (every source the same, case 2) becomes x, and then z ← φ(y, z) (one
     * source besides the target itself, case 3) becomes x too; each goes with its arguments.
     */
    @Test
    void theExamplesOfSection614() {
        assertRewrites("""
                fun f(a: i32, b: i32) -> (i32) =
                  let x = add.i32 a b
                  let c = tstlts.i32 a b
                  letrec g() =
                    let d = tsteq.i32 a 0
                    if d then j(x) else j(x)
                  and j(y: i32) =
                    letrec h(z: i32, i: i32) =
                      let i2 = add.i32 i 1
                      let e = tstlts.i32 i2 z
                      letrec out() =
                        let s = add.i32 z i2
                        return (s)
                      in if e then h(z, i2) else out()
                    in jump h(y, 0)
                  in if c then g() else j(x)
                """, """
                fun f(a: i32, b: i32) -> (i32) =
                  let x = add.i32 a b
                  let c = tstlts.i32 a b
                  letrec g() =
                    let d = tsteq.i32 a 0
                    if d then j() else j()
                  and j() =
                    letrec h(i: i32) =
                      let i2 = add.i32 i 1
                      let e = tstlts.i32 i2 x
                      letrec out() =
                        let s = add.i32 x i2
                        return (s)
                      in if e then h(i2) else out()
                    in jump h(0)
                  in if c then g() else j()
                """);
    }

    /** Case 1, x1 ← φ(x1, x1): a parameter that receives only itself (and ⊥ on entry) goes. */
    @Test
    void aParameterThatReceivesOnlyItselfGoes() {
        assertRewrites("""
                fun f(a: i32) -> (i32) =
                  letrec k(w: i32, i: i32) =
                    let i2 = add.i32 i 1
                    let e = tstlts.i32 i2 a
                    letrec out() =
                      return (i2)
                    in if e then k(w, i2) else out()
                  in jump k(undef.i32, 0)
                """, """
                fun f(a: i32) -> (i32) =
                  letrec k(i: i32) =
                    let i2 = add.i32 i 1
                    let e = tstlts.i32 i2 a
                    letrec out() =
                      return (i2)
                    in if e then k(i2) else out()
                  in jump k(0)
                """);
    }

    /**
     * What §6.14 is for: common subexpression elimination makes the sources of a φ one variable (p ← φ(x, y)
     * with y a copy of x), and rpe then removes it.
     */
    @Test
    void afterCommonSubexpressionEliminationTheUselessPhiGoes() {
        Function input = IrParser.parseFunction("cse.ir", """
                fun f(a: i32, b: i32) -> (i32) =
                  let c = tstlts.i32 a b
                  let x = add.i32 a b
                  letrec g() =
                    let y = add.i32 b a
                    jump h(y)
                  and h(p: i32) =
                    return (p)
                  in if c then g() else h(x)
                """);
        Function output = RPE.apply(CommonSubexpressionElimination.apply(input));
        assertThat(Verifier.verify(output)).isEmpty();
        assertThat(Alpha.equivalent(output, IrParser.parseFunction("after.ir", """
                fun f(a: i32, b: i32) -> (i32) =
                  let c = tstlts.i32 a b
                  let x = add.i32 a b
                  letrec g() =
                    let y = x
                    jump h()
                  and h() =
                    return (x)
                  in if c then g() else h()
                """))).as(IrPrinter.print(output)).isTrue();
    }

    /** Minimal SSA has the φs rpe removes, and so has what cse leaves; its laws on pruned SSA are in OptimizationLawsTest. */
    @Test
    void theLawsHoldOnMinimalSsa() {
        LawRunner minimal = LawRunner.on(Generators.ir(Construction.MINIMAL)).samples(200);
        minimal.check(Law.preservesMeaning(RPE)).assertHolds();
        minimal.check(Law.idempotent(RPE)).assertHolds();
        Pass cseThenRpe = Pass.of("cse/rpe", f -> RPE.apply(CommonSubexpressionElimination.apply(f)));
        minimal.check(Law.preservesMeaning(cseThenRpe)).assertHolds();
    }

    /** 10^5 nested levels: exit's parameter receives a different variable from each, and stays. */
    @Test
    void aNestTenToTheFiveDeepIsRewrittenWithoutRecursion() {
        Function deep = PassLaws.deepDiamonds(100_000);
        assertThat(RPE.apply(deep)).isSameAs(deep);
        Function merged = CommonSubexpressionElimination.apply(deep);
        Function output = RPE.apply(merged);
        assertThat(Verifier.verify(output)).isEmpty();
        Nest nest = Nest.of(output);
        assertThat(nest.fn(nest.node(new org.funssa.cps.ir.Label("exit"))).params()).isEmpty();
    }
}
