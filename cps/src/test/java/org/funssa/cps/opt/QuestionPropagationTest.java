package org.funssa.cps.opt;

import static org.assertj.core.api.Assertions.assertThat;

import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.rewrite.Nest;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.verify.Verifier;
import org.junit.jupiter.api.Test;

/**
 * Seed 004 §6.3, Figures 6.3–6.8: global value numbering and partial redundancy elimination by question
 * propagation.
 */
class QuestionPropagationTest {

    private static Function assertRewrites(String before, String after) {
        return PassLaws.assertRewrites(QuestionPropagation.PASS, before, after);
    }

    /** The pass leaves the function as it is: the same object. */
    private static void assertUnchanged(String text) {
        Function function = IrParser.parseFunction("before.ir", text);
        assertThat(QuestionPropagation.apply(function)).isSameAs(function);
    }

    /**
     * Figure 6.3: x3 + y2 at node 3, x3 = φ(x1, x2), is asked about as x1 + y2 at node 1 and x2 + y2 at node 2,
     * available at both; it becomes p3 = φ(p1, p2), (c) of the figure, the φ a new parameter of node 3.
     */
    @Test
    void figure63AnExpressionOfAPhiIsAvailableThroughItsArguments() {
        assertRewrites("""
                fun f(c: i32, a: i32, y2: i32, m: mem) -> (i32, mem) =
                  letrec n1() =
                    let x1 = add.i32 a 1
                    let p1 = add.i32 x1 y2
                    jump n3(x1)
                  and n2() =
                    let x2 = sub.i32 a 1
                    let p2 = add.i32 x2 y2
                    jump n3(x2)
                  and n3(x3: i32) =
                    let e = add.i32 x3 y2
                    return (e, m)
                  in if c then n1() else n2()
                """, """
                fun f(c: i32, a: i32, y2: i32, m: mem) -> (i32, mem) =
                  letrec n1() =
                    let x1 = add.i32 a 1
                    let p1 = add.i32 x1 y2
                    jump n3(x1, p1)
                  and n2() =
                    let x2 = sub.i32 a 1
                    let p2 = add.i32 x2 y2
                    jump n3(x2, p2)
                  and n3(x3: i32, p3: i32) =
                    let e = p3
                    return (p3, m)
                  in if c then n1() else n2()
                """);
    }

    /**
     * §6.3.3 (Figure 6.6 lines 32–35): x3 + y is available from node 1 only; it is anticipated at node 3, so it is
     * inserted at the end of node 2, renamed (x2 + y), and the join merges the two.
     */
    @Test
    void partiallyRedundantExpressionIsInsertedWhereItIsMissing() {
        assertRewrites("""
                fun f(c: i32, a: i32, y: i32, m: mem) -> (i32, mem) =
                  letrec n1() =
                    let x1 = add.i32 a 1
                    let p1 = add.i32 x1 y
                    jump n3(x1)
                  and n2() =
                    let x2 = sub.i32 a 1
                    jump n3(x2)
                  and n3(x3: i32) =
                    let e = add.i32 x3 y
                    return (e, m)
                  in if c then n1() else n2()
                """, """
                fun f(c: i32, a: i32, y: i32, m: mem) -> (i32, mem) =
                  letrec n1() =
                    let x1 = add.i32 a 1
                    let p1 = add.i32 x1 y
                    jump n3(x1, p1)
                  and n2() =
                    let x2 = sub.i32 a 1
                    let p2 = add.i32 x2 y
                    jump n3(x2, p2)
                  and n3(x3: i32, p3: i32) =
                    let e = p3
                    return (p3, m)
                  in if c then n1() else n2()
                """);
    }

