package org.funssa.psi;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Function;
import org.funssa.cps.text.IrParser;
import org.junit.jupiter.api.Test;

/** The guard algebra decides inclusion, disjointness and unions of branch and switch predicates. */
class GuardAlgebraTest {

    private final Function f = IrParser.parseFunction("guards.ir", """
            fun f(c: i32, d: i32, v: i32) -> (i32) =
              let p = tstne.i32 c 0
              let np = tsteq.i32 p 0
              let q = tstlts.i32 d 5
              let pq = band.i32 p q
              let p_or_q = bor.i32 p q
              let v1 = tsteq.i32 v 1
              let v2 = tsteq.i32 v 2
              let wide = add.i32 c 2
              return (0)
            """);
    private final GuardAlgebra algebra = GuardAlgebra.of(f);

    private Atom.Var guard(int let) {
        return f.body().lets().get(let).var(0);
    }

    @Test
    void branchPredicates() {
        Atom.Var p = guard(0);
        Atom.Var np = guard(1);
        Atom.Var q = guard(2);
        Atom.Var pq = guard(3);
        Atom.Var pOrQ = guard(4);
        assertThat(algebra.disjoint(p, np)).isTrue();
        assertThat(algebra.disjoint(p, q)).isFalse();
        assertThat(algebra.implies(pq, p)).isTrue();
        assertThat(algebra.implies(p, pq)).isFalse();
        assertThat(algebra.implies(p, pOrQ)).isTrue();
        assertThat(algebra.coveredBy(p, Vector.of(pq, np))).isFalse();
        assertThat(algebra.coveredBy(p, Vector.of(pq, q, np, pOrQ))).isTrue();
        assertThat(algebra.exhaustive(Vector.of(p, np))).isTrue();
        assertThat(algebra.exhaustive(Vector.of(p, q))).isFalse();
    }

    @Test
    void theCasesOfOneSwitchAreDisjoint() {
        assertThat(algebra.disjoint(guard(5), guard(6))).isTrue();
        assertThat(algebra.disjoint(guard(5), guard(0))).isFalse();
    }

    @Test
    void onlyZeroOrOneValuesCombine() {
        assertThat(algebra.isBoolean(guard(3))).isTrue();
        assertThat(algebra.isBoolean(guard(7))).isFalse();
        // c + 2 is a leaf: nothing is claimed about it but what holds of any condition
        assertThat(algebra.implies(guard(7), guard(7))).isTrue();
        assertThat(algebra.disjoint(guard(7), guard(0))).isFalse();
    }
}
