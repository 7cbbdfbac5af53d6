package org.funssa.psi.guard;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Let;
import org.funssa.cps.opt.Folding;
import org.funssa.cps.text.IrParser;
import org.funssa.psi.Predicates;
import org.funssa.psi.ppg.Partition;
import org.funssa.psi.ppg.PredicatePartitionGraph;
import org.junit.jupiter.api.Test;

/** The PPG of a function's guards answers the ψ transformations' queries, and never claims what is false. */
class GuardPartitionsTest {

    /** A branch on s whose then arm branches on t, a switch on v, and guards the PPG cannot or need not name. */
    private final Function f = IrParser.parseFunction("guards.ir", "fun f(s: i32, t: i32, v: i32) -> (i32) =\n"
            + NestedBranchGuards.LETS + """
              let v1 = tsteq.i32 v 1
              let v2 = tsteq.i32 v 2
              let v12 = bor.i32 v1 v2
              let other = tsteq.i32 v12 0
              let never = band.i32 pq np
              let x = psi.i32(p ? 0, np ? 1, pq ? 2, pnq ? 3, v1 ? 4, v2 ? 5, other ? 6, v12 ? 7, never ? 8, q ? 9)
              return (x)
            """);
    private final GuardPartitions partitions = GuardPartitions.of(f);

    private Atom.Var guard(String name) {
        return f.body().lets().map(l -> l.var(0)).find(v -> v.hint().equals(name)).get();
    }

    /** Seed 002's "p₁ = p₄ | p₅" for a nested branch: p is partitioned into p ∧ q and p ∧ ¬q, so it is their union. */
    @Test
    void aBranchNestedInAnArmPartitionsItsPredicate() {
        PredicatePartitionGraph ppg = partitions.graph();
        int p = partitions.predicateOf(guard("p")).get();
        Vector<Partition> ofP = ppg.partitionsOf(p);
        assertThat(ofP.map(ppg::describe)).containsExactly("ps = ps&q | ps&!q");
        assertThat(ofP.head().parts().toArray()).containsExactlyInAnyOrder(
                partitions.predicateOf(guard("pq")).get(), partitions.predicateOf(guard("pnq")).get());
        assertThat(partitions.coveredBy(guard("p"), Vector.of(guard("pq"), guard("pnq")))).isTrue();
        assertThat(partitions.coveredBy(guard("p"), Vector.of(guard("pq")))).isFalse();
        assertThat(partitions.exhaustive(Vector.of(guard("pq"), guard("pnq"), guard("np")))).isTrue();
        assertThat(partitions.exhaustive(Vector.of(guard("pq"), guard("np")))).isFalse();
    }

    @Test
    void inclusionAndDisjointnessFollowThePartitions() {
        assertThat(partitions.implies(guard("pq"), guard("p"))).isTrue();
        assertThat(partitions.implies(guard("p"), guard("pq"))).isFalse();
        assertThat(partitions.disjoint(guard("pq"), guard("np"))).isTrue();  // np is a sibling of pq's ancestor
        assertThat(partitions.disjoint(guard("pq"), guard("pnq"))).isTrue();
        assertThat(partitions.disjoint(guard("p"), guard("q"))).isFalse();
        assertThat(partitions.implies(guard("pq"), guard("q"))).isFalse(); // q at the root is another test of t
    }

    /** The cases of a switch are one chain of tests: v = 2 is "v ≠ 1, then v = 2", "no case" is "v ≠ 1, v ≠ 2". */
    @Test
    void theCasesOfASwitchExcludeEachOther() {
        assertThat(partitions.disjoint(guard("v1"), guard("v2"))).isTrue();
        assertThat(partitions.disjoint(guard("v2"), guard("other"))).isTrue();
        assertThat(partitions.exhaustive(Vector.of(guard("v1"), guard("v2"), guard("other")))).isTrue();
        assertThat(partitions.disjoint(guard("v1"), guard("p"))).isFalse();
    }

