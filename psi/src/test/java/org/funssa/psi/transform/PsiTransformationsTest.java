package org.funssa.psi.transform;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import org.funssa.core.testing.Exhaustive;
import org.funssa.cps.alpha.Alpha;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.testkit.Generators;
import org.funssa.cps.testkit.Law;
import org.funssa.cps.testkit.LawRunner;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.text.IrPrinter;
import org.funssa.cps.verify.Verifier;
import org.funssa.psi.PsiConditions;
import org.funssa.psi.guard.NestedBranchGuards;
import org.funssa.psi.ifcv.IfConversion;
import org.junit.jupiter.api.Test;

/** The ψ transformations on the seeds' examples, and their laws after if-conversion on generated programs. */
class PsiTransformationsTest {

    private static final String HEAD = """
            fun f(s: i32, t: i32, i: i32) -> (i32) =
              let p = tstne.i32 s 0
              let np = tsteq.i32 p 0
              let q = tstne.i32 t 0
            """;

    /** Seed 000 Figure 2: x = ψ(p?a, p̄?b) inlined into y = ψ(1?x, q?c) gives y = ψ(p?a, p̄?b, q?c). */
    @Test
    void inliningReproducesFigureTwoOfSeed000() {
        assertRewrites(PsiInlining.PASS, HEAD + """
                  let p ? a = 1
                  let np ? b = -1
                  let x = psi.i32(p ? a, np ? b)
                  let q ? c = 0
                  let y = psi.i32(1 ? x, q ? c)
                  return (y)
                """, HEAD + """
                  let p ? a = 1
                  let np ? b = -1
                  let x = psi.i32(p ? a, np ? b)
                  let q ? c = 0
                  let y = psi.i32(p ? a, np ? b, q ? c)
                  return (y)
                """);
    }

    @Test
    void reductionDropsWhatTheRightOverrides() {
        assertRewrites(PsiReduction.PASS, HEAD + """
                  let a = add.i32 i 1
                  let p ? b = divs.i32 i 2
                  let np ? c = divs.i32 i 3
                  let x = psi.i32(1 ? a, p ? b, np ? c)
                  let y = psi.i32(p ? a, q ? b, p ? c)
                  let z = add.i32 x y
                  return (z)
                """, HEAD + """
                  let a = add.i32 i 1
                  let p ? b = divs.i32 i 2
                  let np ? c = divs.i32 i 3
                  let x = psi.i32(p ? b, np ? c)
                  let y = psi.i32(q ? b, p ? c)
                  let z = add.i32 x y
                  return (z)
                """);
    }

    @Test
    void projectionKeepsTheArgumentsAGuardedUseCanSee() {
        assertRewrites(PsiProjection.PASS, HEAD + """
                  let speculated a = add.i32 i 1
                  let speculated b = add.i32 i 2
                  let y = psi.i32(p ? a, np ? b)
                  let p ? z = mul.i32 y 3
                  let w = psi.i32(1 ? 0, np ? y, p ? z)
                  return (w)
                """, HEAD + """
                  let speculated a = add.i32 i 1
                  let speculated b = add.i32 i 2
                  let y = psi.i32(p ? a, np ? b)
                  let p ? z = mul.i32 a 3
                  let w = psi.i32(1 ? 0, np ? b, p ? z)
                  return (w)
                """);
    }

    @Test
    void permutationOrdersDisjointArgumentsAsTheirDefinitions() {
        assertRewrites(PsiPermutation.PASS, HEAD + """
                  let speculated a = add.i32 i 1
                  let speculated b = add.i32 i 2
                  let x = psi.i32(np ? b, p ? a)
                  let y = psi.i32(q ? b, p ? a)
                  let z = add.i32 x y
                  return (z)
                """, HEAD + """
                  let speculated a = add.i32 i 1
                  let speculated b = add.i32 i 2
                  let x = psi.i32(p ? a, np ? b)
                  let y = psi.i32(q ? b, p ? a)
                  let z = add.i32 x y
                  return (z)
                """);
    }

    /** Seed 001 §3.1 on Figure 3 (c): the first argument goes under TRUE, speculated first if need be. */
    @Test
    void promotionPutsTheFirstArgumentUnderTrue() {
        assertRewrites(PsiPromotion.PASS, HEAD + """
                  let speculated a = add.i32 i 1
                  let speculated b = add.i32 i 2
                  let x = psi.i32(p ? a, np ? b)
                  let p ? c = sub.i32 i 1
                  let y = psi.i32(p ? c, np ? b)
                  let p ? d = divs.i32 i 5
                  let z = psi.i32(p ? d, np ? b)
                  let u = psi.i32(p ? a, q ? b)
                  let r = add.i32 x y
                  let v = add.i32 r z
                  let w = add.i32 v u
                  return (w)
                """, HEAD + """
                  let speculated a = add.i32 i 1
                  let speculated b = add.i32 i 2
                  let x = psi.i32(1 ? a, np ? b)
                  let speculated c = sub.i32 i 1
                  let y = psi.i32(1 ? c, np ? b)
                  let p ? d = divs.i32 i 5
                  let z = psi.i32(p ? d, np ? b)
                  let u = psi.i32(p ? a, q ? b)
                  let r = add.i32 x y
                  let v = add.i32 r z
                  let w = add.i32 v u
                  return (w)
                """);
    }

