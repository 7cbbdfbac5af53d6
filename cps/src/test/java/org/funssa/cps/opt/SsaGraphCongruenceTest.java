package org.funssa.cps.opt;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.HashMap;
import io.vavr.collection.Map;
import io.vavr.collection.Vector;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Let;
import org.funssa.cps.rewrite.Nest;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.verify.Verifier;
import org.junit.jupiter.api.Test;

/**
 * Seed 004 §6.8: the SSA graph (§6.8.1, Figures 6.21–6.23), Alpern–Wegman–Zadeck's partition (§6.8.2, Figures
 * 6.24–6.27), and each variable replaced by the member of its class whose definition dominates it.
 */
class SsaGraphCongruenceTest {

    private static Function assertRewrites(String before, String after) {
        return PassLaws.assertRewrites(SsaGraphCongruence.PASS, before, after);
    }

    /** Figure 6.25: Figure 6.24's loop in SSA form, a0 and b0 the copies of 1, the conditions parameters. */
    private static final String FIGURE_6_25 = """
            fun f(p: i32, q: i32, m: mem) -> (i32, i32, mem) =
              let a0 = 1
              let b0 = 1
              letrec loop(a1: i32, b1: i32) =
                letrec yes() =
                  let a3 = add.i32 a1 1
                  let b3 = add.i32 b1 1
                  jump join(a3, b3)
                and no() =
                  let a4 = add.i32 a1 2
                  let b4 = add.i32 b1 2
                  jump join(a4, b4)
                and join(a2: i32, b2: i32) =
                  letrec done() =
                    return (a2, b2, m)
                  in if q then loop(a2, b2) else done()
                in if p then yes() else no()
              in jump loop(a0, b0)
            """;

    /**
     * Figure 6.27 on Figure 6.25 ends with the seed's six sets: B[1] = {1, a0, b0}, B[2] = {2}, B[3] = {a2, b2},
     * B[4] = {a4, b4}, B[5] = {a1, b1} and B[6] = {a3, b3}, split from B[4] by the second operands in B[1].
     */
    @Test
    void figure627PartitionsFigure625IntoTheSeedsSixSets() {
        Function f = IrParser.parseFunction("figure-6.25.ir", FIGURE_6_25);
        Nest nest = Nest.checked(f);
        SsaGraph graph = SsaGraph.of(nest);
        CongruencePartition partition = CongruencePartition.of(graph);
        Map<String, Atom.Var> vars = variables(nest);
        Vector<Vector<String>> sets = Vector.of(Vector.of("a0", "b0"), Vector.of("a2", "b2"), Vector.of("a4", "b4"),
                Vector.of("a1", "b1"), Vector.of("a3", "b3"));
        Vector<Integer> classes = sets.map(set -> partition.classOf(graph.node(vars.get(set.get(0)).get())));
        for (int s = 0; s < sets.size(); s++) {
            for (String name : sets.get(s)) {
                assertThat(partition.classOf(graph.node(vars.get(name).get()))).as(name).isEqualTo(classes.get(s));
            }
        }
        assertThat(classes.distinct()).hasSize(sets.size());
        int one = graph.node(vars.get("a0").get());
        assertThat(graph.isConstant(one)).isTrue();
        assertThat(graph.constant(one)).isEqualTo(Atom.i32(1));
        // B[2] = {2}: the second operand of a4, a constant node of its own, in no other set.
        int two = graph.operand(graph.node(vars.get("a4").get()), 1);
        assertThat(graph.constant(two)).isEqualTo(Atom.i32(2));
        assertThat(classes).doesNotContain(partition.classOf(two));
    }

    /**
     * The pass on Figure 6.25: each b is replaced by its a, whose definition dominates it (the φs b1 and b2 by the
     * φs left of them, which leave their blocks), and the copies of 1 by 1.
     */
    @Test
    void figure625EachBIsReplacedByTheCongruentA() {
        assertRewrites(FIGURE_6_25, """
                fun f(p: i32, q: i32, m: mem) -> (i32, i32, mem) =
                  letrec loop(a1: i32) =
                    letrec yes() =
                      let a3 = add.i32 a1 1
                      jump join(a3)
                    and no() =
                      let a4 = add.i32 a1 2
                      jump join(a4)
                    and join(a2: i32) =
                      letrec done() =
                        return (a2, a2, m)
                      in if q then loop(a2) else done()
                    in if p then yes() else no()
                  in jump loop(1)
                """);
    }

