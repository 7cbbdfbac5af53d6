package org.funssa.cps.opt;

import static org.assertj.core.api.Assertions.assertThat;

import org.funssa.cps.ir.Function;
import org.funssa.cps.rewrite.Nest;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.verify.Verifier;
import org.junit.jupiter.api.Test;

/** Seed 004 §6.12: critical edge splitting. */
class CriticalEdgeSplittingTest {

    /** The seed's rewrite, after which nothing is left to split. */
    private static void assertRewrites(String before, String after) {
        Function output = PassLaws.assertRewrites(CriticalEdgeSplitting.PASS, before, after);
        assertThat(CriticalEdgeSplitting.apply(output)).isSameAs(output);
    }

    /**
     * Figures 6.33 and 6.34: P1 branches to S1 and S2, P2 jumps to S2; P1 → S2 is critical (P1 has two
     * successors, S2 two predecessors) and goes through a new block N1 in P1, which binds S2's φ as the edge did.
     * The other edges are not critical: the entry's targets have one predecessor each, P2 one successor.
     */
    @Test
    void figures633And634() {
        assertRewrites("""
                fun f(a: i32, b: i32) -> (i32) =
                  let c = tstlts.i32 a b
                  letrec p1() =
                    let d = tsteq.i32 a 0
                    letrec s1() =
                      return (a)
                    in if d then s1() else s2(a)
                  and p2() =
                    let e = add.i32 a b
                    jump s2(e)
                  and s2(x: i32) =
                    let y = mul.i32 x 2
                    return (y)
                  in if c then p1() else p2()
                """, """
                fun f(a: i32, b: i32) -> (i32) =
                  let c = tstlts.i32 a b
                  letrec p1() =
                    let d = tsteq.i32 a 0
                    letrec s1() =
                      return (a)
                    and split1() =
                      jump s2(a)
                    in if d then s1() else split1()
                  and p2() =
                    let e = add.i32 a b
                    jump s2(e)
                  and s2(x: i32) =
                    let y = mul.i32 x 2
                    return (y)
                  in if c then p1() else p2()
                """);
    }

    /**
     * A branch whose two targets are one local function with different arguments, and a switch with a repeated
     * target: each such edge is critical (edges count with multiplicity) and gets a block of its own.
     */
    @Test
    void repeatedTargetsAreCriticalEdgesEach() {
        assertRewrites("""
                fun f(a: i32, b: i32) -> (i32) =
                  let c = tstlts.i32 a b
                  letrec j(x: i32) =
                    switch x case 1 -> k(a) case 2 -> k(b) default -> out()
                  and k(y: i32) =
                    return (y)
                  and out() =
                    return (a)
                  in if c then j(a) else j(b)
                """, """
                fun f(a: i32, b: i32) -> (i32) =
                  let c = tstlts.i32 a b
                  letrec j(x: i32) =
                    letrec split3() =
                      jump k(a)
                    and split4() =
                      jump k(b)
                    in switch x case 1 -> split3() case 2 -> split4() default -> out()
                  and k(y: i32) =
                    return (y)
                  and out() =
                    return (a)
                  and split1() =
                    jump j(a)
                  and split2() =
                    jump j(b)
                  in if c then split1() else split2()
                """);
    }

    @Test
    void aFunctionWithoutCriticalEdgesIsReturnedItself() {
        Function f = IrParser.parseFunction("none.ir", """
                fun f(a: i32, b: i32) -> (i32) =
                  let c = tstlts.i32 a b
                  letrec g() =
                    jump h(a)
                  and k() =
                    jump h(b)
                  and h(x: i32) =
                    return (x)
                  in if c then g() else k()
                """);
        assertThat(CriticalEdgeSplitting.apply(f)).isSameAs(f);
    }

    /** 10^5 nested levels, each leaving for exit, which has a call site per level: 10^5 critical edges split. */
    @Test
    void aNestTenToTheFiveDeepIsRewrittenWithoutRecursion() {
        int depth = 100_000;
        Function deep = PassLaws.deepDiamonds(depth);
        Function output = CriticalEdgeSplitting.apply(deep);
        assertThat(Verifier.verify(output)).isEmpty();
        assertThat(Nest.of(output).size()).isEqualTo(Nest.of(deep).size() + depth);
        assertThat(CriticalEdgeSplitting.apply(output)).isSameAs(output);
    }
}
