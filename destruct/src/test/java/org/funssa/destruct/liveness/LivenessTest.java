package org.funssa.destruct.liveness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.funssa.core.graph.IntList;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.liveness.LiveSet;
import org.funssa.cps.liveness.Liveness;
import org.funssa.cps.liveness.Occurrences;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Type;
import org.funssa.cps.text.VarNames;
import org.funssa.destruct.Examples;
import org.funssa.cps.rewrite.Nest;
import org.junit.jupiter.api.Test;

class LivenessTest {

    /** The blocks of one function of a resource, numbered as the destruction methods number them. */
    private record Blocks(Nest nest) {

        static Blocks of(Function f) {
            return new Blocks(Nest.of(f));
        }

        List<Body> bodies() {
            return nest.bodies();
        }

        Liveness liveness() {
            return Liveness.of(nest.bodies(), nest, nest.params());
        }
    }

    /** The names of a set's variables: their hints, which are the names the parser read. */
    private static TreeSet<String> names(LiveSet set) {
        TreeSet<String> names = new TreeSet<>();
        set.forEach(v -> names.add(v.hint()));
        assertThat(set.size()).isEqualTo(names.size());
        return names;
    }

    /**
     * The lost copy (seed 004 Figure 5.2): block2's argument x2 is live out of block2 and not into it, its
     * parameter x1 is live into it and into block3 but not out of the entry, which passes x0 instead.
     */
    @Test
    void jumpArgumentsAreLiveOutAndParametersLiveInOnlyWhereTheyAreDefined() {
        Function lost = Examples.program("seed004-ch5.ir").functions().find(f -> f.name().equals("lost")).get();
        Blocks blocks = Blocks.of(lost);
        Liveness live = blocks.liveness();
        int entry = 0;
        int block2 = blocks.nest().node(new Label("block2"));
        int block3 = blocks.nest().node(new Label("block3"));
        assertThat(names(live.in(entry))).containsExactly("m0", "n");
        assertThat(names(live.out(entry))).containsExactly("m0", "n", "x0");
        assertThat(names(live.in(block2))).containsExactly("m0", "n", "x1");
        assertThat(names(live.out(block2))).containsExactly("m0", "n", "x1", "x2");
        assertThat(names(live.in(block3))).containsExactly("m0", "x1");
        assertThat(names(live.out(block3))).isEmpty();
    }

    /**
     * The interference graph numbers the variables it is given by liveness number in the order they come, and
     * maps liveness numbers and vertices both ways, the same as asking by name; a variable numbered later joins.
     */
    @Test
    void theGraphMapsLivenessNumbersToItsVertices() {
        Function lost = Examples.program("seed004-ch5.ir").functions().find(f -> f.name().equals("lost")).get();
        Blocks blocks = Blocks.of(lost);
        Liveness live = blocks.liveness();
        IntList among = new IntList();
        VarNames names = VarNames.of(lost);
        for (String v : List.of("x1", "x2", "x1", "m0")) {
            among.add(live.numberOrMinus(names.variable(v).get()));
        }
        Interference g = Interference.of(blocks.bodies(), live, among);
        assertThat(g.size()).isEqualTo(3);
        assertThat(g.variable(1).hint()).isEqualTo("x2");
        for (int l = 0; l < live.variableCount(); l++) {
            int v = g.vertexOfLive(l);
            if (live.isNumbered(l)) {
                assertThat(v).as(live.variable(l).toString()).isEqualTo(g.numberOrMinus(live.variable(l)));
            }
            if (v >= 0) {
                assertThat(g.liveOf(v)).isEqualTo(l);
            }
        }
        Atom.Var n = names.variable("n").get();
        assertThat(g.vertexOfLive(live.numberOrMinus(n))).isEqualTo(-1);
        assertThat(g.vertexOfLive(live.variableCount())).isEqualTo(-1);

        Atom.Var x11 = new Atom.Var(lost.varCount(), "x1_1", Type.I32);
        int copy = live.number(x11);
        int vertex = g.includeLive(copy);
        assertThat(vertex).isEqualTo(3);
        assertThat(g.includeLive(copy)).isEqualTo(3);
        assertThat(g.vertexOfLive(copy)).isEqualTo(3);
        assertThat(g.liveOf(3)).isEqualTo(copy);
        assertThat(g.numberOrMinus(x11)).isEqualTo(3);
        assertThat(g.number(n)).as("a variable asked for joins with its liveness number").isEqualTo(4);
        assertThat(g.vertexOfLive(live.numberOrMinus(n))).isEqualTo(4);
        assertThat(g.liveOf(4)).isEqualTo(live.numberOrMinus(n));

        Interference byName = Interference.over(List.of(new Atom.Var(0, "a", Type.I32)));
        assertThat(byName.liveOf(0)).isEqualTo(-1);
        assertThatThrownBy(() -> byName.includeLive(0)).isInstanceOf(IllegalStateException.class);
        IntList unknown = new IntList();
        unknown.add(live.variableCount() + 5);
        assertThatThrownBy(() -> Interference.of(blocks.bodies(), live, unknown))
                .hasMessageContaining("no liveness number");
    }

