package org.funssa.cps.opt;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.cps.interp.IrInterpreter;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;
import org.funssa.cps.text.IrParser;
import org.junit.jupiter.api.Test;

/** Seed 004 §6.5, Figures 6.10–6.14 and §6.5.3: operator strength reduction and linear function test replacement. */
class StrengthReductionTest {

    private static Function assertRewrites(String before, String after) {
        Function out = PassLaws.assertRewrites(StrengthReduction.PASS, before, after);
        assertThat(StrengthReduction.apply(out)).isSameAs(out);
        return out;
    }

    /**
     * Figure 6.10's basic induction variable i (i0 = 0 on entry, i2 = i + RC around the loop) and the general ones
     * j = i·4 and k = j + a. ClassifyIV finds {i, i2}; j is a candidate (IV × RC), so Reduce copies i's family as
     * j's: a new φ beside i entered with 0·4 = 0 (folded) and stepped by c·4, Apply's product put before the loop;
     * k = j + a is then a candidate of the reduced j, entered with 0 + a = a and stepped by c·4 too. j's and k's
     * uses read the new φs; j's family is left for dead code elimination, i's still feeds the test.
     */
    @Test
    void figure610GeneralInductionVariablesBecomeAdditionsOfTheirStride() {
        assertRewrites("""
                fun f(n: i32, a: i32, c: i32, m0: mem) -> (i32, mem) =
                  letrec loop(i: i32, s: i32) =
                    let j = mul.i32 i 4
                    let k = add.i32 j a
                    let s1 = add.i32 s k
                    let i2 = add.i32 i c
                    let t = tstlts.i32 i2 n
                    letrec done() =
                      return (s1, m0)
                    in if t then loop(i2, s1) else done()
                  in jump loop(0, 0)
                """, """
                fun f(n: i32, a: i32, c: i32, m0: mem) -> (i32, mem) =
                  let c4 = mul.i32 c 4
                  letrec loop(i: i32, s: i32, j: i32, k: i32) =
                    let s1 = add.i32 s k
                    let i2 = add.i32 i c
                    let j2 = add.i32 j c4
                    let k2 = add.i32 k c4
                    let t = tstlts.i32 i2 n
                    letrec done() =
                      return (s1, m0)
                    in if t then loop(i2, s1, j2, k2) else done()
                  in jump loop(0, 0, 0, a)
                """);
    }

    /**
     * §6.5.3's chain iv1 ⇒ iv2 (− 1) ⇒ iv3 (× 5) ⇒ iv4 (+ a): the test i2 ≠ n becomes iv4 ≠ ((n − 1) × 5) + a,
     * the bound computed before the loop, and i is left to dead code elimination. Each step is a bijection of the
     * integers modulo 2^32, so the test's outcome is the same on every value, wrapped or not.
     */
    @Test
    void section653TestReplacementAlongABijectiveChain() {
        assertRewrites("""
                fun g(n: i32, a: i32, m0: mem) -> (i32, mem) =
                  letrec loop(i: i32, s: i32) =
                    let x = sub.i32 i 1
                    let y = mul.i32 x 5
                    let z = add.i32 y a
                    let s1 = add.i32 s z
                    let i2 = add.i32 i 1
                    let t = tstne.i32 i2 n
                    letrec done() =
                      return (s1, m0)
                    in if t then loop(i2, s1) else done()
                  in jump loop(0, 0)
                """, """
                fun g(n: i32, a: i32, m0: mem) -> (i32, mem) =
                  let z0 = add.i32 -5 a
                  let n1 = sub.i32 n 1
                  let n2 = mul.i32 n1 5
                  let n3 = add.i32 n2 a
                  letrec loop(i: i32, s: i32, x: i32, y: i32, z: i32) =
                    let s1 = add.i32 s z
                    let i2 = add.i32 i 1
                    let x2 = add.i32 x 1
                    let y2 = add.i32 y 5
                    let z2 = add.i32 z 5
                    let t = tstne.i32 z2 n3
                    letrec done() =
                      return (s1, m0)
                    in if t then loop(i2, s1, x2, y2, z2) else done()
                  in jump loop(0, 0, -1, -5, z0)
                """);
    }

