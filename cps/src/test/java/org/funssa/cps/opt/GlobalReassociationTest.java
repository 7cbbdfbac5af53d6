package org.funssa.cps.opt;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import org.funssa.core.lir.Op;
import org.funssa.cps.alpha.Alpha;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.ir.Type;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.text.IrPrinter;
import org.funssa.cps.verify.Verifier;
import org.junit.jupiter.api.Test;

/** Seed 004 §6.13: ranks (§6.13.1), sorting by rank (§6.13.2) and the distributive law (§6.13.3). */
class GlobalReassociationTest {

    /**
     * {@code fun f(params, n: i32, m: mem)} whose body runs {@code outside}, then a loop over {@code v} whose body
     * runs {@code inside} (lets, one a line, unindented) and repeats while {@code result < n}, with
     * {@code loop(result)}, returning it at the end.
     */
    private static String loop(String params, String outside, String v, String inside, String result) {
        return "fun f(" + params + ", n: i32, m: mem) -> (i32, mem) =\n" + outside.indent(2) + "  letrec loop(" + v
                + ": i32) =\n" + inside.indent(4) + """
                    let c1 = tstlts.i32 %1$s n
                    letrec done() =
                      return (%1$s, m)
                    in if c1 then loop(%1$s) else done()
                  in jump loop(0)
                """.formatted(result);
    }

    private static Function assertRewrites(String before, String after) {
        Function out = PassLaws.assertRewrites(GlobalReassociation.PASS, before, after);
        assertThat(GlobalReassociation.apply(out)).as("a second gra").isSameAs(out);
        return out;
    }

    /**
     * Equations (6.1) and (6.2), whose trees Figure 6.35 draws: x1 ← a1 + b1 + c1 and y1 ← b1 + c1 + a1 are
     * equal, but only once sorted (all of rank 1, so in the fixed order) do they read alike, and CSE finds it.
     */
    @Test
    void equations61And62AreSpelledAlikeOnceSortedAndCseFindsThemEqual() {
        Function out = assertRewrites("""
                fun f(a1: i32, b1: i32, c1: i32, m: mem) -> (i32, i32, mem) =
                  let t1 = add.i32 a1 b1
                  let x1 = add.i32 t1 c1
                  let t2 = add.i32 b1 c1
                  let y1 = add.i32 t2 a1
                  return (x1, y1, m)
                """, """
                fun f(a1: i32, b1: i32, c1: i32, m: mem) -> (i32, i32, mem) =
                  let t1 = add.i32 a1 b1
                  let x1 = add.i32 t1 c1
                  let t2 = add.i32 a1 b1
                  let y1 = add.i32 t2 c1
                  return (x1, y1, m)
                """);
        Function shrunk = Shrink.PASS.apply(CommonSubexpressionElimination.PASS.apply(out));
        assertThat(Alpha.equivalent(shrunk, IrParser.parseFunction("cse.ir", """
                fun f(a1: i32, b1: i32, c1: i32, m: mem) -> (i32, i32, mem) =
                  let t1 = add.i32 a1 b1
                  let x1 = add.i32 t1 c1
                  return (x1, x1, m)
                """))).isTrue();
    }

    /**
     * §6.13.2's example: x + y + z with ranks 3, 1, 1 becomes y + z + x, that is temp ← y + z; temp + x, and
     * temp, made of loop invariants, is hoisted by hli. Here the entry has rank 1 (y, z), the loop header
     * {@code head} rank 2, and {@code body}, visited third in reverse postorder, rank 3 (its parameter x).
     */
    @Test
    void sortingByRankMakesTheInvariantPartOfASumAPrefixThatHliHoists() {
        Function out = assertRewrites("""
                fun g(y: i32, z: i32, n: i32, m: mem) -> (i32, mem) =
                  letrec head(i: i32) =
                    let c = tstges.i32 i n
                    letrec done() =
                      return (i, m)
                    and body(x: i32) =
                      let t = add.i32 x y
                      let s = add.i32 t z
                      jump head(s)
                    in if c then done() else body(i)
                  in jump head(0)
                """, """
                fun g(y: i32, z: i32, n: i32, m: mem) -> (i32, mem) =
                  letrec head(i: i32) =
                    let c = tstges.i32 i n
                    letrec done() =
                      return (i, m)
                    and body(x: i32) =
                      let t = add.i32 y z
                      let s = add.i32 t x
                      jump head(s)
                    in if c then done() else body(i)
                  in jump head(0)
                """);
        PassLaws.assertRewrites(LoopInvariantHoisting.PASS, IrPrinter.print(out), """
                fun g(y: i32, z: i32, n: i32, m: mem) -> (i32, mem) =
                  let t = add.i32 y z
                  letrec head(i: i32) =
                    let c = tstges.i32 i n
                    letrec done() =
                      return (i, m)
                    and body(x: i32) =
                      let s = add.i32 t x
                      jump head(s)
                    in if c then done() else body(i)
                  in jump head(0)
                """);
    }

