package org.funssa.cps.opt;

import static org.funssa.cps.opt.Examples.assertRewrites;
import static org.funssa.cps.opt.Examples.assertUnchanged;

import org.junit.jupiter.api.Test;

/** Seed 004 §6.1, Figure 6.1: copies deleted, their uses replaced by the root of the chain. */
class CopyPropagationTest {

    /** Figure 6.1's footnote: in x ← y; z ← x, z is replaced by y, not by x. */
    @Test
    void figure61ChainIsResolvedToItsRoot() {
        assertRewrites(CopyPropagation.PASS, """
                fun f(y: i32, m: mem) -> (i32, mem) =
                  let x = y
                  let z = x
                  let w = add.i32 z x
                  return (w, m)
                """, """
                fun f(y: i32, m: mem) -> (i32, mem) =
                  let w = add.i32 y y
                  return (w, m)
                """);
    }

    /** A copy's scope includes the local functions of its body; a chain may end in a literal. */
    @Test
    void copiesArePropagatedIntoLocalFunctionsAndJumps() {
        assertRewrites(CopyPropagation.PASS, """
                fun f(a: i32, m: mem) -> (i32, mem) =
                  let k = 7
                  let b = k
                  let c = tstlts.i32 a b
                  letrec l(v: i32) =
                    let u = b
                    let r = add.i32 v u
                    return (r, m)
                  and o() =
                    jump l(b)
                  in if c then l(a) else o()
                """, """
                fun f(a: i32, m: mem) -> (i32, mem) =
                  let c = tstlts.i32 a 7
                  letrec l(v: i32) =
                    let r = add.i32 v 7
                    return (r, m)
                  and o() =
                    jump l(7)
                  in if c then l(a) else o()
                """);
    }

    /** A parameter every call passes the same atom to is a φ-function, left to rpe; and nothing else changes. */
    @Test
    void parametersAndOtherLetsAreNotItsBusiness() {
        assertUnchanged(CopyPropagation.PASS, """
                fun f(a: i32, m: mem) -> (i32, mem) =
                  let c = tstlts.i32 a 0
                  let dead = add.i32 a 1
                  letrec l(v: i32) =
                    return (v, m)
                  in if c then l(a) else l(a)
                """);
    }
}