    /**
     * A later question's answer wakes an earlier one within the same sweep. convsx s in a is asked first: its value
     * comes from p2 only and is not anticipated at j (the path through b does not compute it), so no. Then w in k,
     * the same expression once v is s, is anticipated at j and gets a φ there, with an insertion at p1; that φ
     * answers u's question, asked again after the walk. One sweep reaches what the pass leaves: a second changes
     * nothing. (k's new φ merges w2 with itself: rpe's to remove.)
     */
    @Test
    void aLaterAnswerWakesAnEarlierQuestionWithinOneSweep() {
        Function once = PassLaws.assertRewrites(Pass.of("preqp-once", QuestionPropagation::once), """
                fun f(c: i32, e: i32, r: i32, m: mem) -> (i64, mem) =
                  letrec p1() =
                    jump j()
                  and p2() =
                    let x = band.i32 r 63
                    let y = convsx.i64 x
                    jump j()
                  and j() =
                    let s = band.i32 r 63
                    letrec a() =
                      let u = convsx.i64 s
                      jump k()
                    and b() =
                      jump k()
                    and k() =
                      let v = band.i32 r 63
                      let w = convsx.i64 v
                      return (w, m)
                    in if e then a() else b()
                  in if c then p1() else p2()
                """, """
                fun f(c: i32, e: i32, r: i32, m: mem) -> (i64, mem) =
                  letrec p1() =
                    let s1 = band.i32 r 63
                    let w1 = convsx.i64 s1
                    jump j(s1, w1)
                  and p2() =
                    let x = band.i32 r 63
                    let y = convsx.i64 x
                    jump j(x, y)
                  and j(s2: i32, w2: i64) =
                    let s = s2
                    letrec a() =
                      let u = w2
                      jump k(w2)
                    and b() =
                      jump k(w2)
                    and k(w3: i64) =
                      let v = s2
                      let w = w3
                      return (w3, m)
                    in if e then a() else b()
                  in if c then p1() else p2()
                """);
        assertThat(QuestionPropagation.once(once)).isSameAs(once);
    }

    /**
     * The predecessor that lacks the value branches: an insertion would need its edge split, and the new block's
     * jump would make that path execute as many operations as before plus one, so nothing is inserted.
     */
    @Test
    void noInsertionNeedsACriticalEdgeSplit() {
        assertUnchanged("""
                fun f(c: i32, a: i32, b: i32, m: mem) -> (i32, mem) =
                  letrec n1() =
                    let s = mul.i32 a b
                    jump n3()
                  and n3() =
                    let t = mul.i32 a b
                    return (t, m)
                  in if c then n1() else n3()
                """);
    }

    /**
     * Loads take part through their memory token: the load of m3 = φ(m, m2) is the load of m at node 1, available,
     * and of m2 at node 2, where it is inserted (it is the first thing node 3 does, so it traps there only if it
     * would have trapped at node 3).
     */
    @Test
    void aLoadIsNumberedByTheMemoryTokenItReads() {
        assertRewrites("""
                fun f(c: i32, p: i64, q: i64, m: mem) -> (i32, mem) =
                  letrec n1() =
                    let u = load.i32 m p
                    jump n3(m)
                  and n2() =
                    let m2 = store.i32 m q 1
                    jump n3(m2)
                  and n3(m3: mem) =
                    let v = load.i32 m3 p
                    return (v, m3)
                  in if c then n1() else n2()
                """, """
                fun f(c: i32, p: i64, q: i64, m: mem) -> (i32, mem) =
                  letrec n1() =
                    let u = load.i32 m p
                    jump n3(m, u)
                  and n2() =
                    let m2 = store.i32 m q 1
                    let w = load.i32 m2 p
                    jump n3(m2, w)
                  and n3(m3: mem, x: i32) =
                    let v = x
                    return (x, m3)
                  in if c then n1() else n2()
                """);
    }

    /** A division that a store precedes at the join is not inserted: it would trap before the store. */
    @Test
    void aTrappingExpressionIsNotInsertedAboveWhatPrecedesIt() {
        assertUnchanged("""
                fun f(c: i32, a: i32, b: i32, p: i64, m: mem) -> (i32, mem) =
                  letrec n1() =
                    let s = divs.i32 a b
                    jump n3()
                  and n2() =
                    jump n3()
                  and n3() =
                    let m1 = store.i32 m p 1
                    let t = divs.i32 a b
                    return (t, m1)
                  in if c then n1() else n2()
                """);
    }

    /** Nor where the join does not compute it on every path: the seed's postEqp says no. */
    @Test
    void anExpressionIsInsertedOnlyWhereItIsAnticipated() {
        assertUnchanged("""
                fun f(c: i32, d: i32, a: i32, b: i32, m: mem) -> (i32, mem) =
                  letrec n1() =
                    let s = add.i32 a b
                    jump n3()
                  and n2() =
                    jump n3()
                  and n3() =
                    letrec n4() =
                      let t = add.i32 a b
                      return (t, m)
                    and n5() =
                      return (a, m)
                    in if d then n4() else n5()
                  in if c then n1() else n2()
                """);
    }

