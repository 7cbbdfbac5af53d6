package org.funssa.psi.construct;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import org.funssa.core.interp.LirInterpreter;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.core.interp.Value;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.funssa.cps.alpha.Alpha;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.construct.ConstructionOptions;
import org.funssa.cps.construct.Ssa;
import org.funssa.cps.interp.IrInterpreter;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;
import org.funssa.cps.opt.DeadCodeElimination;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.text.IrPrinter;
import org.funssa.cps.verify.Verifier;
import org.funssa.psi.transform.PsiInlining;
import org.funssa.psi.transform.PsiReduction;
import org.junit.jupiter.api.Test;

/**
 * ψ construction during renaming (seed 000 §"Construction"): a predicated definition in LIR, a select of a
 * register into itself, is renamed into a guarded definition and a ψ of the register's previous value and the new
 * one; a select with a lazy arm is two predicated definitions merged by one ψ.
 */
class PsiConstructionTest {

    private static final ConstructionOptions PSI = ConstructionOptions.PLAIN.withPsiConstruction(true);

    private static final String SYMBOLS = """
              (SYMTAB
                ("s%" REG I32 4 0)
                ("t%" REG I32 4 0)
                ("p%" REG I32 4 0)
                ("np%" REG I32 4 0)
                ("q%" REG I32 4 0)
                ("v%" REG I32 4 0)
                ("x%" REG I32 4 0)
                ("w%" REG I32 4 0))""";

    /**
     * Seed 000 Figure 2 before SSA, as predicated code on one variable v: {@code p? v = 1; p̄? v = −1; x = v;
     * q? v = 0}, then w = 10·v + x, so that both of the figure's merges are used.
     */
    static final String FIGURE_2 = """
            (MODULE "seed000-fig2"
              (SYMTAB ("f" STATIC UNKNOWN 4 ".text" XDEF))
              (FUNCTION "f"
            %s
                (PROLOGUE (0 0) (REG I32 "s%%") (REG I32 "t%%"))
                (SET I32 (REG I32 "p%%") (TSTNE I32 (REG I32 "s%%") (INTCONST I32 0)))
                (SET I32 (REG I32 "np%%") (TSTEQ I32 (REG I32 "s%%") (INTCONST I32 0)))
                (SET I32 (REG I32 "q%%") (TSTNE I32 (REG I32 "t%%") (INTCONST I32 0)))
                (SET I32 (REG I32 "v%%") (IF I32 (REG I32 "p%%") (INTCONST I32 1) (REG I32 "v%%")))
                (SET I32 (REG I32 "v%%") (IF I32 (REG I32 "np%%") (INTCONST I32 -1) (REG I32 "v%%")))
                (SET I32 (REG I32 "x%%") (REG I32 "v%%"))
                (SET I32 (REG I32 "v%%") (IF I32 (REG I32 "q%%") (INTCONST I32 0) (REG I32 "v%%")))
                (SET I32 (REG I32 "w%%") (ADD I32 (MUL I32 (REG I32 "v%%") (INTCONST I32 10)) (REG I32 "x%%")))
                (EPILOGUE (0 0) (REG I32 "w%%"))))
            """.formatted(SYMBOLS.indent(2).stripTrailing());

    @Test
    void eachPredicatedDefinitionIsFollowedByItsPsiAsTheSeedRenamesIt() {
        // v₂ = ψ(1 ? v₁, p ? v_new): v₁ is v's renaming before, ⊥ for the first definition
        Function built = construct(FIGURE_2);
        assertThat(Alpha.equivalent(built, function("""
                  let p = tstne.i32 s 0
                  let np = tsteq.i32 s 0
                  let q = tstne.i32 t 0
                  let p ? a = 1
                  let v1 = psi.i32(1 ? undef.i32, p ? a)
                  let np ? b = -1
                  let v2 = psi.i32(1 ? v1, np ? b)
                  let x = v2
                  let q ? c = 0
                  let v3 = psi.i32(1 ? v2, q ? c)
                  let z = mul.i32 v3 10
                  let w = add.i32 z x
                  return (w, m)
                """))).as(IrPrinter.print(built)).isTrue();
    }