    /**
     * A switch on v with the cases 0 and 1 (v = 0 is read as v's truth failing, so v ≠ 0 ∧ v ≠ 1 tests v twice and
     * chains its cases), and two independent branches on w = 20 and w = 21, which stay tests of their own.
     */
    @Test
    void aSwitchChainsItsCasesAndIndependentComparesStayApart() {
        Function g = IrParser.parseFunction("cases.ir", """
                fun g(v: i32, w: i32) -> (i32) =
                  let v0 = tsteq.i32 v 0
                  let v1 = tsteq.i32 v 1
                  let any = bor.i32 v0 v1
                  let other = tsteq.i32 any 0
                  let a = tsteq.i32 w 20
                  let na = tsteq.i32 a 0
                  let b = tsteq.i32 w 21
                  let nb = tsteq.i32 b 0
                  let x = psi.i32(v0 ? 1, v1 ? 2, other ? 3, a ? 4, na ? 5, b ? 6, nb ? 7)
                  return (x)
                """);
        GuardPartitions cases = GuardPartitions.of(g);
        Vector<Atom.Var> guards = g.body().lets().init().map(l -> l.var(0));
        Atom.Var v0 = guards.get(0);
        Atom.Var v1 = guards.get(1);
        Atom.Var other = guards.get(3);
        assertThat(cases.exhaustive(Vector.of(v0, v1, other))).isTrue();
        assertThat(cases.disjoint(v0, v1) && cases.disjoint(v1, other) && cases.disjoint(v0, other)).isTrue();
        assertThat(cases.exhaustive(Vector.of(guards.get(6), guards.get(7)))).isTrue();  // b, ¬b
        assertThat(cases.exhaustive(Vector.of(guards.get(4), guards.get(5)))).isTrue();  // a, ¬a
        assertThat(cases.disjoint(guards.get(4), guards.get(6))).isFalse(); // true, but two independent tests
    }

    @Test
    void aGuardThatNeverHoldsImpliesEverythingAndADisjunctionHasNoPredicate() {
        assertThat(partitions.predicateOf(guard("never"))).isEmpty();
        assertThat(partitions.implies(guard("never"), guard("v1"))).isTrue();
        assertThat(partitions.disjoint(guard("never"), guard("p"))).isTrue();
        assertThat(partitions.predicateOf(guard("v12"))).isEmpty();
        assertThat(partitions.implies(guard("v1"), guard("v12"))).isFalse(); // true, but no PPG predicate says it
        assertThat(partitions.predicateOf(Atom.i32(1))).contains(partitions.graph().root());
    }

    /**
     * On random guards over three conditions and a switch value, every inclusion, disjointness, covering and
     * exhaustiveness the PPG claims holds under every value of the parameters, evaluated let by let.
     */
    @Test
    void everyClaimHoldsUnderEveryValueOfTheConditions() {
        int claims = 0;
        for (int seed = 1; seed <= 300; seed++) {
            Random random = new Random(seed);
            Function g = IrParser.parseFunction("random.ir", randomGuards(random));
            GuardPartitions answers = GuardPartitions.of(g);
            Vector<Atom.Var> guards = g.body().lets().init().map(l -> l.var(0));
            boolean[][] truth = truthTable(g);
            for (int i = 0; i < guards.size(); i++) {
                for (int j = 0; j < guards.size(); j++) {
                    Atom.Var p = guards.get(i);
                    Atom.Var q = guards.get(j);
                    Atom.Var r = guards.get(random.nextInt(guards.size()));
                    String where = "seed " + seed + ", guards " + p.hint() + ", " + q.hint() + ", " + r.hint();
                    if (answers.implies(p, q)) {
                        claims++;
                        assertThat(holds(truth, i, j, -1, (a, b, c) -> !a || b)).as("implies, " + where).isTrue();
                    }
                    if (answers.disjoint(p, q)) {
                        claims++;
                        assertThat(holds(truth, i, j, -1, (a, b, c) -> !(a && b))).as("disjoint, " + where).isTrue();
                    }
                    int k = guards.indexOf(r);
                    if (answers.coveredBy(p, Vector.of(q, r))) {
                        claims++;
                        assertThat(holds(truth, i, j, k, (a, b, c) -> !a || b || c)).as("covered, " + where).isTrue();
                    }
                    if (answers.exhaustive(Vector.of(p, q, r))) {
                        claims++;
                        assertThat(holds(truth, i, j, k, (a, b, c) -> a || b || c)).as("exhaustive, " + where).isTrue();
                    }
                }
            }
        }
        assertThat(claims).as("claims made").isGreaterThan(5_000);
    }