    /** Figure 6.23 (Figure 6.21's loop, decomposed as the SSA graph of Figure 6.22 has it). */
    private static final String FIGURE_6_23 = """
            fun func(a: i64, m: mem) -> (mem) =
              letrec l3(i: i32, m2: mem) =
                let c = tstlts.i32 i 100
                letrec l4() =
                  let g0 = mul.i32 4 i
                  let w0 = convsx.i64 g0
                  let g1 = add.i64 a w0
                  let g2 = load.i32 m2 g1
                  let g3 = add.i32 g2 i
                  let g4 = mul.i32 i 4
                  let w4 = convsx.i64 g4
                  let g5 = add.i64 $ans.3 w4
                  let m3 = store.i32 m2 g5 g3
                  let i3 = add.i32 i 1
                  jump l3(i3, m3)
                and l6() =
                  return (m2)
                in if c then l4() else l6()
              in jump l3(0, m)
            """;

    /**
     * Figure 6.22's graph: an operation node per let, edges to its operands in order (the load to the memory
     * token and the address, the store to the memory, the address and the value), the φ i to 0 and i3. The two
     * products 4·i and i·4 have one operator, but §6.8.2 compares operands by position: they are not congruent,
     * and the pass leaves the function as it is.
     */
    @Test
    void figure622TheGraphHasAnEdgePerOperandAndFigure623IsLeftAsItIs() {
        Function f = IrParser.parseFunction("figure-6.23.ir", FIGURE_6_23);
        Nest nest = Nest.checked(f);
        SsaGraph graph = SsaGraph.of(nest);
        Map<String, Atom.Var> vars = variables(nest);
        java.util.function.Function<String, Integer> node = name -> graph.node(vars.get(name).get());
        assertThat(graph.operandCount(node.apply("g2"))).isEqualTo(2);
        assertThat(graph.operand(node.apply("g2"), 0)).isEqualTo(node.apply("m2"));
        assertThat(graph.operand(node.apply("g2"), 1)).isEqualTo(node.apply("g1"));
        assertThat(graph.operandCount(node.apply("m3"))).isZero(); // a store is equal to nothing else
        assertThat(graph.operandCount(node.apply("i"))).isEqualTo(2);
        assertThat(graph.constant(graph.operand(node.apply("i"), 0))).isEqualTo(Atom.i32(0));
        assertThat(graph.operand(node.apply("i"), 1)).isEqualTo(node.apply("i3"));
        assertThat(graph.operator(node.apply("g0"))).isEqualTo(graph.operator(node.apply("g4")));
        assertThat(graph.operand(node.apply("g0"), 1)).isEqualTo(graph.operand(node.apply("g4"), 0));
        CongruencePartition partition = CongruencePartition.of(graph);
        assertThat(partition.classOf(node.apply("g0"))).isNotEqualTo(partition.classOf(node.apply("g4")));
        assertThat(SsaGraphCongruence.apply(f)).isSameAs(f);
    }

    /**
     * §6.8.2 on Figure 6.18: "φ-functions in different blocks are handled as separate functions". Two counters
     * of one loop are congruent (the optimistic assumption holds around the back edge) and merge; the counter of
     * the second loop, computed alike, is not congruent to them: its loop may run another number of times.
     */
    @Test
    void phisAreCongruentOnlyInOneBlock() {
        assertRewrites("""
                fun f(n: i32, m: mem) -> (i32, i32, i32, mem) =
                  letrec first(i: i32, j: i32) =
                    let i1 = add.i32 i 1
                    let j1 = add.i32 j 1
                    let c = tstlts.i32 i1 n
                    letrec second(k: i32) =
                      let k1 = add.i32 k 1
                      let d = tstlts.i32 k1 n
                      letrec done() =
                        return (i1, j1, k1, m)
                      in if d then second(k1) else done()
                    in if c then first(i1, j1) else second(0)
                  in jump first(0, 0)
                """, """
                fun f(n: i32, m: mem) -> (i32, i32, i32, mem) =
                  letrec first(i: i32) =
                    let i1 = add.i32 i 1
                    let c = tstlts.i32 i1 n
                    letrec second(k: i32) =
                      let k1 = add.i32 k 1
                      let d = tstlts.i32 k1 n
                      letrec done() =
                        return (i1, i1, k1, m)
                      in if d then second(k1) else done()
                    in if c then first(i1) else second(0)
                  in jump first(0)
                """);
    }

