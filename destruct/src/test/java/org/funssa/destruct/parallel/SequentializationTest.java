package org.funssa.destruct.parallel;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Type;
import org.junit.jupiter.api.Test;

/**
 * Every parallel copy over up to four variables (each destination receives a variable, a constant, or is
 * left out; sources may repeat) is sequentialized and run, and must leave every variable as the parallel
 * semantics does, with one copy per non-identity move plus at most one per cycle (none when a copy out of
 * the cycle already saves a value).
 */
class SequentializationTest {

    private static final Atom.Var T = new Atom.Var(1000, "t", Type.I32);

    @Test
    void everyParallelCopyOfUpToFourVariablesMatchesTheParallelSemantics() {
        int checked = 0;
        for (int n = 1; n <= 4; n++) {
            Vector<Atom.Var> vars = Vector.range(0, n).map(i -> new Atom.Var(i, "v" + i, Type.I32));
            for (Vector<ParallelCopy.Move> moves : copies(vars, vars)) {
                ParallelCopy copy = new ParallelCopy(moves);
                Vector<ParallelCopy.Move> sequence = Sequentialization.sequentialize(copy, t -> T);
                assertThat(run(sequence, vars)).as("%s as %s", moves, sequence).isEqualTo(parallel(moves, vars));
                int needed = moves.count(m -> !m.isIdentity());
                assertThat(sequence.size()).as("copies of %s", moves).isBetween(needed, needed + cycles(moves));
                assertThat(sequence.count(m -> m.destination().equals(T))).as("temporaries in %s", sequence)
                        .isLessThanOrEqualTo(cycles(moves));
                checked++;
            }
        }
        assertThat(checked).isEqualTo(3 + 16 + 125 + 1296);
    }

    /**
     * The direct schedule for copies that overwrite no source is Algorithm 1's own, move for move: every copy
     * of up to four destinations whose sources are those destinations, three other variables (so that one
     * value fans out to several destinations) or a constant.
     */
    @Test
    void theDirectScheduleIsAlgorithm1sSchedule() {
        Vector<Atom.Var> outside = Vector.range(0, 3).map(i -> new Atom.Var(500 + i, "w" + i, Type.I32));
        int direct = 0;
        for (int n = 1; n <= 4; n++) {
            Vector<Atom.Var> vars = Vector.range(0, n).map(i -> new Atom.Var(i, "v" + i, Type.I32));
            for (Vector<ParallelCopy.Move> moves : copies(vars, vars.appendAll(outside))) {
                ParallelCopy copy = new ParallelCopy(moves);
                Vector<ParallelCopy.Move> algorithm1 = Sequentialization.algorithm1(copy, t -> T);
                assertThat(Sequentialization.sequentialize(copy, t -> T)).as("%s", moves).isEqualTo(algorithm1);
                if (moves.forAll(w -> w.isIdentity() || moves.forAll(r -> r.isIdentity()
                        || !r.source().equals(w.destination())))) {
                    direct++;
                }
            }
        }
        assertThat(direct).as("copies the direct schedule takes").isGreaterThan(1000);
    }

    /**
     * Every parallel copy onto some of {@code destinations}: each destination receives one of {@code sources},
     * a constant, or is left out.
     */
    private static Vector<Vector<ParallelCopy.Move>> copies(Vector<Atom.Var> destinations, Vector<Atom.Var> sources) {
        int choices = sources.size() + 2;
        int total = (int) Math.pow(choices, destinations.size());
        Vector<Vector<ParallelCopy.Move>> all = Vector.empty();
        for (int code = 0; code < total; code++) {
            Vector<ParallelCopy.Move> moves = Vector.empty();
            int c = code;
            for (int d = 0; d < destinations.size(); d++) {
                int pick = c % choices;
                c /= choices;
                if (pick < sources.size()) {
                    moves = moves.append(new ParallelCopy.Move(destinations.get(d), sources.get(pick)));
                } else if (pick == sources.size()) {
                    moves = moves.append(new ParallelCopy.Move(destinations.get(d), Atom.i32(100 + d)));
                }
            }
            all = all.append(moves);
        }
        return all;
    }

    @Test
    void aSwapUsesTheTemporaryOnce() {
        Atom.Var x = new Atom.Var(0, "x", Type.I32);
        Atom.Var y = new Atom.Var(1, "y", Type.I32);
        Vector<ParallelCopy.Move> s = Sequentialization.sequentialize(ParallelCopy.of(Vector.of(x, y), Vector.of(y, x)),
                t -> T);
        assertThat(s).hasSize(3);
        assertThat(s.count(m -> m.destination().equals(T))).isEqualTo(1);
    }

    @Test
    void identitiesVanish() {
        Atom.Var x = new Atom.Var(0, "x", Type.I32);
        assertThat(Sequentialization.sequentialize(ParallelCopy.of(Vector.of(x), Vector.of(x)), t -> T)).isEmpty();
    }

    private static Map<Atom.Var, Integer> initial(Vector<Atom.Var> vars) {
        Map<Atom.Var, Integer> state = new HashMap<>();
        for (int i = 0; i < vars.size(); i++) {
            state.put(vars.get(i), i + 1);
        }
        state.put(T, -1);
        return state;
    }

    private static int value(Atom a, Map<Atom.Var, Integer> state) {
        return a instanceof Atom.Var v ? state.get(v) : ((Atom.IntLit) a).value().intValue();
    }

    private static Map<Atom.Var, Integer> parallel(Vector<ParallelCopy.Move> moves, Vector<Atom.Var> vars) {
        Map<Atom.Var, Integer> before = initial(vars);
        Map<Atom.Var, Integer> after = new HashMap<>(before);
        moves.forEach(m -> after.put(m.destination(), value(m.source(), before)));
        after.remove(T);
        return after;
    }

    private static Map<Atom.Var, Integer> run(Vector<ParallelCopy.Move> sequence, Vector<Atom.Var> vars) {
        Map<Atom.Var, Integer> state = initial(vars);
        sequence.forEach(m -> state.put(m.destination(), value(m.source(), state)));
        state.remove(T);
        return state;
    }

    /** Cycles of the move graph among variables (length ≥ 2): each needs the temporary once. */
    private static int cycles(Vector<ParallelCopy.Move> moves) {
        Map<Atom.Var, Atom.Var> pred = new HashMap<>();
        moves.filter(m -> !m.isIdentity() && m.source() instanceof Atom.Var)
                .forEach(m -> pred.put(m.destination(), ((Atom.Var) m.source())));
        Set<Atom.Var> seen = new HashSet<>();
        int cycles = 0;
        for (Atom.Var start : pred.keySet()) {
            Set<Atom.Var> path = new HashSet<>();
            Atom.Var v = start;
            while (v != null && !seen.contains(v) && path.add(v)) {
                v = pred.get(v);
            }
            if (v != null && path.contains(v)) {
                cycles++;
            }
            seen.addAll(path);
        }
        return cycles;
    }
}
