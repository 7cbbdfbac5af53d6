package org.funssa.cps.opt;

import static org.assertj.core.api.Assertions.assertThat;

import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.rewrite.Nest;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.verify.Verifier;
import org.junit.jupiter.api.Test;

/** Seed 004 §6.2 (Figure 6.2) and chapter 7 (Figure 7.1): common subexpression elimination down the nest. */
class CommonSubexpressionEliminationTest {

    private static void assertRewrites(String before, String after) {
        PassLaws.assertRewrites(CommonSubexpressionElimination.PASS, before, after);
    }

    /**
     * §6.2's example: e0 = b0 + c0 is a0; a1 = c0 + d0 is c0 + b0 since d0 copies b0, which is b0 + c0 again
     * (Tables 6.1 and 6.2); the program after elimination is the seed's, copies and all.
     */
    @Test
    void theWorkedExampleOfSection62() {
        assertRewrites("""
                fun f(b0: i32, c0: i32) -> (i32) =
                  let a0 = add.i32 b0 c0
                  let d0 = b0
                  let e0 = add.i32 b0 c0
                  let a1 = add.i32 c0 d0
                  let s = sub.i32 e0 a1
                  return (s)
                """, """
                fun f(b0: i32, c0: i32) -> (i32) =
                  let a0 = add.i32 b0 c0
                  let d0 = b0
                  let e0 = a0
                  let a1 = a0
                  let s = sub.i32 a0 a0
                  return (s)
                """);
    }

    /**
     * Figure 7.1: with memory a value, the loads of a[i] after the store read one version, so (a) becomes (b):
     * x = a[i]; b = x + 1; c = b * x + 1. A load of the version the next store makes is another value.
     */
    @Test
    void figure71LoadsOfOneMemoryVersionAndAddressAreOneValue() {
        assertRewrites("""
                fun f(p: i64, m0: mem) -> (i32, mem) =
                  let m1 = store.i32 m0 p 1
                  let x = load.i32 m1 p
                  let t = load.i32 m1 p
                  let b = add.i32 t 1
                  let u = load.i32 m1 p
                  let v = mul.i32 b u
                  let c = add.i32 v 1
                  let m2 = store.i32 m1 p c
                  let w = load.i32 m2 p
                  let z = add.i32 w x
                  return (z, m2)
                """, """
                fun f(p: i64, m0: mem) -> (i32, mem) =
                  let m1 = store.i32 m0 p 1
                  let x = load.i32 m1 p
                  let t = x
                  let b = add.i32 x 1
                  let u = x
                  let v = mul.i32 b x
                  let c = add.i32 v 1
                  let m2 = store.i32 m1 p c
                  let w = load.i32 m2 p
                  let z = add.i32 w x
                  return (z, m2)
                """);
    }

    /**
     * A fact recorded in a body holds in its local functions (the blocks it dominates) and not in their
     * siblings; commutative operators and mirrored comparisons meet in one canonical form.
     */
    @Test
    void factsHoldInTheBlocksTheirBodyDominatesAndNowhereElse() {
        assertRewrites("""
                fun f(a: i32, b: i32) -> (i32) =
                  let x = mul.i32 a b
                  let c = tstlts.i32 a b
                  letrec g() =
                    let y = mul.i32 b a
                    let d = tstgts.i32 b a
                    let z = sub.i32 a b
                    jump h(z)
                  and h(r: i32) =
                    let w = sub.i32 a b
                    let s = add.i32 w r
                    return (s)
                  in if c then g() else h(x)
                """, """
                fun f(a: i32, b: i32) -> (i32) =
                  let x = mul.i32 a b
                  let c = tstlts.i32 a b
                  letrec g() =
                    let y = x
                    let d = c
                    let z = sub.i32 a b
                    jump h(z)
                  and h(r: i32) =
                    let w = sub.i32 a b
                    let s = add.i32 w r
                    return (s)
                  in if c then g() else h(x)
                """);
    }

    /**
     * Calls, stores and volatile loads are never merged; nor are non-commutative operands swapped, float sums
     * reordered, or expressions with ⊥ taken as equal. A select is pure and is merged.
     */
    @Test
    void whatIsNotACommonSubexpressionStays() {
        String text = """
                fun f(a: i32, b: i32, u: f64, v: f64, p: i64, m0: mem) -> (i32, mem) =
                  let r1, m1 = call.i32 @g(a) m0
                  let r2, m2 = call.i32 @g(a) m1
                  let m3 = store.i32 m2 p a
                  let m4 = store.i32 m3 p a
                  let l1 = load.i32 m4 p !volatile
                  let l2 = load.i32 m4 p !volatile
                  let s1 = sub.i32 a b
                  let s2 = sub.i32 b a
                  let f1 = add.f64 u v
                  let f2 = add.f64 v u
                  let n1 = add.i32 a undef.i32
                  let n2 = add.i32 a undef.i32
                  let q1 = select.i32 a b r1
                  let q2 = select.i32 a b r1
                  let t = add.i32 l1 l2
                  return (t, m4)
                """;
        Function input = IrParser.parseFunction("keep.ir", text);
        Function output = CommonSubexpressionElimination.apply(input);
        assertThat(Verifier.verify(output)).isEmpty();
        var lets = output.body().lets();
        for (int i = 0; i < lets.size(); i++) {
            boolean merged = i == 13;
            assertThat(lets.get(i).expr() instanceof Expr.Copy).as("let %d", i).isEqualTo(merged);
            if (!merged) {
                assertThat(lets.get(i)).isSameAs(input.body().lets().get(i));
            }
        }
    }

    @Test
    void aFunctionWithNothingToEliminateIsReturnedItself() {
        Function f = IrParser.parseFunction("none.ir", """
                fun f(a: i32, b: i32) -> (i32) =
                  let x = add.i32 a b
                  let y = sub.i32 a b
                  letrec g(r: i32) =
                    return (r)
                  in jump g(x)
                """);
        assertThat(CommonSubexpressionElimination.apply(f)).isSameAs(f);
    }

    /** 10^5 nested levels each computing a + 1: every one but the first becomes a copy, without recursion. */
    @Test
    void aNestTenToTheFiveDeepIsRewrittenWithoutRecursion() {
        int depth = 100_000;
        Function deep = PassLaws.deepDiamonds(depth);
        Function output = CommonSubexpressionElimination.apply(deep);
        assertThat(Verifier.verify(output)).isEmpty();
        Nest nest = Nest.of(output);
        int copies = 0;
        for (int node = 0; node < nest.size(); node++) {
            copies += (int) nest.body(node).lets().count(l -> l.expr() instanceof Expr.Copy);
        }
        assertThat(copies).isEqualTo(depth - 1);
        assertThat(CommonSubexpressionElimination.apply(output)).isSameAs(output);
    }
}