    /**
     * Loads are congruent by memory token and address: two loads of congruent addresses in one memory are one
     * value, a load after a store reads another memory; a store and a call are equal to nothing, so loads of
     * what each made stay apart, even when the stores are alike; and a predicated let and a ψ are never congruent
     * to anything.
     */
    @Test
    void loadsByMemoryAndAddressStoresCallsGuardedLetsAndPsisNever() {
        assertRewrites("""
                fun f(p: i64, c: i32, m0: mem) -> (i32, i32, i32, i32, i32, mem) =
                  let q = add.i64 p 8:i64
                  let r = add.i64 p 8:i64
                  let x = load.i32 m0 q
                  let y = load.i32 m0 r
                  let m1 = store.i32 m0 q 1
                  let z = load.i32 m1 r
                  let m2 = store.i32 m1 q 1
                  let w = load.i32 m2 r
                  let v, m3 = call.i32 @g(x) m2
                  let u, m4 = call.i32 @g(x) m3
                  let c ? s = add.i32 x 1
                  let c ? t = add.i32 x 1
                  let e = add.i32 x 1
                  let h = psi.i32(c ? s, c ? e)
                  let k = psi.i32(c ? s, c ? e)
                  return (y, z, w, h, k, m4)
                """, """
                fun f(p: i64, c: i32, m0: mem) -> (i32, i32, i32, i32, i32, mem) =
                  let q = add.i64 p 8:i64
                  let x = load.i32 m0 q
                  let m1 = store.i32 m0 q 1
                  let z = load.i32 m1 q
                  let m2 = store.i32 m1 q 1
                  let w = load.i32 m2 q
                  let v, m3 = call.i32 @g(x) m2
                  let u, m4 = call.i32 @g(x) m3
                  let c ? s = add.i32 x 1
                  let c ? t = add.i32 x 1
                  let e = add.i32 x 1
                  let h = psi.i32(c ? s, c ? e)
                  let k = psi.i32(c ? s, c ? e)
                  return (x, z, w, h, k, m4)
                """);
    }

    /**
     * A φ has an operand per jump to its block, a switch's cases to one block counted apart: x and y receive equal
     * arguments on every jump, so y goes; z differs from them on the default's jump and stays. Two ⊥ are not known
     * to be one value: w and u, which receive one each on the default's jump, stay apart.
     */
    @Test
    void aPhiHasAnOperandPerJumpAndTwoUndefinedValuesAreNotEqual() {
        assertRewrites("""
                fun f(v: i32, a: i32, b: i32, m: mem) -> (i32, i32, i32, i32, i32, mem) =
                  letrec j(x: i32, y: i32, z: i32, w: i32, u: i32) =
                    return (x, y, z, w, u, m)
                  in switch v
                    case 0 -> j(a, a, a, a, a)
                    case 1 -> j(b, b, b, b, b)
                    default -> j(a, a, b, undef.i32, undef.i32)
                """, """
                fun f(v: i32, a: i32, b: i32, m: mem) -> (i32, i32, i32, i32, i32, mem) =
                  letrec j(x: i32, z: i32, w: i32, u: i32) =
                    return (x, x, z, w, u, m)
                  in switch v
                    case 0 -> j(a, a, a, a)
                    case 1 -> j(b, b, b, b)
                    default -> j(a, b, undef.i32, undef.i32)
                """);
    }

    /**
     * Congruent variables none of whose definitions dominates another's stay: x and y in the two arms of a branch,
     * z after their join, which neither arm dominates. Moving them is code motion (preqp), not §6.8.
     */
    @Test
    void congruentVariablesInTwoArmsStay() {
        String f = """
                fun f(a: i32, p: i32, m: mem) -> (i32, mem) =
                  letrec yes() =
                    let x = mul.i32 a 3
                    jump join(x)
                  and no() =
                    let y = mul.i32 a 3
                    jump join(y)
                  and join(r: i32) =
                    let z = mul.i32 a 3
                    let s = add.i32 r z
                    return (s, m)
                  in if p then yes() else no()
                """;
        Function input = IrParser.parseFunction("arms.ir", f);
        assertThat(SsaGraphCongruence.apply(input)).isSameAs(input);
    }

    /** 10^5 nested levels each computing a + 1: each is replaced by the outermost, without recursion. */
    @Test
    void aNestTenToTheFiveDeepIsRewrittenWithoutRecursion() {
        int depth = 100_000;
        Function deep = PassLaws.deepDiamonds(depth);
        Function output = SsaGraphCongruence.apply(deep);
        assertThat(Verifier.verify(output)).isEmpty();
        int lets = Nest.of(output).fold(0, (count, node, body) -> count + body.lets().size());
        assertThat(lets).isEqualTo(depth + 1); // one a + 1 and the depth's tests
        assertThat(SsaGraphCongruence.apply(output)).isSameAs(output);
    }

    /** The function's variables by name (hint), parameters and let-bound. */
    private static Map<String, Atom.Var> variables(Nest nest) {
        Map<String, Atom.Var> vars = HashMap.empty();
        for (int node = 0; node < nest.size(); node++) {
            for (Atom.Var p : nest.params(node)) {
                vars = vars.put(p.hint(), p);
            }
            for (Let let : nest.body(node).lets()) {
                for (Atom.Var v : let.vars()) {
                    vars = vars.put(v.hint(), v);
                }
            }
        }
        return vars;
    }
}
