package org.funssa.destruct.liveness;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Type;
import org.junit.jupiter.api.Test;

class InterferenceTest {

    /** Variable {@code name}, numbered by its letter. */
    private static Atom.Var v(String name) {
        return new Atom.Var(name.charAt(0) - 'a', name, Type.I32);
    }

    @Test
    void verticesAreNumberedInOrderAndNewOnesAfter() {
        Interference g = Interference.over(List.of(v("a"), v("b")));
        assertThat(g.number(v("c"))).isEqualTo(2);
        assertThat(g.numberOrMinus(v("b"))).isEqualTo(1);
        assertThat(g.numberOrMinus(v("z"))).isEqualTo(-1);
        assertThat(g.variable(2)).isEqualTo(v("c"));
        assertThat(g.size()).isEqualTo(3);
    }

    @Test
    void edgesAreSymmetricAndIgnoreLoopsAndOutsiders() {
        Interference g = Interference.over(List.of(v("a"), v("b"), v("c")));
        g.add(0, 1);
        g.add(2, 2);
        g.add(-1, 2);
        assertThat(g.adjacent(1, 0)).isTrue();
        assertThat(g.adjacent(0, 2)).isFalse();
        assertThat(g.adjacent(2, 2)).isFalse();
    }

    /** a–c, b–d, b–c: contracting a and b gives one vertex adjacent to c and d, and nothing to the other. */
    @Test
    void contractionKeepsTheVertexWithMoreNeighboursAndTheEdgesOfBoth() {
        Interference g = Interference.over(List.of(v("a"), v("b"), v("c"), v("d")));
        g.add(0, 2);
        g.add(1, 3);
        g.add(1, 2);
        int kept = g.contract(0, 1);
        int gone = 0;
        assertThat(kept).isEqualTo(1);
        assertThat(g.adjacent(kept, 2)).isTrue();
        assertThat(g.adjacent(kept, 3)).isTrue();
        assertThat(g.adjacent(gone, 2)).isFalse();
        assertThat(g.adjacent(2, gone)).isFalse();
        assertThat(g.contract(kept, 2)).isEqualTo(kept);
        assertThat(g.adjacent(kept, 3)).isTrue();
        assertThat(g.adjacent(kept, 2)).as("an edge inside a class is gone").isFalse();
    }
}