    /** §6.13.2: the constants of a sum, all of rank 0, are sorted together and fold: 1 + y + 2 becomes 3 + y. */
    @Test
    void constantsSortFirstAndFold() {
        assertRewrites("""
                fun h(y: i32, m: mem) -> (i32, mem) =
                  let t = add.i32 1 y
                  let u = add.i32 t 2
                  return (u, m)
                """, """
                fun h(y: i32, m: mem) -> (i32, mem) =
                  let u = add.i32 3 y
                  return (u, m)
                """);
    }

    /**
     * §6.13.3's example: a + b × ((c + d) + e) with a, b, c, d of rank 1 and e of rank 2 is distributed
     * partially, to a + b × (c + d) + b × e, and the sum re-sorted: (a + b × (c + d)) is of rank 1.
     */
    @Test
    void aLowRankedMultiplierDistributesOverAHigherRankedSumOnePerRank() {
        String params = "a: i32, b: i32, c: i32, d: i32";
        Function out = assertRewrites(loop(params, "", "e", """
                let t1 = add.i32 c d
                let t2 = add.i32 t1 e
                let t3 = mul.i32 b t2
                let t4 = add.i32 a t3""", "t4"), loop(params, "", "e", """
                let s = add.i32 c d
                let p1 = mul.i32 b s
                let p2 = mul.i32 b e
                let u = add.i32 a p1
                let t4 = add.i32 u p2""", "t4"));
        PassLaws.assertRewrites(LoopInvariantHoisting.PASS, IrPrinter.print(out), loop(params, """
                let s = add.i32 c d
                let p1 = mul.i32 b s
                let u = add.i32 a p1""", "e", """
                let p2 = mul.i32 b e
                let t4 = add.i32 u p2""", "t4"));
    }

    /**
     * A constant multiplier over a sum with a constant: 4 × (i + 1) is 4 + 4 × i, the constant product folded,
     * and no multiplication more than before.
     */
    @Test
    void aConstantMultiplierDistributesAndItsProductWithTheSumsConstantFolds() {
        assertRewrites("""
                fun q(i: i32, m: mem) -> (i32, mem) =
                  let s = add.i32 i 1
                  let p = mul.i32 s 4
                  return (p, m)
                """, """
                fun q(i: i32, m: mem) -> (i32, mem) =
                  let t = mul.i32 4 i
                  let p = add.i32 4 t
                  return (p, m)
                """);
    }

    /**
     * §6.13.2: x − y + z is x + (−y) + z. With x of the loop and y, z invariant, the invariant operands come
     * first; a negated prefix is summed and subtracted from the next operand: i − c − d becomes i − (c + d).
     */
    @Test
    void subtractionsJoinSumsAsNegatedOperands() {
        assertRewrites(loop("c: i32, d: i32", "", "i", """
                let t1 = sub.i32 i c
                let t2 = sub.i32 t1 d""", "t2"), loop("c: i32, d: i32", "", "i", """
                let u = add.i32 c d
                let t2 = sub.i32 i u""", "t2"));
    }

    /**
     * A product subtracted from a sum stays a subtracted operand (found on a generated program): 0 − 19 × −2 is
     * −(19 × −2), and after distribution a negated part is subtracted: r1 × (36 − x) is 36 × r1 − r1 × x.
     */
    @Test
    void aProductSubtractedFromASumKeepsItsSign() {
        assertRewrites("""
                fun n(y: i32, m: mem) -> (i32, mem) =
                  let p = mul.i32 y -2
                  let r = sub.i32 0 p
                  return (r, m)
                """, """
                fun n(y: i32, m: mem) -> (i32, mem) =
                  let p = mul.i32 -2 y
                  let r = neg.i32 p
                  return (r, m)
                """);
        assertRewrites("""
                fun d(r1: i32, m: mem) -> (i32, mem) =
                  letrec b(x: i32) =
                    let s = sub.i32 36 x
                    let t = mul.i32 s r1
                    return (t, m)
                  in jump b(0)
                """, """
                fun d(r1: i32, m: mem) -> (i32, mem) =
                  letrec b(x: i32) =
                    let p = mul.i32 36 r1
                    let q = mul.i32 r1 x
                    let t = sub.i32 p q
                    return (t, m)
                  in jump b(0)
                """);
    }

