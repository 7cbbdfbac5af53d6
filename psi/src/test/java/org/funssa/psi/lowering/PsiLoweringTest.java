package org.funssa.psi.lowering;

import static org.assertj.core.api.Assertions.assertThat;

import org.funssa.cps.alpha.Alpha;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.text.IrPrinter;
import org.funssa.cps.verify.Verifier;
import org.funssa.psi.PsiForm;
import org.funssa.psi.PsiSsaTest;
import org.junit.jupiter.api.Test;

/** ψ-SSA lowered to φ-SSA: select chains (seed 001 Figure 7) and branches around what cannot be speculated. */
class PsiLoweringTest {

    /** Seed 001 Figure 7 (a), op1–op3 additions: {@code x = ψ(1?a, p?b, q?c)} with p and q unrelated. */
    private static final String FIGURE_7 = """
            (MODULE "seed001-fig7" (SYMTAB))

            fun f(s: i32, t: i32) -> (i32) =
              let p = tstne.i32 s 0
              let q = tstne.i32 t 0
              let a = add.i32 s 1
              let p ? b = add.i32 s 2
              let q ? c = add.i32 s 3
              let x = psi.i32(1 ? a, p ? b, q ? c)
              return (x)
            """;

    @Test
    void figureSevenOfSeed001BecomesASelectChain() {
        Program psi = IrParser.parse("fig7.ir", FIGURE_7);
        Function lowered = PsiLowering.apply(psi.functions().head());
        assertThat(Alpha.equivalent(lowered, IrParser.parseFunction("after.ir", """
                fun f(s: i32, t: i32) -> (i32) =
                  let p = tstne.i32 s 0
                  let q = tstne.i32 t 0
                  let a = add.i32 s 1
                  let b = add.i32 s 2
                  let c = add.i32 s 3
                  let x1 = select.i32 p b a
                  let x = select.i32 q c x1
                  return (x)
                """))).as(IrPrinter.print(lowered)).isTrue();
        Program phi = psi.withFunctions(psi.functions().map(PsiLowering::apply));
        for (long s = 0; s <= 1; s++) {
            for (long t = 0; t <= 1; t++) {
                assertThat(PsiSsaTest.run(phi, s, t)).isEqualTo(PsiSsaTest.run(psi, s, t));
            }
        }
    }

    @Test
    void whatCannotBeSpeculatedIsBranchedAround() {
        Program psi = IrParser.parse("store.ir", """
                (MODULE "store" (SYMTAB ("g" STATIC I32 4 ".data" LDEF)) (DATA "g" (I32 5)))

                fun f(s: i32, m0: mem) -> (i32, mem) =
                  let p = tstne.i32 s 0
                  let p ? m1 = store.i32 m0 @g s
                  let p ? d = divs.i32 100 s
                  let x = psi.i32(1 ? 0, p ? d)
                  let v = load.i32 m1 @g
                  let r = add.i32 v x
                  return (r, m1)
                """);
        Program phi = psi.withFunctions(psi.functions().map(PsiLowering::apply));
        assertThat(Verifier.verify(phi)).isEmpty();
        assertThat(PsiForm.isPsiSsa(phi)).isFalse();
        assertThat(IrPrinter.print(phi)).contains("if p then");
        assertThat(PsiSsaTest.run(phi, 4)).isEqualTo(4 + 25).isEqualTo(PsiSsaTest.run(psi, 4));
        assertThat(PsiSsaTest.run(phi, 0)).isEqualTo(5).isEqualTo(PsiSsaTest.run(psi, 0));
    }

    @Test
    void aFunctionWithoutPsiSsaCodeIsKept() {
        Function f = IrParser.parseFunction("plain.ir", """
                fun f(s: i32) -> (i32) =
                  let a = add.i32 s 1
                  return (a)
                """);
        assertThat(PsiLowering.apply(f)).isSameAs(f);
    }
}
