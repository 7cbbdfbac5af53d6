package org.funssa.cps.opt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.funssa.cps.opt.Examples.assertRewrites;
import static org.funssa.cps.opt.Examples.assertUnchanged;

import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.cps.interp.IrInterpreter;
import org.funssa.cps.ir.Program;
import org.funssa.cps.text.IrParser;
import org.junit.jupiter.api.Test;

/** shrink: the reductions together, each feeding the others, to a fixpoint. */
class ShrinkTest {

    /**
     * Folding makes the branch's condition a literal; the loop on the side not taken is a cycle no tail reaches
     * (its back edge keeps its count up) and goes; then done has one call, a plain jump, and is concatenated,
     * its parameter replaced by a; two folds into the addition; the unused multiplication goes.
     */
    @Test
    void reductionsFeedEachOther() {
        assertRewrites(Shrink.PASS, """
                fun f(a: i32, m: mem) -> (i32, mem) =
                  let k = 3
                  let two = add.i32 k -1
                  let c = tstgts.i32 two 5
                  let unused = mul.i32 a two
                  letrec loop(i: i32) =
                    let n = sub.i32 i 1
                    let more = tstgts.i32 n 0
                    if more then loop(n) else done(n)
                  and done(r: i32) =
                    let s = add.i32 r two
                    return (s, m)
                  in if c then loop(a) else done(a)
                """, """
                fun f(a: i32, m: mem) -> (i32, mem) =
                  let s = add.i32 a 2
                  return (s, m)
                """);
    }

    /** A concatenation that passes a literal lets the merged code fold, down to a switch. */
    @Test
    void concatenationPassesLiteralsOn() {
        assertRewrites(Shrink.PASS, """
                fun f(a: i32, m: mem) -> (i32, mem) =
                  letrec l(x: i32) =
                    let y = mul.i32 x 4
                    let z = select.i32 y a 9
                    letrec e(v: i32) =
                      return (v, m)
                    and s() =
                      switch y case 4 -> e(a) case 8 -> e(z) default -> e(y)
                    in jump s()
                  in jump l(2)
                """, """
                fun f(a: i32, m: mem) -> (i32, mem) =
                  return (a, m)
                """);
    }

    /**
     * Never folded: division by zero and MIN / −1, which trap in the interpreter; folded: a division that does
     * not, and a shift whose count the interpreter masks (33 & 31 = 1), unsigned comparison at the width.
     */
    @Test
    void trappingOperationsAreNotFolded() {
        assertRewrites(Shrink.PASS, """
                fun f(a: i32, m: mem) -> (i32, mem) =
                  let q = divs.i32 7 0
                  let o = divs.i32 -2147483648 -1
                  let d = divs.i32 -7 2
                  let s = lshs.i32 1 33
                  let u = tstltu.i32 -1 1
                  let t1 = add.i32 q o
                  let t2 = add.i32 t1 d
                  let t3 = add.i32 t2 s
                  let t4 = add.i32 t3 u
                  return (t4, m)
                """, """
                fun f(a: i32, m: mem) -> (i32, mem) =
                  let q = divs.i32 7 0
                  let o = divs.i32 -2147483648 -1
                  let t1 = add.i32 q o
                  let t2 = add.i32 t1 -3
                  let t3 = add.i32 t2 2
                  let t4 = add.i32 t3 0
                  return (t4, m)
                """);
    }

    /** Stores and calls stay though nothing uses what they bind; an already clean function is kept as it is. */
    @Test
    void effectsStay() {
        assertUnchanged(Shrink.PASS, """
                fun f(a: i32, p: i64, m: mem) -> (i32, mem) =
                  let m1 = store.i32 m p a
                  let r, m2 = call.i32 @g(a) m1
                  let c = tstlts.i32 a 0
                  letrec t() =
                    return (a, m2)
                  and e() =
                    return (r, m2)
                  in if c then t() else e()
                """);
    }

    /**
     * An unused load is deleted though it could trap: here it reads address 0, which stops the original run
     * with an error and not the shrunk one. The trap is undefined behaviour in C; {@link Shrink} says why
     * this is its choice.
     */
    @Test
    void anUnusedLoadIsDeletedThoughItCouldTrap() {
        Program program = IrParser.parse("load.ir", """
                (MODULE "load"
                  (SYMTAB))

                fun main(m: mem) -> (i32, mem) =
                  let v = load.i32 m 0:i64
                  return (0, m)
                """);
        Program shrunk = Shrink.PASS.apply(program);
        assertThat(shrunk.functions().head().body().lets()).isEmpty();
        RunOptions options = RunOptions.defaults().withEntry("main");
        assertThat(IrInterpreter.run(program, options)).isInstanceOf(RunResult.Failed.class);
        assertThat(IrInterpreter.run(shrunk, options)).isInstanceOf(RunResult.Returned.class);
    }
}
