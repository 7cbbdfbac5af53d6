package org.funssa.cps.opt;

import static org.funssa.cps.opt.Examples.assertRewrites;
import static org.funssa.cps.opt.Examples.assertUnchanged;

import org.junit.jupiter.api.Test;

/** Seed 004 §6.10: a block that only jumps on with its parameters is η-reduced away. */
class EmptyBlockEliminationTest {

    /**
     * Figure 6.31: the empty block E between P and S is removed and the edge P → S added. S is a join (the
     * false side of the branch reaches it too), so it is not nested in E, which is empty as the seed means it.
     */
    @Test
    void figure631EmptyBlockBetweenPAndSIsRemoved() {
        assertRewrites(EmptyBlockElimination.PASS, """
                fun f(a: i32, m: mem) -> (i32, mem) =
                  let c = tstlts.i32 a 0
                  letrec s(v: i32) =
                    return (v, m)
                  and e(x: i32) =
                    jump s(x)
                  and p() =
                    let n = neg.i32 a
                    jump e(n)
                  in if c then p() else s(a)
                """, """
                fun f(a: i32, m: mem) -> (i32, mem) =
                  let c = tstlts.i32 a 0
                  letrec s(v: i32) =
                    return (v, m)
                  and p() =
                    let n = neg.i32 a
                    jump s(n)
                  in if c then p() else s(a)
                """);
    }

    /** Chains collapse to their last target, whatever order the blocks come in; calls from anywhere follow. */
    @Test
    void chainsCollapse() {
        assertRewrites(EmptyBlockElimination.PASS, """
                fun f(a: i32, b: i32, m: mem) -> (i32, mem) =
                  let c = tstlts.i32 a b
                  letrec e1(x: i32, y: i32) =
                    jump e2(x, y)
                  and s(v: i32, w: i32) =
                    let r = sub.i32 v w
                    return (r, m)
                  and e2(x2: i32, y2: i32) =
                    jump e3(x2, y2)
                  and e3(x3: i32, y3: i32) =
                    jump s(x3, y3)
                  in if c then e1(a, b) else e2(b, a)
                """, """
                fun f(a: i32, b: i32, m: mem) -> (i32, mem) =
                  let c = tstlts.i32 a b
                  letrec s(v: i32, w: i32) =
                    let r = sub.i32 v w
                    return (r, m)
                  in if c then s(a, b) else s(b, a)
                """);
    }

    /**
     * Not empty: arguments out of order (a swap, DESIGN.md's pitfall), a let, a literal argument, arguments
     * where there are no parameters; and an empty
     * infinite loop keeps its block.
     */
    @Test
    void blocksThatDoMoreThanForwardStay() {
        assertUnchanged(EmptyBlockElimination.PASS, """
                fun f(a: i32, b: i32, m: mem) -> (i32, mem) =
                  let c = tstlts.i32 a b
                  letrec s(v: i32, w: i32) =
                    let r = sub.i32 v w
                    return (r, m)
                  and swap(x: i32, y: i32) =
                    jump s(y, x)
                  and busy(x: i32, y: i32) =
                    let z = add.i32 x 0
                    jump s(z, y)
                  and lit(x: i32, y: i32) =
                    jump s(x, 1)
                  and spin() =
                    jump spin()
                  and none() =
                    jump s(a, b)
                  and pick(x: i32) =
                    switch x case 0 -> swap(a, b) case 1 -> busy(a, b) case 2 -> lit(a, b) case 3 -> none() default -> spin()
                  in if c then pick(a) else s(a, b)
                """);
    }
}