    /** A set changes as Sreedhar's method changes it, including with a variable the blocks never named. */
    @Test
    void aSetTakesNewVariablesAndForgetsOldOnes() {
        Function lost = Examples.program("seed004-ch5.ir").functions().find(f -> f.name().equals("lost")).get();
        Blocks blocks = Blocks.of(lost);
        Liveness live = blocks.liveness();
        int block2 = blocks.nest().node(new Label("block2"));
        LiveSet out = live.out(block2);
        VarNames names = VarNames.of(lost);
        int numbered = live.variableCount();
        Atom.Var x2var = names.variable("x2").get();
        int x2 = live.numberOrMinus(x2var);
        out.remove(x2);
        Atom.Var fresh = new Atom.Var(lost.varCount(), "x2_", Type.I32);
        int copy = live.number(fresh);
        assertThat(live.number(fresh)).isEqualTo(copy);
        out.add(copy);
        out.remove(live.numberOrMinus(names.variable("x0").get())); // not in the set
        assertThat(live.variableCount()).isEqualTo(numbered + 1);
        assertThat(copy).isEqualTo(numbered);
        assertThat(live.variable(numbered)).isEqualTo(fresh);
        assertThat(out.contains(fresh)).isTrue();
        assertThat(out.contains(x2var)).isFalse();
        assertThat(out.contains(new Atom.Var(lost.varCount() + 7, "never", Type.I32))).isFalse();
        assertThat(out.anyNumber(n -> live.variable(n).hint().startsWith("x2"))).isTrue();
        assertThat(out.anyNumber(n -> n == x2)).isFalse();
        assertThat(names(out)).containsExactly("m0", "n", "x1", "x2_");
        assertThat(names(live.in(block2))).as("the other sets are untouched").containsExactly("m0", "n", "x1");
    }

    /** The names at positions {@code from} (inclusive) to {@code to} (exclusive) of the occurrences. */
    private static List<String> between(Liveness live, int from, int to) {
        List<String> names = new ArrayList<>();
        for (int k = from; k < to; k++) {
            names.add(live.variable(live.occurrences().number(k)).hint());
        }
        return names;
    }

    /**
     * Every variable occurrence of the lost-copy function is written down, block by block, in the order the
     * parameters, each let's operands and variables, the tail's operands and the jump arguments come.
     */
    @Test
    void occurrencesAreWrittenDownInWalkOrder() {
        Function lost = Examples.program("seed004-ch5.ir").functions().find(f -> f.name().equals("lost")).get();
        Blocks blocks = Blocks.of(lost);
        Liveness live = blocks.liveness();
        Occurrences o = live.occurrences();
        int entry = 0;
        int block2 = blocks.nest().node(new Label("block2"));
        int block3 = blocks.nest().node(new Label("block3"));
        assertThat(o.blocks()).isEqualTo(3);
        assertThat(between(live, o.paramsFrom(entry), o.paramsTo(entry))).containsExactly("n", "m0");
        assertThat(between(live, o.operandsFrom(entry, 0), o.varsFrom(entry, 0))).isEmpty();
        assertThat(between(live, o.varsFrom(entry, 0), o.varsTo(entry, 0))).containsExactly("x0");
        assertThat(between(live, o.tailFrom(entry), o.tailTo(entry))).isEmpty();
        assertThat(between(live, o.tailTo(entry), o.exitTo(entry))).containsExactly("x0");

        assertThat(between(live, o.paramsFrom(block2), o.paramsTo(block2))).containsExactly("x1");
        assertThat(between(live, o.operandsFrom(block2, 0), o.varsFrom(block2, 0))).containsExactly("x1");
        assertThat(between(live, o.varsFrom(block2, 0), o.varsTo(block2, 0))).containsExactly("x2");
        assertThat(between(live, o.operandsFrom(block2, 1), o.varsFrom(block2, 1))).containsExactly("x2", "n");
        assertThat(between(live, o.varsFrom(block2, 1), o.varsTo(block2, 1))).containsExactly("c");
        assertThat(between(live, o.tailFrom(block2), o.tailTo(block2))).containsExactly("c");
        assertThat(between(live, o.tailTo(block2), o.exitTo(block2))).containsExactly("x2");

        assertThat(between(live, o.paramsFrom(block3), o.paramsTo(block3))).isEmpty();
        assertThat(between(live, o.tailFrom(block3), o.tailTo(block3))).containsExactly("x1", "m0");
        assertThat(o.exitTo(block3)).isEqualTo(o.tailTo(block3));
    }
}