    /** A predicated let is neither asked about nor an answer. */
    @Test
    void guardedLetsAreLeftAlone() {
        assertUnchanged("""
                fun f(c: i32, a: i32, b: i32, m: mem) -> (i32, mem) =
                  letrec n1() =
                    let s = add.i32 a b
                    jump n3()
                  and n2() =
                    let c ? u = add.i32 a b
                    jump n3()
                  and n3() =
                    let c ? t = add.i32 a b
                    return (t, m)
                  in if c then n1() else n2()
                """);
    }

    /**
     * Figure 6.5(a), questions round a loop: i × 4 at the header h, i = φ(a, i1), is asked as a × 4 before the loop
     * (s0) and, along the back edge, as i1 × 4 at the end of the latch b (s1): both available, so the value is
     * carried round the loop by a new φ of h and the header computes nothing.
     */
    @Test
    void figure65aAValueCarriedRoundALoopIsFound() {
        assertRewrites("""
                fun f(a: i32, n: i32, m: mem) -> (i32, mem) =
                  let s0 = mul.i32 a 4
                  letrec h(i: i32, acc: i32) =
                    let s = mul.i32 i 4
                    let acc1 = add.i32 acc s
                    let c = tstlts.i32 i n
                    letrec b() =
                      let i1 = add.i32 i 1
                      let s1 = mul.i32 i1 4
                      let acc2 = add.i32 acc1 s1
                      jump h(i1, acc2)
                    and out() =
                      return (acc1, m)
                    in if c then b() else out()
                  in jump h(a, 0)
                """, """
                fun f(a: i32, n: i32, m: mem) -> (i32, mem) =
                  let s0 = mul.i32 a 4
                  letrec h(i: i32, acc: i32, p: i32) =
                    let s = p
                    let acc1 = add.i32 acc p
                    let c = tstlts.i32 i n
                    letrec b() =
                      let i1 = add.i32 i 1
                      let s1 = mul.i32 i1 4
                      let acc2 = add.i32 acc1 s1
                      jump h(i1, acc2, s1)
                    and out() =
                      return (acc1, m)
                    in if c then b() else out()
                  in jump h(a, 0, s0)
                """);
    }

    /**
     * Figure 6.5(b): x + y is computed first thing in the loop h, and before the loop only on another path (a).
     * The question at h comes back round the back edge to h, still unanswered: a ⊥ temporary, weakly available
     * (WAV) but not available (AV). The preheader p lacks the value, and an insertion there would hoist x + y out of
     * the loop; with no predecessor AV the answer is no, and nothing is inserted.
     */
    @Test
    void figure65bNothingIsHoistedThroughALoop() {
        assertUnchanged("""
                fun f(c: i32, x: i32, y: i32, n: i32, m: mem) -> (i32, mem) =
                  letrec a() =
                    let s = add.i32 x y
                    return (s, m)
                  and q() =
                    letrec p() =
                      letrec h(i: i32) =
                        let t = add.i32 x y
                        let i1 = add.i32 i t
                        let d = tstlts.i32 i1 n
                        letrec out() =
                          return (i1, m)
                        in if d then h(i1) else out()
                      in jump h(0)
                    in jump p()
                  in if c then a() else q()
                """);
    }

    /**
     * Figure 6.6 lines 6–9 and Figure 6.8 lines 5–9: the question about i × 4 at the header h goes round the loop
     * along both back edges. From b2 it is i1 × 4, available (s1); from b1, which passes i unchanged, it comes back
     * to h itself, still being answered, and gets a ⊥ temporary, which becomes h's answer, the new φ p: b1 passes p
     * round the loop. The next sweep asks about p < n at h the same way: d from b2, AV, and the temporary from b1;
     * before the loop it is missing, and since h computes it first thing (anticipated) it is inserted there (c0).
     */
    @Test
    void figure66aTemporaryStandsForTheLoopsOwnPhi() {
        assertRewrites("""
                fun f(a: i32, n: i32, m: mem) -> (i32, mem) =
                  let s0 = mul.i32 a 4
                  letrec h(i: i32) =
                    let s = mul.i32 i 4
                    let c = tstlts.i32 s n
                    letrec b1() =
                      jump h(i)
                    and b2() =
                      let i1 = add.i32 i 1
                      let s1 = mul.i32 i1 4
                      let d = tstlts.i32 s1 n
                      letrec out() =
                        return (s1, m)
                      in if d then h(i1) else out()
                    in if c then b1() else b2()
                  in jump h(a)
                """, """
                fun f(a: i32, n: i32, m: mem) -> (i32, mem) =
                  let s0 = mul.i32 a 4
                  let c0 = tstlts.i32 s0 n
                  letrec h(i: i32, p: i32, q: i32) =
                    let s = p
                    let c = q
                    letrec b1() =
                      jump h(i, p, q)
                    and b2() =
                      let i1 = add.i32 i 1
                      let s1 = mul.i32 i1 4
                      let d = tstlts.i32 s1 n
                      letrec out() =
                        return (s1, m)
                      in if d then h(i1, s1, d) else out()
                    in if q then b1() else b2()
                  in jump h(a, s0, c0)
                """);
    }

