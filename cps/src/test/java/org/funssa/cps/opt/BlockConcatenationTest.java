package org.funssa.cps.opt;

import static org.funssa.cps.opt.Examples.assertRewrites;
import static org.funssa.cps.opt.Examples.assertUnchanged;

import org.junit.jupiter.api.Test;

/** Seed 004 §6.11: a block whose only call is a plain jump is merged into its caller. */
class BlockConcatenationTest {

    /**
     * Figure 6.32: block2 has one successor, block3, which has one predecessor; they become one block (the
     * seed's block5), kept in the place of block2, block3's parameter replaced by block2's argument.
     */
    @Test
    void figure632Block2AndBlock3AreConcatenated() {
        assertRewrites(BlockConcatenation.PASS, """
                fun f(a: i32, m: mem) -> (i32, mem) =
                  let c = tstgts.i32 a 0
                  letrec block4(r: i32) =
                    return (r, m)
                  and block2() =
                    let x = add.i32 a 1
                    letrec block3(y: i32) =
                      let z = mul.i32 y 2
                      jump block4(z)
                    in jump block3(x)
                  in if c then block2() else block4(a)
                """, """
                fun f(a: i32, m: mem) -> (i32, mem) =
                  let c = tstgts.i32 a 0
                  letrec block4(r: i32) =
                    return (r, m)
                  and block5() =
                    let x = add.i32 a 1
                    let z = mul.i32 x 2
                    jump block4(z)
                  in if c then block5() else block4(a)
                """);
    }

    /**
     * A chain merges into one body; the merged block's local functions move with it; parameters are bound in
     * parallel (a swap passes through).
     */
    @Test
    void chainsMergeAndLocalFunctionsMoveWithTheirBlock() {
        assertRewrites(BlockConcatenation.PASS, """
                fun f(a: i32, b: i32, m: mem) -> (i32, mem) =
                  letrec l1(x: i32, y: i32) =
                    letrec l2(p: i32, q: i32) =
                      let d = sub.i32 p q
                      let c = tstlts.i32 d 0
                      letrec t() =
                        return (p, m)
                      and e() =
                        return (q, m)
                      in if c then t() else e()
                    in jump l2(y, x)
                  in jump l1(a, b)
                """, """
                fun f(a: i32, b: i32, m: mem) -> (i32, mem) =
                  let d = sub.i32 b a
                  let c = tstlts.i32 d 0
                  letrec t() =
                    return (b, m)
                  and e() =
                    return (a, m)
                  in if c then t() else e()
                """);
    }

    /** Not merged: a block called from a branch arm, a block called twice, a loop header. */
    @Test
    void branchArmsAndJoinsAndLoopsStay() {
        assertUnchanged(BlockConcatenation.PASS, """
                fun f(a: i32, m: mem) -> (i32, mem) =
                  let c = tstgts.i32 a 0
                  letrec j(r: i32) =
                    return (r, m)
                  and arm() =
                    let x = add.i32 a 1
                    jump j(x)
                  and loop(i: i32) =
                    let n = sub.i32 i 1
                    let more = tstgts.i32 n 0
                    if more then loop(n) else j(n)
                  in if c then arm() else loop(a)
                """);
    }
}
