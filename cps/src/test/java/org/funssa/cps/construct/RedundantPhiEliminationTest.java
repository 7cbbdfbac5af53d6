package org.funssa.cps.construct;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.core.interp.Value;
import org.funssa.core.lir.LirType;
import org.funssa.cps.interp.IrInterpreter;
import org.funssa.cps.alpha.Alpha;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.text.IrPrinter;
import org.funssa.cps.verify.Verifier;
import org.junit.jupiter.api.Test;

class RedundantPhiEliminationTest {

    /** g's parameter receives a at its one call site (seed 004 §6.14 case 2); h's receives a, b or q. */
    private static final Program BEFORE = IrParser.parse("rpe.ir", """
            (MODULE "rpe"
              (SYMTAB))

            fun f(a: i32, b: i32) -> (i32) =
              let c = tstlts.i32 a b
              letrec g(p: i32) =
                let q = add.i32 p 1
                let d = tsteq.i32 q 3
                if d then h(q) else h(b)
              and h(r: i32) =
                let s = mul.i32 r b
                return (s)
              in if c then g(a) else h(a)
            """);

    private static final Program AFTER = IrParser.parse("rpe.ir", """
            (MODULE "rpe"
              (SYMTAB))

            fun f(a: i32, b: i32) -> (i32) =
              let c = tstlts.i32 a b
              letrec g() =
                let q = add.i32 a 1
                let d = tsteq.i32 q 3
                if d then h(q) else h(b)
              and h(r: i32) =
                let s = mul.i32 r b
                return (s)
              in if c then g() else h(a)
            """);

    @Test
    void aParameterEveryCallSiteAgreesOnGoesAndWhatItDoesNotTouchIsSharedWithTheInput() {
        Function before = BEFORE.functions().head();
        Function after = RedundantPhiElimination.PASS.apply(before);

        assertThat(IrPrinter.print(after)).isEqualTo(IrPrinter.print(AFTER.functions().head()));
        assertThat(Alpha.equivalent(after, AFTER.functions().head())).isTrue();
        assertThat(Verifier.verify(after)).isEmpty();
        Fn h = before.body().functions().get(1);
        assertThat(after.body().functions().get(1)).isSameAs(h);
        assertThat(after.body().functions().get(0).body().lets().get(1))
                .isSameAs(before.body().functions().get(0).body().lets().get(1));
        assertThat(after.body().lets()).isSameAs(before.body().lets());

        Program program = new Program(BEFORE.name(), BEFORE.symbols(), BEFORE.data(),
                BEFORE.functions().update(0, after));
        for (long[] ab : new long[][] {{2, 5}, {1, 5}, {7, 3}, {-4, 0}}) {
            assertThat(result(program, ab)).as("f(%d, %d)", ab[0], ab[1]).isEqualTo(result(BEFORE, ab));
        }
        assertThat(result(program, new long[] {2, 5})).isEqualTo(i32(15));  // q = 3: h(q) = 3 * 5
        assertThat(result(program, new long[] {1, 5})).isEqualTo(i32(25));  // q = 2: h(b) = 5 * 5
        assertThat(result(program, new long[] {7, 3})).isEqualTo(i32(21));  // h(a) = 7 * 3
    }

    @Test
    void aFunctionWithNothingToDropIsReturnedItself() {
        Function after = AFTER.functions().head();
        assertThat(RedundantPhiElimination.PASS.apply(after)).isSameAs(after);
    }

    @Test
    void aJumpPassingTooFewArgumentsIsRejectedNamingTheTarget() {
        Function broken = IrParser.parse("short.ir", """
                (MODULE "short"
                  (SYMTAB))

                fun f(a: i32, b: i32) -> (i32) =
                  letrec g(p: i32, q: i32) =
                    let s = add.i32 p q
                    return (s)
                  in jump g(a)
                """).functions().head();

        assertThatThrownBy(() -> RedundantPhiElimination.PASS.apply(broken))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("function f: a jump to g passes 1 argument for its 2 parameters (the verifier says where)");
    }

    private static Value result(Program program, long[] ab) {
        RunResult run = IrInterpreter.run(program, RunOptions.defaults().withEntry("f", ab));
        assertThat(run).isInstanceOf(RunResult.Returned.class);
        return ((RunResult.Returned) run).values().head();
    }

    private static Value i32(long v) {
        return Value.Int.of(LirType.I32, v);
    }
}
