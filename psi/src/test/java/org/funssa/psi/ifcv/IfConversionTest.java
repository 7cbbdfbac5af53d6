package org.funssa.psi.ifcv;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import org.funssa.core.testing.Exhaustive;
import org.funssa.cps.alpha.Alpha;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.history.ProgramSize;
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
import org.funssa.psi.PsiSsaTest;
import org.funssa.psi.lowering.PsiLowering;
import org.junit.jupiter.api.Test;

/** If-conversion on seed 000's and seed 001's examples, and its laws on generated programs. */
class IfConversionTest {

    /** Seed 000 Figure 1 (left), op1 and op2 divisions (they trap, so they cannot be speculated). */
    private static final String FIGURE_1_CFG = """
            fun f(c: i32, i: i32) -> (i32) =
              letrec yes() =
                let a = divs.i32 i 2
                jump join(a)
              and no() =
                let b = divs.i32 i 3
                jump join(b)
              and join(x: i32) =
                return (x)
              in if c then yes() else no()
            """;

    @Test
    void figureOneOfSeed000IsFullPredication() {
        assertConverts(IfConversion.pass(IfConversion.Limits.ANY), FIGURE_1_CFG, """
                fun f(c: i32, i: i32) -> (i32) =
                  let p = tstne.i32 c 0
                  let np = tsteq.i32 p 0
                  let p ? a = divs.i32 i 2
                  let np ? b = divs.i32 i 3
                  let x = psi.i32(p ? a, np ? b)
                  return (x)
                """);
        Program psi = IrParser.parse("fig1.ir", "(MODULE \"m\" (SYMTAB))\n"
                + IrPrinter.print(IfConversion.apply(parse(FIGURE_1_CFG), IfConversion.Limits.ANY)));
        assertThat(PsiSsaTest.run(psi, 1, 12)).isEqualTo(6);
        assertThat(PsiSsaTest.run(psi, 0, 12)).isEqualTo(4);
    }

    @Test
    void theDefaultLimitsLeaveRegionsThatWouldBePredicated() {
        Function f = parse(FIGURE_1_CFG);
        assertThat(IfConversion.apply(f)).isSameAs(f);
    }

    /** Seed 001 Figure 3: the ADDs cannot be predicated, are speculated, and the ψ keeps the predicates (c). */
    @Test
    void figureThreeOfSeed001IsPartialPredication() {
        assertConverts(IfConversion.PASS, """
                fun f(c: i32, i: i32) -> (i32) =
                  letrec yes() =
                    let a = add.i32 i 1
                    jump join(a)
                  and no() =
                    let b = add.i32 i 2
                    jump join(b)
                  and join(x: i32) =
                    return (x)
                  in if c then yes() else no()
                """, """
                fun f(c: i32, i: i32) -> (i32) =
                  let p = tstne.i32 c 0
                  let np = tsteq.i32 p 0
                  let speculated a = add.i32 i 1
                  let speculated b = add.i32 i 2
                  let x = psi.i32(p ? a, np ? b)
                  return (x)
                """);
    }

    /** A triangle: the value that reaches the join straight from the branch was defined first, so it is first. */
    @Test
    void aTriangleKeepsTheOrderOfDefinitions() {
        assertConverts(IfConversion.PASS, """
                fun f(c: i32, i: i32) -> (i32) =
                  let k = tstlts.i32 i 10
                  letrec yes() =
                    let a = mul.i32 i 2
                    jump join(a)
                  and join(x: i32) =
                    return (x)
                  in if k then yes() else join(i)
                """, """
                fun f(c: i32, i: i32) -> (i32) =
                  let k = tstlts.i32 i 10
                  let nk = tsteq.i32 k 0
                  let speculated a = mul.i32 i 2
                  let x = psi.i32(nk ? i, k ? a)
                  return (x)
                """);
    }

