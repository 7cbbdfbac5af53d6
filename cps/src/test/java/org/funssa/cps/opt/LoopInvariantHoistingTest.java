package org.funssa.cps.opt;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import org.funssa.core.lir.Op;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Type;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.verify.Verifier;
import org.junit.jupiter.api.Test;

/** Seed 004 §6.4, Figure 6.9: loop-invariant lets move into the preheaders of the loops they leave. */
class LoopInvariantHoistingTest {

    private static Function assertRewrites(String before, String after) {
        return PassLaws.assertRewrites(LoopInvariantHoisting.PASS, before, after);
    }

    /**
     * Figure 6.9 on a do-while loop (the form the seed converts while loops to): in the header, t = a·b has
     * operands defined outside the loop, u = t + 1 one marked invariant, the division q = a / b is in the block
     * that dominates the loop's one exit, and the load g reads the memory of before the loop: all four move. In
     * {@code odd}, which does not dominate the exit, v = b·3 moves by Appel's condition (v is live out of no
     * exit it does not dominate), while the division w = n / a stays: the loop might not have executed it. The
     * header's parent only jumps to it, so it is the preheader.
     */
    @Test
    void figure69InvariantsLeaveUnlessTheyMayTrapWhereTheLoopMightNotHaveExecutedThem() {
        assertRewrites("""
                fun f(n: i32, a: i32, b: i32, p: i64, m0: mem) -> (i32, mem) =
                  letrec loop(i: i32, s: i32) =
                    let t = mul.i32 a b
                    let u = add.i32 t 1
                    let q = divs.i32 a b
                    let g = load.i32 m0 p
                    let s1 = add.i32 s u
                    let s2 = add.i32 s1 q
                    let s3 = add.i32 s2 g
                    let i1 = add.i32 i 1
                    let c = tstlts.i32 i1 n
                    letrec odd() =
                      let v = mul.i32 b 3
                      let w = divs.i32 n a
                      let s4 = add.i32 s3 v
                      let s5 = add.i32 s4 w
                      jump loop(i1, s5)
                    and done() =
                      return (s3, m0)
                    in if c then odd() else done()
                  in jump loop(0, 0)
                """, """
                fun f(n: i32, a: i32, b: i32, p: i64, m0: mem) -> (i32, mem) =
                  let t = mul.i32 a b
                  let u = add.i32 t 1
                  let q = divs.i32 a b
                  let g = load.i32 m0 p
                  let v = mul.i32 b 3
                  letrec loop(i: i32, s: i32) =
                    let s1 = add.i32 s u
                    let s2 = add.i32 s1 q
                    let s3 = add.i32 s2 g
                    let i1 = add.i32 i 1
                    let c = tstlts.i32 i1 n
                    letrec odd() =
                      let w = divs.i32 n a
                      let s4 = add.i32 s3 v
                      let s5 = add.i32 s4 w
                      jump loop(i1, s5)
                    and done() =
                      return (s3, m0)
                    in if c then odd() else done()
                  in jump loop(0, 0)
                """);
    }

    /**
     * Nested loops: x = a·a and z = a·7 leave both loops, for the outer loop's preheader; y = i + x leaves only
     * the inner loop, for the outer loop's body, which is the inner loop's preheader. The outer loop is entered
     * from both arms of a branch, so its preheader is new: a local function taking the header's parameters, in
     * which the header is now defined, and to which both arms jump.
     */
    @Test
    void nestedLoopsEachLetGoesToTheOutermostLoopItLeavesAndANewPreheaderIsMadeWhereNeeded() {
        assertRewrites("""
                fun g(n: i32, k: i32, a: i32, m0: mem) -> (i32, mem) =
                  let c0 = tstne.i32 k 0
                  letrec outer(i: i32, s: i32) =
                    let x = mul.i32 a a
                    letrec inner(j: i32, t: i32) =
                      let y = add.i32 i x
                      let z = mul.i32 a 7
                      let t1 = add.i32 t y
                      let t2 = add.i32 t1 z
                      let j1 = add.i32 j 1
                      let cj = tstlts.i32 j1 n
                      letrec next() =
                        let i1 = add.i32 i 1
                        let ci = tstlts.i32 i1 n
                        letrec fin() =
                          return (t2, m0)
                        in if ci then outer(i1, t2) else fin()
                      in if cj then inner(j1, t2) else next()
                    in jump inner(0, s)
                  in if c0 then outer(0, 0) else outer(1, a)
                """, """
                fun g(n: i32, k: i32, a: i32, m0: mem) -> (i32, mem) =
                  let c0 = tstne.i32 k 0
                  letrec pre1(i0: i32, s0: i32) =
                    let x = mul.i32 a a
                    let z = mul.i32 a 7
                    letrec outer(i: i32, s: i32) =
                      let y = add.i32 i x
                      letrec inner(j: i32, t: i32) =
                        let t1 = add.i32 t y
                        let t2 = add.i32 t1 z
                        let j1 = add.i32 j 1
                        let cj = tstlts.i32 j1 n
                        letrec next() =
                          let i1 = add.i32 i 1
                          let ci = tstlts.i32 i1 n
                          letrec fin() =
                            return (t2, m0)
                          in if ci then outer(i1, t2) else fin()
                        in if cj then inner(j1, t2) else next()
                      in jump inner(0, s)
                    in jump outer(i0, s0)
                  in if c0 then pre1(0, 0) else pre1(1, a)
                """);
    }