    @FunctionalInterface
    private interface Condition {
        boolean holds(boolean a, boolean b, boolean c);
    }

    private static boolean holds(boolean[][] truth, int i, int j, int k, Condition condition) {
        for (boolean[] row : truth) {
            if (!condition.holds(row[i], row[j], k >= 0 && row[k])) {
                return false;
            }
        }
        return true;
    }

    private static final int[] VALUES = {-1, 0, 1, 2, 3};

    /** Each row: the truth of every guard let (all lets but the ψ) for one value of each of c0, c1, c2, v. */
    private static boolean[][] truthTable(Function g) {
        int rows = VALUES.length * VALUES.length * VALUES.length * VALUES.length;
        Vector<Let> lets = g.body().lets().init();
        boolean[][] truth = new boolean[rows][lets.size()];
        for (int row = 0; row < rows; row++) {
            Map<Atom, Atom> value = new HashMap<>();
            int digits = row;
            for (Atom.Var param : g.params()) {
                value.put(param, Atom.i32(VALUES[digits % VALUES.length]));
                digits /= VALUES.length;
            }
            for (int i = 0; i < lets.size(); i++) {
                Expr.Prim prim = (Expr.Prim) lets.get(i).expr();
                Vector<Atom> operands = prim.operands().map(a -> value.getOrDefault(a, a));
                Atom result = Folding.evaluate(prim.op(), prim.type(), operands).get();
                value.put(lets.get(i).var(0), result);
                truth[row][i] = Predicates.isTrue(result);
            }
        }
        return truth;
    }

    /** Up to 14 guard lets built as if-conversion and ψ-inlining build them, and a few it does not, in one ψ. */
    private static String randomGuards(Random random) {
        StringBuilder text = new StringBuilder("fun f(c0: i32, c1: i32, c2: i32, v: i32) -> (i32) =\n");
        Vector<String> guards = Vector.empty();
        int count = 4 + random.nextInt(11);
        for (int n = 0; n < count; n++) {
            String a = guards.isEmpty() ? "" : guards.get(random.nextInt(guards.size()));
            String b = guards.isEmpty() ? "" : guards.get(random.nextInt(guards.size()));
            String c = "c" + random.nextInt(3);
            String expr = switch (guards.isEmpty() ? random.nextInt(4) : random.nextInt(12)) {
                case 0 -> "tstne.i32 " + c + " 0";
                case 1 -> "tstlts.i32 " + c + " 1";
                case 2 -> "tsteq.i32 v " + (1 + random.nextInt(3));
                case 3 -> "tstgts.i32 " + random.nextInt(3) + " 1";
                case 4, 5 -> "band.i32 " + a + " " + b;
                case 6 -> "bor.i32 " + a + " " + b;
                case 7 -> "tsteq.i32 " + a + " 0";
                case 8 -> "bxor.i32 " + a + " 1";
                case 9 -> "band.i32 " + a + " " + c;
                default -> "tsteq.i32 v " + (1 + random.nextInt(3));
            };
            String name = "g" + n;
            text.append("  let ").append(name).append(" = ").append(expr).append('\n');
            guards = guards.append(name);
        }
        text.append("  let x = psi.i32(").append(guards.zipWithIndex().map(t -> t._1 + " ? " + t._2).mkString(", "))
                .append(")\n  return (x)\n");
        return text.toString();
    }
}
