package org.funssa.psi;

import static org.assertj.core.api.Assertions.assertThat;

import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.core.interp.RuntimeError;
import org.funssa.core.interp.Value;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Guard;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Program;
import org.funssa.cps.interp.IrInterpreter;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.text.IrPrinter;
import org.funssa.cps.verify.Rule;
import org.funssa.cps.verify.Verifier;
import org.junit.jupiter.api.Test;

/**
 * The ψ-SSA representation: predicated and speculated lets and ψ-functions in the text form, the verifier and
 * the interpreter, on seed 000's Figures 1 and 2.
 */
public class PsiSsaTest {

    /** Seed 000 Figure 1 (right): {@code p? a = op1; p̄? b = op2; x = ψ(p?a, p̄?b)}, op1 and op2 divisions. */
    static final String FIGURE_1 = """
            (MODULE "seed000-fig1" (SYMTAB))

            fun f(c: i32, i: i32) -> (i32) =
              let p = tstne.i32 c 0
              let np = tsteq.i32 c 0
              let p ? a = divs.i32 i 2
              let np ? b = divs.i32 i 3
              let x = psi.i32(p ? a, np ? b)
              return (x)
            """;

    /**
     * Seed 000 Figure 2 (right): {@code p? a = 1; p̄? b = −1; x = ψ(p?a, p̄?b); q? c = 0; y = ψ(p?a, p̄?b, q?c)},
     * p and q independent: when q holds, c wins whatever p is.
     */
    static final String FIGURE_2 = """
            (MODULE "seed000-fig2" (SYMTAB))

            fun f(s: i32, t: i32) -> (i32) =
              let p = tstne.i32 s 0
              let np = tsteq.i32 s 0
              let q = tstne.i32 t 0
              let p ? a = 1
              let np ? b = -1
              let x = psi.i32(p ? a, np ? b)
              let q ? c = 0
              let y = psi.i32(p ? a, np ? b, q ? c)
              let z = mul.i32 y 10
              let w = add.i32 z x
              return (w)
            """;

    @Test
    void printsAndParsesGuardsSpeculationAndPsis() {
        String text = """
                (MODULE "forms" (SYMTAB))

                fun f(c: i32, i: i32) -> (i32) =
                  let p = tstne.i32 c 0
                  let p ? a = divs.i32 i 2
                  let speculated b = add.i32 i 1
                  let 1 ? d = add.i32 i 3
                  let x = psi.i32(1 ? b, p ? a, p ? d)
                  return (x)
                """;
        Program program = IrParser.parse("forms.ir", text);
        String printed = IrPrinter.print(program);
        assertThat(printed).contains(text.substring(text.indexOf("fun ")));
        assertThat(IrParser.parse("printed.ir", printed)).isEqualTo(program);
        Let guarded = program.functions().head().body().lets().get(1);
        assertThat(guarded.guard()).isInstanceOf(Guard.When.class);
        assertThat(guarded.operandCount()).isEqualTo(3); // i, 2 and the guard
        assertThat(program.functions().head().body().lets().get(2).guard()).isEqualTo(Guard.SPECULATED);
        assertThat(program.functions().head().body().lets().get(4).expr()).isInstanceOf(Expr.Psi.class);
        assertThat(Verifier.verify(program)).isEmpty();
    }

    @Test
    void figureOneSelectsTheArgumentWhosePredicateHolds() {
        Program program = IrParser.parse("fig1.ir", FIGURE_1);
        assertThat(Verifier.verify(program)).isEmpty();
        assertThat(run(program, 1, 12)).isEqualTo(6);
        assertThat(run(program, 0, 12)).isEqualTo(4);
    }

    @Test
    void figureTwoRightmostTrueGuardWins() {
        Program program = IrParser.parse("fig2.ir", FIGURE_2);
        // y = c = 0 when q holds, else x; w = 10·y + x
        assertThat(run(program, 1, 1)).isEqualTo(1);
        assertThat(run(program, 0, 1)).isEqualTo(-1);
        assertThat(run(program, 1, 0)).isEqualTo(11);
        assertThat(run(program, 0, 0)).isEqualTo(-11);
    }

    @Test
    void aPredicatedLetThatDidNotExecuteIsNotItsValue() {
        Program program = IrParser.parse("skip.ir", """
                (MODULE "skip" (SYMTAB))

                fun f(c: i32) -> (i32) =
                  let c ? a = divs.i32 100 c
                  let x = psi.i32(1 ? 7, c ? a)
                  return (x)
                """);
        assertThat(run(program, 4)).isEqualTo(25);
        assertThat(run(program, 0)).isEqualTo(7); // the division by zero is not executed
    }

    @Test
    void aPsiThatSelectsAnArgumentWhoseDefinitionDidNotExecuteFails() {
        Program program = IrParser.parse("broken.ir", """
                (MODULE "broken" (SYMTAB))

                fun f(c: i32) -> (i32) =
                  let nc = tsteq.i32 c 0
                  let c ? a = add.i32 c 1
                  let x = psi.i32(nc ? a)
                  return (x)
                """);
        RunResult result = IrInterpreter.run(program, RunOptions.defaults().withEntry("f", new long[] {0}));
        assertThat(result).isInstanceOfSatisfying(RunResult.Failed.class, failed -> {
            assertThat(failed.error().kind()).isEqualTo(RuntimeError.Kind.UNDEFINED_PSI_ARGUMENT);
            assertThat(failed.error().message()).contains("ψ selected argument 1 (a)");
        });
    }

    @Test
    void guardsMustBeIntegers() {
        Program program = IrParser.parse("float.ir", """
                (MODULE "float" (SYMTAB))

                fun f(c: f64) -> (i32) =
                  let c ? a = 1
                  let x = psi.i32(c ? a)
                  return (x)
                """);
        assertThat(Verifier.verify(program)).extracting(v -> v.rule())
                .containsExactly(Rule.NON_INTEGER_GUARD, Rule.NON_INTEGER_GUARD);
    }

    public static long run(Program program, long... args) {
        RunResult result = IrInterpreter.run(program, RunOptions.defaults().withEntry("f", args));
        assertThat(result).as(IrPrinter.print(program)).isInstanceOf(RunResult.Returned.class);
        return ((Value.Int) ((RunResult.Returned) result).values().head()).bits();
    }
}
