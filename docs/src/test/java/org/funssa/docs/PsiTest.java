package org.funssa.docs;

import static org.assertj.core.api.Assertions.assertThat;

import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.cps.interp.IrInterpreter;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.text.IrPrinter;
import org.funssa.core.lir.LirPrinter;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.construct.ConstructionOptions;
import org.funssa.cps.construct.Ssa;
import org.funssa.core.lir.Moves;
import org.funssa.destruct.Destruction;
import org.funssa.destruct.lir.LirWriter;
import org.funssa.destruct.psi.OutOfPsiSsa;
import org.funssa.destruct.sreedhar.Sreedhar;
import org.funssa.psi.ifcv.IfConversion;
import org.funssa.psi.lowering.PsiLowering;
import org.junit.jupiter.api.Test;

/** The code of docs/psi.md: each region is quoted there verbatim (DocsSnippetsTest checks it). */
class PsiTest {

    @Test
    void psiSsaInTheTextFormRunsConvertsAndLowers() {
        // region text
        Program program = IrParser.parse("fig2.ir", """
                (MODULE "seed000-fig2" (SYMTAB))

                fun f(s: i32, t: i32) -> (i32) =
                  let p = tstne.i32 s 0
                  let np = tsteq.i32 s 0
                  let q = tstne.i32 t 0
                  let p ? a = 1
                  let np ? b = -1
                  let q ? c = 0
                  let y = psi.i32(p ? a, np ? b, q ? c)
                  return (y)
                """);
        RunResult r = IrInterpreter.run(program, RunOptions.defaults().withEntry("f", new long[] {1, 0}));
        System.out.println(r);   // Returned[values=[1], ...]: q does not hold, p does: a
        // endregion
        assertThat(r).isInstanceOfSatisfying(RunResult.Returned.class,
                x -> assertThat(x.values().head().toString()).contains("1"));

        // region ifcv
        Function f = IrParser.parseFunction("f.ir", """
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
                """);
        Function psi = IfConversion.apply(f);            // default limits: only what can be speculated
        System.out.println(IrPrinter.print(psi));
        Function phi = PsiLowering.apply(psi);           // ψ → select chain, for LIR
        System.out.println(IrPrinter.print(phi));
        // endregion
        assertThat(IrPrinter.print(psi)).contains("let x = psi.i32(c_p ? a, not_c_p ? b)")
                .contains("let speculated a = add.i32 i 1");
        assertThat(IrPrinter.print(phi)).contains("let x = select.i32 not_c_p b a");
    }

    @Test
    void outOfPsiSsaGivesAClassOneRegister() {
        // region out
        Program program = IrParser.parse("fig7.ir", """
                (MODULE "seed001-fig7" (SYMTAB))

                fun f(s: i32, t: i32, u: i32) -> (i32) =
                  let p = tstne.i32 t 0
                  let q = tstne.i32 u 0
                  let a = add.i32 s 1
                  let p ? b = add.i32 s 2
                  let q ? c = add.i32 s 3
                  let x = psi.i32(1 ? a, p ? b, q ? c)
                  return (x)
                """);
        OutOfPsiSsa.Steps steps = OutOfPsiSsa.steps(program.functions().head(), OutOfPsiSsa.Improvements.ALL);
        System.out.println(IrPrinter.print(steps.selectForm()));  // Figure 7 (b): b = select p t a, …
        Destruction.Destructed out = new Sreedhar().destruct(program);  // ψ-normalize, ψ-congruence, srd3
        System.out.println(out.stats());
        System.out.println(LirPrinter.print(LirWriter.write(out.program())));
        // (SET I32 (REG I32 "c_1") (IF I32 (TSTNE I32 (REG I32 "t") (INTCONST I32 0)) (ADD … 2) (ADD … 1)))
        // (SET I32 (REG I32 "c_1") (IF I32 (TSTNE I32 (REG I32 "u") (INTCONST I32 0)) (ADD … 3) (REG I32 "c_1")))
        // one register for b, c and x, no copy
        // endregion
        String lir = LirPrinter.print(LirWriter.write(out.program()));
        assertThat(Moves.of(LirWriter.write(out.program())).copies()).isZero();
        assertThat(lir).containsPattern("\\(SET I32 \\(REG I32 \"([^\"]+)\"\\) \\(IF I32 \\(TSTNE I32 \\(REG I32 \"u\"\\) "
                + "\\(INTCONST I32 0\\)\\) \\(ADD I32 \\(REG I32 \"s\"\\) \\(INTCONST I32 3\\)\\) \\(REG I32 \"\\1\"\\)\\)\\)");
    }

    @Test
    void predicatedDefinitionsInLirBecomePsisDuringRenaming() {
        // region construction
        Module lir = LirReader.read("pred.lir", """
                (MODULE "pred"
                  (SYMTAB ("f" STATIC UNKNOWN 4 ".text" XDEF))
                  (FUNCTION "f"
                    (SYMTAB ("c%" REG I32 4 0) ("v%" REG I32 4 0))
                    (PROLOGUE (0 0) (REG I32 "c%") (REG I32 "v%"))
                    (SET I32 (REG I32 "v%")
                         (IF I32 (REG I32 "c%") (ADD I32 (REG I32 "v%") (INTCONST I32 1)) (REG I32 "v%")))
                    (EPILOGUE (0 0) (REG I32 "v%"))))
                """);
        Program psi = Ssa.construct(lir, Construction.PRUNED, ConstructionOptions.DEFAULTS.withPsiConstruction(true));
        System.out.println(IrPrinter.print(psi));   // c% ? v%_2 = add.i32 v%_1 1, then psi.i32(1 ? v%_1, c% ? v%_2)
        // endregion
        assertThat(IrPrinter.print(psi)).contains("c% ? v%_2 = add.i32 v%_1 1").contains("psi.i32(1 ? v%_1, c% ? v%_2)");
        for (long c = 0; c <= 1; c++) {
            RunResult r = IrInterpreter.run(psi, RunOptions.defaults().withEntry("f", new long[] {c, 5}));
            long expected = 5 + c;
            assertThat(r).isInstanceOfSatisfying(RunResult.Returned.class,
                    x -> assertThat(x.values().head().toString()).contains(Long.toString(expected)));
        }
    }
}