    /**
     * Figure 6.6 lines 6–9: when every value round the loop is the temporary, the loop's φ is the value from before
     * the loop (here h's parameter i is passed unchanged by the latch, so i × 4 is a × 4 in every iteration).
     */
    @Test
    void aLoopsPhiOfItselfAndOneValueIsThatValue() {
        assertRewrites("""
                fun f(a: i32, n: i32, m: mem) -> (i32, mem) =
                  let s0 = mul.i32 a 4
                  letrec h(i: i32, k: i32) =
                    let c = tstlts.i32 k n
                    letrec b() =
                      let s = mul.i32 i 4
                      let k1 = add.i32 k s
                      jump h(i, k1)
                    and out() =
                      return (k, m)
                    in if c then b() else out()
                  in jump h(a, 0)
                """, """
                fun f(a: i32, n: i32, m: mem) -> (i32, mem) =
                  let s0 = mul.i32 a 4
                  letrec h(i: i32, k: i32) =
                    let c = tstlts.i32 k n
                    letrec b() =
                      let s = s0
                      let k1 = add.i32 k s0
                      jump h(i, k1)
                    and out() =
                      return (k, m)
                    in if c then b() else out()
                  in jump h(a, 0)
                """);
    }

    /**
     * Figure 6.4, §6.3.2: a question at j, after a loop that only one path to j takes, goes along the sparse edge to
     * j's dominator n3 over the collapsed loop (no occurrence of a × b ranks between them), where the two arms
     * merge it.
     */
    @Test
    void figure64ASparseEdgeCrossesACollapsedLoop() {
        assertRewrites("""
                fun f(c: i32, e: i32, a: i32, b: i32, n: i32, m: mem) -> (i32, mem) =
                  letrec n1() =
                    let s1 = mul.i32 a b
                    jump n3()
                  and n2() =
                    let s2 = mul.i32 a b
                    jump n3()
                  and n3() =
                    letrec j(k: i32) =
                      let t = mul.i32 a b
                      let r = add.i32 t k
                      return (r, m)
                    and h(i: i32) =
                      let d = tstlts.i32 i n
                      letrec body() =
                        let i1 = add.i32 i 1
                        jump h(i1)
                      and out() =
                        jump j(i)
                      in if d then body() else out()
                    in if e then h(0) else j(1)
                  in if c then n1() else n2()
                """, """
                fun f(c: i32, e: i32, a: i32, b: i32, n: i32, m: mem) -> (i32, mem) =
                  letrec n1() =
                    let s1 = mul.i32 a b
                    jump n3(s1)
                  and n2() =
                    let s2 = mul.i32 a b
                    jump n3(s2)
                  and n3(p: i32) =
                    letrec j(k: i32) =
                      let t = p
                      let r = add.i32 p k
                      return (r, m)
                    and h(i: i32) =
                      let d = tstlts.i32 i n
                      letrec body() =
                        let i1 = add.i32 i 1
                        jump h(i1)
                      and out() =
                        jump j(i)
                      in if d then body() else out()
                    in if e then h(0) else j(1)
                  in if c then n1() else n2()
                """);
    }

    /**
     * §6.3.2, the loop collapsed: after a loop of 300 nested blocks, more than a question's budget of steps, a × b is
     * asked about at the loop's exit. Nothing in the loop computes it, so at the header the back edge is given the
     * header's temporary without walking the loop, and the value merged before the loop (n3) is found.
     */
    @Test
    void aLoopThatComputesNothingIsCollapsed() {
        assertRewrites(loopAfterJoin(300, false), loopAfterJoin(300, true));
    }