    /**
     * BAND, BOR and BXOR trees are sorted too, each with its own identity: x & −1 is x, and 0 ^ y ^ 0 is y, a copy
     * left for cpyp.
     */
    @Test
    void bitwiseTreesSortAndDropTheirIdentity() {
        assertRewrites("""
                fun b(x: i64, y: i64, z: i64, m: mem) -> (i64, i64, i64, mem) =
                  let a1 = band.i64 z x
                  let a2 = band.i64 a1 -1:i64
                  let o1 = bor.i64 y x
                  let o2 = bor.i64 z o1
                  let x1 = bxor.i64 0:i64 y
                  let x2 = bxor.i64 x1 0:i64
                  return (a2, o2, x2, m)
                """, """
                fun b(x: i64, y: i64, z: i64, m: mem) -> (i64, i64, i64, mem) =
                  let a2 = band.i64 x z
                  let o1 = bor.i64 x y
                  let o2 = bor.i64 o1 z
                  let x2 = y
                  return (a2, o2, x2, m)
                """);
    }

    /**
     * What does not take part: floating point (not associative), 128-bit integers (which the interpreter does
     * not run), predicated lets, a tree's inner value used twice (both uses keep it), and trees already sorted.
     */
    @Test
    void floatsWideIntegersPredicatedLetsAndSharedValuesStayAndASortedFunctionIsItself() {
        Function f = IrParser.parseFunction("f.ir", """
                fun f(x: f64, y: f64, a: i128, b: i128, p: i32, i: i32, j: i32, m: mem) -> (f64, i128, i32, i32, mem) =
                  let s = add.f64 y x
                  let s1 = add.f64 s 1.0
                  let w = add.i128 b a
                  let w1 = add.i128 w 1:i128
                  let g = add.i32 j i
                  let p ? h = add.i32 g 2
                  let k = add.i32 i j
                  let k1 = add.i32 k k
                  return (s1, w1, h, k1, m)
                """);
        assertThat(Verifier.verify(f)).isEmpty();
        Function out = GlobalReassociation.apply(f);
        assertThat(Alpha.equivalent(out, IrParser.parseFunction("g.ir", """
                fun f(x: f64, y: f64, a: i128, b: i128, p: i32, i: i32, j: i32, m: mem) -> (f64, i128, i32, i32, mem) =
                  let s = add.f64 y x
                  let s1 = add.f64 s 1.0
                  let w = add.i128 b a
                  let w1 = add.i128 w 1:i128
                  let g = add.i32 i j
                  let p ? h = add.i32 g 2
                  let k = add.i32 i j
                  let k1 = add.i32 k k
                  return (s1, w1, h, k1, m)
                """))).as(IrPrinter.print(out)).isTrue();
        assertThat(GlobalReassociation.apply(out)).isSameAs(out);
    }

    /**
     * A sum of 10^5 operands written right-leaning, s_k = a_k + s_{k+1}, in one body: flattened without recursion
     * and rebuilt left-leaning in the order of the operands' numbers, the constant first.
     */
    @Test
    void aHundredThousandOperandSumWrittenRightLeaningIsRebuiltWithoutRecursion() {
        int n = 100_000;
        Vector<Atom.Var> params = Vector.range(0, n).map(k -> new Atom.Var(k, "a" + k, Type.I32));
        Atom.Var mem = new Atom.Var(n, "m", Type.MEM);
        Vector<Let> lets = Vector.empty();
        Atom previous = Atom.i32(7);
        for (int k = n - 1; k >= 0; k--) {
            Atom.Var s = new Atom.Var(n + 1 + k, "s" + k, Type.I32);
            lets = lets.append(Let.of(s, new Expr.Prim(Op.ADD, Type.I32, Vector.of(params.get(k), previous))));
            previous = s;
        }
        Function f = new Function("wide", Vector.empty(), params.append(mem), Vector.of(Type.I32, Type.MEM),
                Body.of(lets, new Tail.Return(Vector.of(previous, mem))), 2 * n + 1);
        Function out = GlobalReassociation.apply(f);
        assertThat(Verifier.verify(out)).isEmpty();
        Vector<Let> rebuilt = out.body().lets();
        assertThat(rebuilt).hasSize(n);
        assertThat(rebuilt.get(0).expr()).isEqualTo(new Expr.Prim(Op.ADD, Type.I32, Vector.of(Atom.i32(7),
                params.get(0))));
        assertThat(rebuilt.last().expr().operands().last()).isEqualTo(params.last());
        assertThat(rebuilt.last().var(0)).isEqualTo(previous);
        assertThat(GlobalReassociation.apply(out)).isSameAs(out);
    }
}
