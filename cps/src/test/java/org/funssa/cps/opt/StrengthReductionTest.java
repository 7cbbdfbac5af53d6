package org.funssa.cps.opt;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.lir.Op;
import org.funssa.core.interp.RunResult;
import org.funssa.cps.interp.IrInterpreter;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Program;
import org.funssa.cps.ir.Type;
import org.funssa.cps.rewrite.Nest;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.verify.Verifier;
import org.junit.jupiter.api.Test;

/** Seed 004 §6.5, Figures 6.10–6.14 and §6.5.3: operator strength reduction and linear function test replacement. */
class StrengthReductionTest {

    private static Function assertRewrites(String before, String after) {
        Function out = PassLaws.assertRewrites(StrengthReduction.PASS, before, after);
        assertThat(StrengthReduction.apply(out)).isSameAs(out);
        return out;
    }

    /**
     * Figure 6.10's basic induction variable i (i0 = 0 on entry, i2 = i + RC around the loop) and the general one
     * k = 4·i + a. ClassifyIV finds {i, i2}; j = i·4 is a candidate (IV × RC), so Reduce copies i's family as j's:
     * a new φ beside i entered with 0·4 = 0 (folded) and stepped by c·4, Apply's product put before the loop.
     * k = j + a is a candidate too, but nothing reduces through it: its reduction would trade its addition for
     * another beside a new φ, so it stays, reading the new j.
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
                  letrec loop(i: i32, s: i32, j: i32) =
                    let k = add.i32 j a
                    let s1 = add.i32 s k
                    let i2 = add.i32 i c
                    let j2 = add.i32 j c4
                    let t = tstlts.i32 i2 n
                    letrec done() =
                      return (s1, m0)
                    in if t then loop(i2, s1, j2) else done()
                  in jump loop(0, 0, 0)
                """);
    }

    /**
     * §6.5.3's chain iv1 ⇒ iv2 (− 1) ⇒ iv3 (× 5): x = i − 1 is reduced because y = x·5 is, and the test i2 ≠ n
     * becomes iv3 ≠ (n − 1) × 5, the bound computed before the loop; i and x are left to dead code elimination
     * (z = y + a, which nothing reduces through, stays). Each step is a bijection of the integers modulo 2^32,
     * so the test's outcome is the same on every value, wrapped or not.
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
                  let n1 = sub.i32 n 1
                  let n2 = mul.i32 n1 5
                  letrec loop(i: i32, s: i32, x: i32, y: i32) =
                    let z = add.i32 y a
                    let s1 = add.i32 s z
                    let i2 = add.i32 i 1
                    let x2 = add.i32 x 1
                    let y2 = add.i32 y 5
                    let t = tstne.i32 y2 n2
                    letrec done() =
                      return (s1, m0)
                    in if t then loop(i2, s1, x2, y2) else done()
                  in jump loop(0, 0, -1, -5)
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
     * C's {@code s += a[k]} with an int k: the address x + 4·(long) k. The counter k starts at 0 and goes round
     * only where k2 < n held, so k + 1 never wraps and its sign extension t1 is an induction variable of 64 bits
     * (stepped by 1); t2 = 4·t1 follows (t3 = x + t2 stays: nothing reduces through it). The test
     * k2 < n becomes 4·(long) k2 < 4·(long) n, exact and increasing on every int (so k and t1 are left to dce),
     * but not x + 4·(long) k2 < x + 4·(long) n, which could wrap.
     */
    @Test
    void theSignExtensionOfACounterThatNeverWrapsIsReducedWithTheAddressArithmetic() {
        assertRewrites("""
                fun m(x: i64, n: i32, m0: mem) -> (f32, mem) =
                  let c0 = tstlts.i32 0 n
                  letrec loop(k: i32, s: f32) =
                    let t1 = convsx.i64 k
                    let t2 = mul.i64 4:i64 t1
                    let t3 = add.i64 x t2
                    let v = load.f32 m0 t3
                    let s2 = add.f32 s v
                    let k2 = add.i32 k 1
                    letrec rot() =
                      let c = tstlts.i32 k2 n
                      letrec done() =
                        return (s2, m0)
                      in if c then loop(k2, s2) else done()
                    in jump rot()
                  and out() =
                    return (0.0:f32, m0)
                  in if c0 then loop(0, 0.0:f32) else out()
                """, """
                fun m(x: i64, n: i32, m0: mem) -> (f32, mem) =
                  let c0 = tstlts.i32 0 n
                  let n1 = convsx.i64 n
                  let n4 = mul.i64 n1 4:i64
                  letrec loop(k: i32, s: f32, t1: i64, t2: i64) =
                    let t3 = add.i64 x t2
                    let v = load.f32 m0 t3
                    let s2 = add.f32 s v
                    let k2 = add.i32 k 1
                    let t1b = add.i64 t1 1:i64
                    let t2b = add.i64 t2 4:i64
                    letrec rot() =
                      let c = tstlts.i32 t2b n4
                      letrec done() =
                        return (s2, m0)
                      in if c then loop(k2, s2, t1b, t2b) else done()
                    in jump rot()
                  and out() =
                    return (0.0:f32, m0)
                  in if c0 then loop(0, 0.0:f32, 0:i64, 0:i64) else out()
                """);
    }