    /** A branch on s whose then arm branches on t, guards as if-conversion makes them: the PPG's p = pq | pnq. */
    private static final String NESTED = "fun f(s: i32, t: i32, i: i32) -> (i32) =\n" + NestedBranchGuards.LETS + """
              let speculated a = add.i32 i 1
              let speculated b = add.i32 i 2
              let speculated c = add.i32 i 3
            """;

    /** p ⊆ pq ∪ pnq only through the partition p = pq | pnq: no argument on the right has a guard that p implies. */
    @Test
    void reductionDropsAnArgumentThePartitionOfItsGuardOverrides() {
        assertRewrites(PsiReduction.PASS, NESTED + """
                  let x = psi.i32(p ? a, pq ? b, pnq ? c)
                  return (x)
                """, NESTED + """
                  let x = psi.i32(pq ? b, pnq ? c)
                  return (x)
                """);
    }

    /** On pq, np's argument is gone (np is a sibling of pq's ancestor p) and p's is all that is left (pq ⊆ p). */
    @Test
    void projectionOnANestedGuardAsksThePartitionGraph() {
        assertRewrites(PsiProjection.PASS, NESTED + """
                  let y = psi.i32(np ? a, p ? b)
                  let pq ? z = mul.i32 y 3
                  let w = psi.i32(pnq ? y, pq ? z)
                  return (w)
                """, NESTED + """
                  let y = psi.i32(np ? a, p ? b)
                  let pq ? z = mul.i32 b 3
                  let w = psi.i32(pnq ? b, pq ? z)
                  return (w)
                """);
    }

    @Test
    void permutationSwapsGuardsThePartitionGraphProvesDisjoint() {
        assertRewrites(PsiPermutation.PASS, NESTED + """
                  let x = psi.i32(pnq ? c, np ? a, pq ? b)
                  return (x)
                """, NESTED + """
                  let x = psi.i32(np ? a, pq ? b, pnq ? c)
                  return (x)
                """);
    }

    /** Condition 2 for the first argument: the root is pq ∪ pnq ∪ np, since p = pq | pnq and root = p | np. */
    @Test
    void promotionSeesThatTheNestedGuardsCoverEverything() {
        assertRewrites(PsiPromotion.PASS, NESTED + """
                  let x = psi.i32(pq ? a, pnq ? b, np ? c)
                  let y = psi.i32(pq ? a, np ? c)
                  let z = add.i32 x y
                  return (z)
                """, NESTED + """
                  let x = psi.i32(1 ? a, pnq ? b, np ? c)
                  let y = psi.i32(pq ? a, np ? c)
                  let z = add.i32 x y
                  return (z)
                """);
    }

    /**
     * Each transformation, and chains of them in several orders, after if-conversion: meaning kept, on 1,000
     * generated programs with {@code -Pexhaustive} (.ci/run), 250 in the default run.
     */
    @Test
    void lawsAfterIfConversionOnGeneratedPrograms() {
        Pass ifcv = IfConversion.pass(IfConversion.Limits.ANY);
        Vector<Pass> each = Vector.of(PsiInlining.PASS, PsiReduction.PASS, PsiProjection.PASS, PsiPermutation.PASS,
                PsiPromotion.PASS);
        Vector<Vector<Pass>> chains = each.map(Vector::of).appendAll(Vector.of(each, each.reverse(),
                Vector.of(PsiPromotion.PASS, PsiInlining.PASS, PsiPromotion.PASS, PsiReduction.PASS,
                        PsiProjection.PASS, PsiInlining.PASS, PsiPermutation.PASS, PsiReduction.PASS)));
        Vector<Law> laws = chains.map(chain -> Law.preservesMeaning(Pass.of(
                "ifcv/" + chain.map(Pass::name).mkString("/"),
                f -> chain.foldLeft(ifcv.apply(f), (g, pass) -> pass.apply(g)))));
        LawRunner.on(Generators.ir(Construction.PRUNED)).samples(Exhaustive.ON ? 1000 : 250).check(laws)
                .forEach(report -> report.assertHolds());
    }

    /** After if-conversion and every transformation, every ψ argument's guard still implies its definition's. */
    @Test
    void conditionOneHoldsAfterEveryTransformation() {
        Pass ifcv = IfConversion.pass(IfConversion.Limits.ANY);
        Vector<Pass> each = Vector.of(PsiInlining.PASS, PsiReduction.PASS, PsiProjection.PASS, PsiPermutation.PASS,
                PsiPromotion.PASS);
        for (int seed = 1; seed <= 200; seed++) {
            Program p = ifcv.apply(Generators.ir(Construction.PRUNED).generate(seed, 20).program());
            for (Pass pass : each.appendAll(each)) {
                p = pass.apply(p);
                assertThat(p.functions().flatMap(PsiConditions::unproven)).as(pass.name() + " on seed " + seed)
                        .isEmpty();
            }
        }
    }

    private static void assertRewrites(Pass pass, String before, String after) {
        Function output = pass.apply(IrParser.parseFunction("before.ir", before));
        assertThat(Verifier.verify(output)).as(IrPrinter.print(output)).isEmpty();
        assertThat(Alpha.equivalent(output, IrParser.parseFunction("after.ir", after))).as(IrPrinter.print(output))
                .isTrue();
    }
}