    /** {@link #aLoopThatComputesNothingIsCollapsed}'s function, before or after preqp. */
    private static String loopAfterJoin(int blocks, boolean after) {
        StringBuilder text = new StringBuilder("""
                fun f(c: i32, a: i32, b: i32, n: i32, m: mem) -> (i32, mem) =
                  letrec n1() =
                    let s1 = mul.i32 a b
                    jump n3(%s)
                  and n2() =
                    let s2 = mul.i32 a b
                    jump n3(%s)
                  and n3(%s) =
                    letrec h(i: i32) =
                      let d = tstlts.i32 i n
                      letrec out() =
                        let t = %s
                        return (%s, m)
                      and b0() =
                """.formatted(after ? "s1" : "", after ? "s2" : "", after ? "p: i32" : "", after ? "p" : "mul.i32 a b",
                after ? "p" : "t"));
        for (int k = 1; k < blocks; k++) {
            text.append("  ".repeat(k + 3)).append("letrec b").append(k).append("() =\n");
        }
        text.append("  ".repeat(blocks + 3)).append("let i1 = add.i32 i 1\n");
        text.append("  ".repeat(blocks + 3)).append("jump h(i1)\n");
        for (int k = blocks - 1; k >= 1; k--) {
            text.append("  ".repeat(k + 2)).append("in jump b").append(k).append("()\n");
        }
        return text.append("""
                      in if d then b0() else out()
                    in jump h(0)
                  in if c then n1() else n2()
                """).toString();
    }

    /**
     * §6.3.1, Definition 1 with §6.3.2's virtual edges: ranks are longest paths ignoring up-edges; here root 0, the
     * branch arms 1, the join 2, the loop header after it 3 and its body 4 (the back edge to the header is ignored).
     * The loop's exit out ranks 5, not 4: the virtual edge from the latch b to the successor of the loop's exit puts
     * it after everything in the loop (as (9, 14) does in Figure 6.4). With the loop collapsed the graph from the
     * root to out is a DAG (Theorem 1), from the root to b it is not.
     */
    @Test
    void definition1RanksIgnoreUpEdgesAndCountVirtualEdges() {
        Function f = IrParser.parseFunction("ranks.ir", """
                fun f(c: i32, n: i32, m: mem) -> (i32, mem) =
                  letrec n1() =
                    jump n3()
                  and n2() =
                    jump n3()
                  and n3() =
                    letrec h(i: i32) =
                      let d = tstlts.i32 i n
                      letrec b() =
                        let i1 = add.i32 i 1
                        jump h(i1)
                      and out() =
                        return (i, m)
                      in if d then b() else out()
                    in jump h(0)
                  in if c then n1() else n2()
                """);
        Nest nest = Nest.checked(f);
        QuestionRanks ranks = QuestionRanks.of(nest);
        assertThat(ranks.of(nest.node(new Label("n1")))).isEqualTo(1);
        assertThat(ranks.of(nest.node(new Label("n3")))).isEqualTo(2);
        int h = nest.node(new Label("h"));
        assertThat(ranks.of(h)).isEqualTo(3);
        assertThat(ranks.isUpEdgeTarget(h)).isTrue();
        int b = nest.node(new Label("b"));
        assertThat(ranks.of(b)).isEqualTo(4);
        int out = nest.node(new Label("out"));
        assertThat(ranks.of(out)).isEqualTo(5);
        assertThat(ranks.acyclicBetween(Nest.ROOT, nest.node(new Label("n3")))).isTrue();
        assertThat(ranks.acyclicBetween(Nest.ROOT, out)).isTrue();
        assertThat(ranks.acyclicBetween(h, b)).isTrue();
        assertThat(ranks.acyclicBetween(Nest.ROOT, b)).isFalse();
        assertThat(ranks.acyclicBetween(Nest.ROOT, h)).isFalse();
    }

    /** A nest 100,000 deep is walked without recursion; a+1 of every level is the root's. */
    @Test
    void aDeepNestIsWalkedWithoutRecursion() {
        Function out = QuestionPropagation.apply(PassLaws.deepDiamonds(100_000));
        assertThat(Verifier.verify(out)).isEmpty();
        Nest nest = Nest.of(out);
        int copies = 0;
        for (int node = 0; node < nest.size(); node++) {
            copies += (int) nest.body(node).lets().count(l -> l.expr() instanceof Expr.Copy);
        }
        assertThat(copies).isEqualTo(100_000 - 1);
    }
}
