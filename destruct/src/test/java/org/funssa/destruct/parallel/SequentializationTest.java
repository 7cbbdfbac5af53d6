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

    private static final Atom.Var T = new Atom.Var("t", Type.I32);

    @Test
    void everyParallelCopyOfUpToFourVariablesMatchesTheParallelSemantics() {
        int checked = 0;
        for (int n = 1; n <= 4; n++) {
            Vector<Atom.Var> vars = Vector.range(0, n).map(i -> new Atom.Var("v" + i, Type.I32));
            // choice per destination: 0..n-1 = that variable, n = a constant, n+1 = not a destination
            int choices = n + 2;
            int total = (int) Math.pow(choices, n);
            for (int code = 0; code < total; code++) {
                Vector<ParallelCopy.Move> moves = Vector.empty();
                int c = code;
                for (int d = 0; d < n; d++) {
                    int pick = c % choices;
                    c /= choices;
                    if (pick < n) {
                        moves = moves.append(new ParallelCopy.Move(vars.get(d), vars.get(pick)));
                    } else if (pick == n) {
                        moves = moves.append(new ParallelCopy.Move(vars.get(d), Atom.i32(100 + d)));
                    }
                }
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

    @Test
    void aSwapUsesTheTemporaryOnce() {
        Atom.Var x = new Atom.Var("x", Type.I32);
        Atom.Var y = new Atom.Var("y", Type.I32);
        Vector<ParallelCopy.Move> s = Sequentialization.sequentialize(ParallelCopy.of(Vector.of(x, y), Vector.of(y, x)),
                t -> T);
        assertThat(s).hasSize(3);
        assertThat(s.count(m -> m.destination().equals(T))).isEqualTo(1);
    }

    @Test
    void identitiesVanish() {
        Atom.Var x = new Atom.Var("x", Type.I32);
        assertThat(Sequentialization.sequentialize(ParallelCopy.of(Vector.of(x), Vector.of(x)), t -> T)).isEmpty();
    }

    private static Map<String, Integer> initial(Vector<Atom.Var> vars) {
        Map<String, Integer> state = new HashMap<>();
        for (int i = 0; i < vars.size(); i++) {
            state.put(vars.get(i).name(), i + 1);
        }
        state.put(T.name(), -1);
        return state;
    }

    private static int value(Atom a, Map<String, Integer> state) {
        return a instanceof Atom.Var v ? state.get(v.name()) : ((Atom.IntLit) a).value().intValue();
    }

    private static Map<String, Integer> parallel(Vector<ParallelCopy.Move> moves, Vector<Atom.Var> vars) {
        Map<String, Integer> before = initial(vars);
        Map<String, Integer> after = new HashMap<>(before);
        moves.forEach(m -> after.put(m.destination().name(), value(m.source(), before)));
        after.remove(T.name());
        return after;
    }

    private static Map<String, Integer> run(Vector<ParallelCopy.Move> sequence, Vector<Atom.Var> vars) {
        Map<String, Integer> state = initial(vars);
        sequence.forEach(m -> state.put(m.destination().name(), value(m.source(), state)));
        state.remove(T.name());
        return state;
    }

    /** Cycles of the move graph among variables (length ≥ 2): each needs the temporary once. */
    private static int cycles(Vector<ParallelCopy.Move> moves) {
        Map<String, String> pred = new HashMap<>();
        moves.filter(m -> !m.isIdentity() && m.source() instanceof Atom.Var)
                .forEach(m -> pred.put(m.destination().name(), ((Atom.Var) m.source()).name()));
        Set<String> seen = new HashSet<>();
        int cycles = 0;
        for (String start : pred.keySet()) {
            Set<String> path = new HashSet<>();
            String v = start;
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