    /** A switch whose cases enter arms and whose default goes straight to the join. */
    @Test
    void aSwitchConvertsWithOnePredicatePerCase() {
        assertConverts(IfConversion.PASS, """
                fun f(v: i32, i: i32) -> (i32) =
                  letrec one() =
                    let a = add.i32 i 1
                    jump join(a)
                  and two() =
                    let b = add.i32 i 2
                    jump join(b)
                  and join(x: i32) =
                    return (x)
                  in switch v
                    case 1 -> one()
                    case 2 -> two()
                    default -> join(i)
                """, """
                fun f(v: i32, i: i32) -> (i32) =
                  let v_is_1 = tsteq.i32 v 1
                  let v_is_2 = tsteq.i32 v 2
                  let any = bor.i32 v_is_1 v_is_2
                  let none = tsteq.i32 any 0
                  let speculated a = add.i32 i 1
                  let speculated b = add.i32 i 2
                  let x = psi.i32(none ? i, v_is_1 ? a, v_is_2 ? b)
                  return (x)
                """);
    }

    /** Seed 000 Figure 2's shape: a diamond nested in an arm converts first, its guards conjoined with the outer. */
    @Test
    void nestedHammocksConvertInsideOut() {
        assertConverts(IfConversion.pass(IfConversion.Limits.ANY), """
                fun f(s: i32, t: i32, i: i32) -> (i32) =
                  let q = tstne.i32 t 0
                  letrec outer() =
                    let p = tstne.i32 s 0
                    letrec a() =
                      let a1 = divs.i32 i 2
                      jump x(a1)
                    and b() =
                      let b1 = divs.i32 i 3
                      jump x(b1)
                    and x(x1: i32) =
                      jump y(x1)
                    in if p then a() else b()
                  and y(y1: i32) =
                    return (y1)
                  in if q then outer() else y(0)
                """, """
                fun f(s: i32, t: i32, i: i32) -> (i32) =
                  let q = tstne.i32 t 0
                  let nq = tsteq.i32 q 0
                  let speculated p = tstne.i32 s 0
                  let speculated np = tsteq.i32 p 0
                  let q_and_p = band.i32 q p
                  let q_and_p ? a1 = divs.i32 i 2
                  let q_and_np = band.i32 q np
                  let q_and_np ? b1 = divs.i32 i 3
                  let speculated x1 = psi.i32(q_and_p ? a1, q_and_np ? b1)
                  let y1 = psi.i32(nq ? 0, q ? x1)
                  return (y1)
                """);
    }

    /** On 1,000 generated programs with {@code -Pexhaustive} (.ci/run), 400 in the default run. */
    @Test
    void lawsOnGeneratedPrograms() {
        Pass any = IfConversion.pass(IfConversion.Limits.ANY);
        Pass lowered = Pass.of("ifcv+psilower", f -> PsiLowering.apply(any.apply(f)));
        LawRunner.on(Generators.ir(Construction.PRUNED)).samples(Exhaustive.ON ? 1000 : 400).check(Vector.of(
                Law.preservesMeaning(any), Law.preservesMeaning(lowered), Law.idempotent(any)))
                .forEach(report -> report.assertHolds());
    }

    /**
     * The laws above would hold of a pass that did nothing: on 200 generated programs branches go, ψs come; and
     * every ψ argument's guard provably implies its definition's (seed 001 Condition 1).
     */
    @Test
    void generatedProgramsHaveRegionsToConvert() {
        long branchesBefore = 0;
        long branchesAfter = 0;
        long psis = 0;
        for (int seed = 1; seed <= 200; seed++) {
            Program p = Generators.ir(Construction.PRUNED).generate(seed, 20).program();
            Program q = IfConversion.pass(IfConversion.Limits.ANY).apply(p);
            assertThat(Verifier.verify(q)).isEmpty();
            assertThat(q.functions().flatMap(PsiConditions::unproven)).isEmpty();
            branchesBefore += ProgramSize.of(p).branches();
            branchesAfter += ProgramSize.of(q).branches();
            psis += ProgramSize.of(q).psis();
        }
        assertThat(branchesAfter).isLessThan(branchesBefore);
        assertThat(psis).isPositive();
    }

    private static Function parse(String text) {
        return IrParser.parseFunction("before.ir", text);
    }

    private static void assertConverts(Pass pass, String before, String after) {
        Function output = pass.apply(parse(before));
        assertThat(Verifier.verify(output)).as(IrPrinter.print(output)).isEmpty();
        assertThat(Alpha.equivalent(output, IrParser.parseFunction("after.ir", after))).as(IrPrinter.print(output))
                .isTrue();
    }
}