    @Test
    void psiInliningAndReductionThenGiveFigureTwoExactly() {
        // x = ψ(p?a, p̄?b) and y = ψ(p?a, p̄?b, q?c): the ⊥ default is covered by p ∪ p̄ and reduced away
        Function built = construct(FIGURE_2);
        Function figure = DeadCodeElimination.PASS.apply(PsiReduction.PASS.apply(PsiInlining.PASS.apply(built)));
        assertThat(Alpha.equivalent(figure, function("""
                  let p = tstne.i32 s 0
                  let np = tsteq.i32 s 0
                  let q = tstne.i32 t 0
                  let p ? a = 1
                  let np ? b = -1
                  let x0 = psi.i32(p ? a, np ? b)
                  let x = x0
                  let q ? c = 0
                  let y = psi.i32(p ? a, np ? b, q ? c)
                  let z = mul.i32 y 10
                  let w = add.i32 z x
                  return (w, m)
                """))).as(IrPrinter.print(figure)).isTrue();
        Module lir = LirReader.read("fig2.lir", FIGURE_2);
        for (long s = 0; s <= 1; s++) {
            for (long t = 0; t <= 1; t++) {
                long expected = value(LirInterpreter.run(lir, RunOptions.defaults().withEntry("f", s, t)));
                assertThat(value(run(built, s, t))).isEqualTo(expected).isEqualTo(value(run(figure, s, t)));
            }
        }
    }

    @Test
    void aLazySelectIsTwoPredicatedDefinitionsSoANeverChosenDivisionNeverTraps() {
        String lir = """
                (MODULE "lazy"
                  (SYMTAB ("f" STATIC UNKNOWN 4 ".text" XDEF))
                  (FUNCTION "f"
                    (SYMTAB ("s%" REG I32 4 0) ("t%" REG I32 4 0) ("r%" REG I32 4 0))
                    (PROLOGUE (0 0) (REG I32 "s%") (REG I32 "t%"))
                    (SET I32 (REG I32 "r%") (IF I32 (TSTNE I32 (REG I32 "t%") (INTCONST I32 0))
                        (DIVS I32 (REG I32 "s%") (REG I32 "t%")) (SUB I32 (REG I32 "s%") (INTCONST I32 1))))
                    (EPILOGUE (0 0) (REG I32 "r%"))))
                """;
        Function built = construct(lir);
        assertThat(Alpha.equivalent(built, IrParser.parse("lazy.ir", """
                (MODULE "lazy" (SYMTAB ("f" STATIC UNKNOWN 4 ".text" XDEF)))
                fun f(s: i32, t: i32, m: mem) -> (i32, mem)
                  (SYMTAB ("s%" REG I32 4 0) ("t%" REG I32 4 0) ("r%" REG I32 4 0)) =
                  let c = tstne.i32 t 0
                  let c ? r1 = divs.i32 s t
                  let nc = tsteq.i32 c 0
                  let nc ? r2 = sub.i32 s 1
                  let r = psi.i32(c ? r1, nc ? r2)
                  return (r, m)
                """).functions().head())).as(IrPrinter.print(built)).isTrue();
        Module module = LirReader.read("lazy.lir", lir);
        for (long t : new long[] {0, 3}) {
            long expected = value(LirInterpreter.run(module, RunOptions.defaults().withEntry("f", 12, t)));
            assertThat(value(run(built, 12, t))).isEqualTo(expected).isEqualTo(t == 0 ? 11 : 4);
        }
    }

    @Test
    void withoutTheSwitchASelectIsControlFlowAsBefore() {
        Program plain = Ssa.construct(LirReader.read("fig2.lir", FIGURE_2), Construction.PRUNED,
                ConstructionOptions.PLAIN);
        assertThat(IrPrinter.print(plain)).doesNotContain("psi.").doesNotContain(" ? ");
    }

    private static Function construct(String lir) {
        Program program = Ssa.construct(LirReader.read("t.lir", lir), Construction.PRUNED, PSI);
        assertThat(Verifier.verify(program)).as(IrPrinter.print(program)).isEmpty();
        return program.functions().head();
    }

    /** A function f(s, t) with FIGURE_2's symbols and the given body (m the memory). */
    private static Function function(String body) {
        return IrParser.parse("fig2.ir", """
                (MODULE "seed000-fig2" (SYMTAB ("f" STATIC UNKNOWN 4 ".text" XDEF)))
                fun f(s: i32, t: i32, m: mem) -> (i32, mem)
                %s =
                %s""".formatted(SYMBOLS, body)).functions().head();
    }

    private static RunResult run(Function function, long... args) {
        Program program = new Program("t", Vector.empty(), Vector.empty(), Vector.of(function));
        return IrInterpreter.run(program, RunOptions.defaults().withEntry("f", args));
    }

    /** The integer a run returned first; fails the test on any other ending. */
    private static long value(RunResult result) {
        assertThat(result).isInstanceOf(RunResult.Returned.class);
        return ((Value.Int) ((RunResult.Returned) result).values().head()).bits();
    }
}