    /**
     * What must not move: a call and a store (they act on memory and may print), a load of the memory the
     * loop's own store made, and a division the call comes before (if the division traps, the loop first
     * printed). The addition, which cannot trap, moves past all of them.
     */
    @Test
    void callsStoresLoadsOfTheLoopsMemoryAndTrapsAfterAPrintStay() {
        assertRewrites("""
                fun h(n: i32, a: i32, p: i64, m0: mem) -> (i32, mem) =
                  letrec loop(i: i32, m: mem) =
                    let r, m1 = call.i32 @putchar(65) m
                    let q = divs.i32 n a
                    let x = add.i32 a 1
                    let m2 = store.i32 m1 p x
                    let g = load.i32 m2 p
                    let i1 = add.i32 i g
                    let c = tstlts.i32 i1 n
                    letrec done() =
                      return (q, m2)
                    in if c then loop(i1, m2) else done()
                  in jump loop(0, m0)
                """, """
                fun h(n: i32, a: i32, p: i64, m0: mem) -> (i32, mem) =
                  let x = add.i32 a 1
                  letrec loop(i: i32, m: mem) =
                    let r, m1 = call.i32 @putchar(65) m
                    let q = divs.i32 n a
                    let m2 = store.i32 m1 p x
                    let g = load.i32 m2 p
                    let i1 = add.i32 i g
                    let c = tstlts.i32 i1 n
                    letrec done() =
                      return (q, m2)
                    in if c then loop(i1, m2) else done()
                  in jump loop(0, m0)
                """);
    }

    /**
     * A loop without exit whose division comes before a load (found by the idempotence law on a generated
     * program): once the division leaves, nothing that may trap comes before the load, which leaves as well, in
     * the same application.
     */
    @Test
    void aTrappingLetThatLeavesNoLongerHoldsBackTheOnesAfterIt() {
        Function out = assertRewrites("""
                fun f1(p: i32, mem: mem) -> (i32, mem) =
                  letrec b0() =
                    let r5 = divu.i32 0 0
                    letrec b1() =
                      let r0 = load.i32 mem 0:i64
                      jump merge1()
                    and merge1() =
                      jump b0()
                    in jump b1()
                  in jump b0()
                """, """
                fun f1(p: i32, mem: mem) -> (i32, mem) =
                  let r5 = divu.i32 0 0
                  let r0 = load.i32 mem 0:i64
                  letrec b0() =
                    letrec b1() =
                      jump merge1()
                    and merge1() =
                      jump b0()
                    in jump b1()
                  in jump b0()
                """);
        assertThat(LoopInvariantHoisting.apply(out)).isSameAs(out);
    }

    /** A function without loops, and one whose loop has nothing invariant, are returned as they are. */
    @Test
    void nothingToMoveIsTheSameFunction() {
        Function straight = IrParser.parseFunction("s.ir", """
                fun s(a: i32) -> (i32) =
                  let b = divs.i32 a 3
                  return (b)
                """);
        assertThat(LoopInvariantHoisting.apply(straight)).isSameAs(straight);
        Function variant = IrParser.parseFunction("v.ir", """
                fun v(n: i32) -> (i32) =
                  letrec loop(i: i32) =
                    let i1 = add.i32 i 1
                    let c = tstlts.i32 i1 n
                    letrec done() =
                      return (i1)
                    in if c then loop(i1) else done()
                  in jump loop(0)
                """);
        assertThat(LoopInvariantHoisting.apply(variant)).isSameAs(variant);
    }

    /**
     * A loop whose body is a chain of 10^5 blocks, each nested in the one before and computing {@code a·k}: every
     * product leaves for the function's body, which only jumps to the loop, and no walk recurses on the nest.
     */
    @Test
    void aLoopBodyNestedHundredThousandDeep() {
        int depth = 100_000;
        Atom.Var a = new Atom.Var(4, "a", Type.I32);
        Function deep = PassLaws.deepLoop(depth, Vector.of(a), k -> Vector.of(Let.of(new Atom.Var(5 + k, "y" + k,
                Type.I32), new Expr.Prim(Op.MUL, Type.I32, Vector.of(a, Atom.i32(k))))),
                new Atom.Var(2, "i1", Type.I32), 5 + depth);
        Function out = LoopInvariantHoisting.apply(deep);
        assertThat(Verifier.verify(out)).isEmpty();
        assertThat(out.body().lets().map(let -> let.var(0).hint())).hasSize(depth).startsWith("y0", "y1")
                .endsWith("y" + (depth - 1));
        assertThat(LoopInvariantHoisting.apply(out)).isSameAs(out);
    }
}