    /**
     * Counters that may wrap keep their sign extension: one going round where k2 ≠ n (n may be below the start),
     * one entered with the maximum, one stepped by 2 (k2 < n leaves room for one more step, not two).
     */
    @Test
    void signExtensionsOfCountersThatMayWrapStay() {
        for (String variant : new String[] {"tstne.i32 k2 n|0|1", "tstlts.i32 k2 n|2147483647|1",
                "tstlts.i32 k2 n|0|2"}) {
            String[] v = variant.split("\\|");
            Function f = IrParser.parseFunction("w.ir", """
                    fun w(x: i64, n: i32, m0: mem) -> (i64, mem) =
                      letrec loop(k: i32, s: i64) =
                        let t = convsx.i64 k
                        let s2 = bxor.i64 s t
                        let k2 = add.i32 k %s
                        let c = %s
                        letrec done() =
                          return (s2, m0)
                        in if c then loop(k2, s2) else done()
                      in jump loop(%s, 0:i64)
                    """.formatted(v[2], v[0], v[1]));
            assertThat(StrengthReduction.apply(f)).as(variant).isSameAs(f);
        }
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

    /**
     * A loop whose body is a chain of 10^5 blocks, each nested in the one before, computing y_k = i·3 and
     * z_k = z_(k−1) + y_k: every product is the one candidate i·3 (Reduce's table gives them one induction
     * variable), and the SSA graph's search follows the chain of z's 10^5 deep without recursion.
     */
    @Test
    void aLoopBodyNestedHundredThousandDeep() {
        int depth = 100_000;
        Atom.Var i = new Atom.Var(1, "i", Type.I32);
        Function deep = PassLaws.deepLoop(depth, Vector.empty(), k -> {
            Atom.Var y = new Atom.Var(4 + 2 * k, "y", Type.I32);
            Atom previous = k == 0 ? Atom.i32(0) : new Atom.Var(3 + 2 * k, "z", Type.I32);
            return Vector.of(Let.of(y, new Expr.Prim(Op.MUL, Type.I32, Vector.of(i, Atom.i32(3)))),
                    Let.of(new Atom.Var(5 + 2 * k, "z", Type.I32), new Expr.Prim(Op.ADD, Type.I32,
                            Vector.of(previous, y))));
        }, new Atom.Var(3 + 2 * depth, "z", Type.I32), 4 + 2 * depth);
        Function out = StrengthReduction.apply(deep);
        assertThat(Verifier.verify(out)).isEmpty();
        assertThat(out.body().functions().head().params()).hasSize(2);
        int products = Nest.of(out).fold(0, (count, node, b) -> count + b.lets().count(let -> let.expr()
                instanceof Expr.Prim p && p.op() == Op.MUL));
        assertThat(products).isZero();
        assertThat(StrengthReduction.apply(out)).isSameAs(out);
    }

    private static String run(Program program, long n, long c) {
        RunResult r = IrInterpreter.run(program, RunOptions.defaults().withEntry("f", n, c).withStepBudget(1_000_000));
        assertThat(r).isInstanceOf(RunResult.Returned.class);
        return ((RunResult.Returned) r).values().toString();
    }
}
