package org.funssa.docs;

import static org.assertj.core.api.Assertions.assertThat;

import org.funssa.cps.alpha.Alpha;
import org.funssa.cps.ir.Function;
import org.funssa.cps.opt.Optimizations;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.text.IrPrinter;
import org.funssa.cps.verify.Verifier;
import org.junit.jupiter.api.Test;

/** The code of docs/optimizations.md: each region is quoted there verbatim (DocsSnippetsTest checks it). */
class OptimizationsTest {

    @Test
    void aPassStringOfOptimizationsOnOneFunction() {
        // region example
        Function f = IrParser.parseFunction("example.ir", """
                fun f(x: i32, m: mem) -> (i32, mem) =
                  let a = 4
                  let b = a
                  let c = add.i32 b 1
                  let d = mul.i32 x c
                  let e = mul.i32 c x
                  let t = tstlts.i32 c 10
                  letrec small() = jump join(d)
                  and big() = jump join(0)
                  and join(r: i32) =
                    let s = add.i32 r e
                    return (s, m)
                  in if t then small() else big()
                """);
        for (String name : "cpyp/cstp/cse/dce/shrink".split("/")) {
            Pass pass = Optimizations.named(name).get();
            f = pass.apply(f);
            System.out.println("after " + name + ":\n" + IrPrinter.print(f));
        }
        assertThat(Alpha.equivalent(f, IrParser.parseFunction("expected.ir", """
                fun f(x: i32, m: mem) -> (i32, mem) =
                  let d = mul.i32 x 5
                  let s = add.i32 d d
                  return (s, m)
                """))).isTrue();
        // endregion
        assertThat(Verifier.verify(f)).isEmpty();
    }
}
