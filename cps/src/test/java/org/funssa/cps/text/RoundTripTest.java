package org.funssa.cps.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.funssa.cps.alpha.Alpha;
import org.funssa.cps.ir.Program;
import org.funssa.cps.ir.RandomIr;
import org.funssa.cps.verify.Verifier;
import org.junit.jupiter.api.Test;

/**
 * parse(print(p)) is α-equivalent to p (the parser numbers variables in the order of the text, the generator in
 * its own), printing is a fixpoint, and on what the parser returns parse∘print is the identity, numbers
 * included; on 300 seeded random programs.
 */
class RoundTripTest {

    @Test
    void randomProgramsRoundTrip() {
        for (long seed = 0; seed < 300; seed++) {
            Program program = new RandomIr(seed).program();
            assertThat(Verifier.verify(program)).as("seed %d", seed).isEmpty();
            String text = IrPrinter.print(program);
            Program parsed = IrParser.parse("seed" + seed, text);
            assertThat(Alpha.equivalent(parsed, program)).as("seed %d:\n%s", seed, text).isTrue();
            assertThat(IrPrinter.print(parsed)).isEqualTo(text);
            Program again = IrParser.parse("seed" + seed, IrPrinter.print(parsed));
            assertThat(again).isEqualTo(parsed);
            assertThat(again.hashCode()).isEqualTo(parsed.hashCode());
            assertThat(again.functions().map(f -> f.varCount())).isEqualTo(parsed.functions().map(f -> f.varCount()));
        }
    }

    @Test
    void namesThatCollideWithSyntaxAreQuoted() {
        String text = """
                (MODULE "q"
                  (SYMTAB))

                fun "let"("in": i32, "add.i32": i32, %rax: i32, m: mem) -> (i32, mem) =
                  let "x y" = add.i32 "in" "add.i32"
                  let "nan" = convsx.i64 "x y"
                  let f = 1.5E-7:f32
                  let g = -inf
                  let h = nan
                  let u = undef.a64
                  let w = -3:i8
                  letrec "jump"(k: i64) =
                    return (%rax, m)
                  in jump "jump"("nan")
                """;
        Program program = IrParser.parse("q.ir", text);
        assertThat(Verifier.verify(program)).isEmpty();
        assertThat(IrPrinter.print(program)).isEqualTo(text);
        assertThat(program.functions().get(0).params().get(2).hint()).isEqualTo("%rax");
    }

    @Test
    void bottomMayBeWrittenWithTheSymbol() {
        String plain = """
                (MODULE "b"
                  (SYMTAB))

                fun f() -> (i32) =
                  let x = undef.i32
                  return (x)
                """;
        Program program = IrParser.parse("b.ir", plain.replace("undef.i32", "⊥:i32"));
        assertThat(IrPrinter.print(program)).isEqualTo(plain);
    }

    @Test
    void callWithoutResultsRoundTrips() {
        String text = """
                (MODULE "c"
                  (SYMTAB
                    ("exit" STATIC UNKNOWN 4 ".text" XREF)))

                fun f(m: mem) -> (mem) =
                  let m1 = call @exit(3) m
                  return (m1)
                """;
        Program program = IrParser.parse("c.ir", text);
        assertThat(Verifier.verify(program)).isEmpty();
        assertThat(program.functions().get(0).body().lets().get(0).expr())
                .isInstanceOfSatisfying(org.funssa.cps.ir.Expr.Call.class, c -> assertThat(c.results()).isEmpty());
        assertThat(IrPrinter.print(program)).isEqualTo(text);
    }
}