    /**
     * Tests that stay: × 4 is no bijection modulo 2^32 (i = n + 2^30 would pass 4·i = 4·n), and an ordered test
     * (i < n against 4·i < 4·n) differs as soon as 4·i wraps. The products are reduced all the same; a shift
     * left is a product by a power of two (its stride c ≪ 2).
     */
    @Test
    void testsThatWrapAroundWouldChangeStayAndShiftsAreReduced() {
        assertRewrites("""
                fun h(n: i32, c: i32, m0: mem) -> (i32, mem) =
                  letrec loop(i: i32, s: i32) =
                    let y = mul.i32 i 4
                    let w = lshs.i32 i 2
                    let s1 = add.i32 s y
                    let s2 = add.i32 s1 w
                    let i2 = add.i32 i c
                    let t = tstne.i32 i2 n
                    let u = tstlts.i32 i2 n
                    let v = band.i32 t u
                    letrec done() =
                      return (s2, m0)
                    in if v then loop(i2, s2) else done()
                  in jump loop(1, 0)
                """, """
                fun h(n: i32, c: i32, m0: mem) -> (i32, mem) =
                  let c4 = mul.i32 c 4
                  let c2 = lshs.i32 c 2
                  letrec loop(i: i32, s: i32, y: i32, w: i32) =
                    let s1 = add.i32 s y
                    let s2 = add.i32 s1 w
                    let i2 = add.i32 i c
                    let y2 = add.i32 y c4
                    let w2 = add.i32 w c2
                    let t = tstne.i32 i2 n
                    let u = tstlts.i32 i2 n
                    let v = band.i32 t u
                    letrec done() =
                      return (s2, m0)
                    in if v then loop(i2, s2, y2, w2) else done()
                  in jump loop(1, 0, 4, 4)
                """);
    }

    /**
     * Nothing to reduce: a product of floats (floating point does not distribute), a predicated product (ψ-SSA's
     * conditional code), a product of two induction variables, and a product whose factor changes in the loop.
     */
    @Test
    void floatsGuardedLetsAndProductsOfVariantsAreLeftAlone() {
        Function f = IrParser.parseFunction("f.ir", """
                fun f(n: i32, p: i32, x: f64, m0: mem) -> (f64, i32, mem) =
                  letrec loop(i: i32, d: f64, s: i32, q: i32) =
                    let fi = convsf.f64 i
                    let e = mul.f64 fi x
                    let d1 = add.f64 d e
                    let p ? g = mul.i32 i 3
                    let h = mul.i32 i i
                    let k = mul.i32 i s
                    let s1 = add.i32 s h
                    let s2 = add.i32 s1 k
                    let q1 = psi.i32(1 ? q, p ? g)
                    let i2 = add.i32 i 1
                    let t = tstlts.i32 i2 n
                    letrec done() =
                      return (d1, q1, m0)
                    in if t then loop(i2, d1, s2, q1) else done()
                  in jump loop(0, 0.0, 0, 0)
                """);
        assertThat(StrengthReduction.apply(f)).isSameAs(f);
    }

    /**
     * Wrap-around: with c = 2^30 + 1 the products i·c overflow from the second iteration; the reduced program
     * returns the same sums and test outcomes as the original for every n tried, and a test i2 ≠ n replaced
     * through × c (odd) still stops where the original stops.
     */
    @Test
    void overflowingProductsGiveTheSameResults() {
        String text = """
                fun f(n: i32, c: i32, m0: mem) -> (i32, mem) =
                  letrec loop(i: i32, s: i32) =
                    let y = mul.i32 i c
                    let z = mul.i32 y 3
                    let s1 = bxor.i32 s z
                    let i2 = add.i32 i 1
                    let t = tstne.i32 i2 n
                    letrec done() =
                      return (s1, m0)
                    in if t then loop(i2, s1) else done()
                  in jump loop(0, 0)
                """;
        Program before = IrParser.parse("w.ir", "(MODULE \"w\"\n  (SYMTAB))\n\n" + text);
        Function out = StrengthReduction.apply(before.functions().head());
        assertThat(out).isNotSameAs(before.functions().head());
        Program after = before.withFunctions(Vector.of(out));
        for (long n : new long[] {1, 2, 3, 17, 1000}) {
            for (long c : new long[] {3, (1L << 30) + 1, -7}) {
                assertThat(run(after, n, c)).as("f(%d, %d)", n, c).isEqualTo(run(before, n, c));
            }
        }
    }

    private static String run(Program program, long n, long c) {
        RunResult r = IrInterpreter.run(program, RunOptions.defaults().withEntry("f", n, c).withStepBudget(1_000_000));
        assertThat(r).isInstanceOf(RunResult.Returned.class);
        return ((RunResult.Returned) r).values().toString();
    }
}
