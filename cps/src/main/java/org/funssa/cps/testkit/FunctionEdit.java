package org.funssa.cps.testkit;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.util.ArrayDeque;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.ir.Type;
import org.funssa.cps.rewrite.Nest;

/**
 * Whole-function edits for the {@link Reducer}, on the rewrite kit's {@link Nest}: the bodies of a function in
 * preorder, every body rebuilt bottom-up, atoms and jumps substituted. Names are unique in a function (the
 * verifier's rule), so a substitution over the whole function is capture-free.
 */
final class FunctionEdit {

    private FunctionEdit() {}

    /** The bodies of the function in preorder: the function's own body is 0. */
    static Vector<Body> bodies(Function f) {
        Nest nest = Nest.of(f);
        return Vector.range(0, nest.size()).map(nest::body);
    }

    /**
     * The function with every body replaced by {@code edit(preorder number, body)}, where the body passed
     * already has its local functions rebuilt.
     */
    static Function mapBodies(Function f, BiFunction<Integer, Body, Body> edit) {
        return Nest.of(f).rewrite(edit::apply);
    }

    /** Every atom of the function's lets and tails replaced by {@code atoms}, every jump by {@code jumps}. */
    static Function substitute(Function f, UnaryOperator<Atom> atoms, UnaryOperator<Tail.Jump> jumps) {
        return mapBodies(f, (id, b) -> substitute(b, atoms, jumps));
    }

    /** The body's lets and tail with {@code atoms} and {@code jumps} substituted; its local functions as they are. */
    static Body substitute(Body b, UnaryOperator<Atom> atoms, UnaryOperator<Tail.Jump> jumps) {
        return b.with(b.lets().map(l -> l.mapAtoms(atoms)), b.functions(), b.tail().mapAtoms(atoms).mapJumps(jumps));
    }

    /**
     * The function without the local functions that no chain of jumps from its body's tail reaches
     * (unreachable loops included).
     */
    static Function pruneUnreachable(Function f) {
        Nest nest = Nest.of(f);
        boolean[] reached = new boolean[nest.size()];
        ArrayDeque<Integer> work = new ArrayDeque<>();
        work.push(Nest.ROOT);
        reached[Nest.ROOT] = true;
        int count = 1;
        while (!work.isEmpty()) {
            int node = work.pop();
            for (int k = 0; k < nest.jumpCount(node); k++) {
                int target = nest.target(node, k);
                if (target >= 0 && !reached[target]) {
                    reached[target] = true;
                    count++;
                    work.push(target);
                }
            }
        }
        if (count == nest.size()) {
            return f;
        }
        java.util.Set<Label> kept = new java.util.HashSet<>();
        for (int node = 1; node < nest.size(); node++) {
            if (reached[node]) {
                kept.add(nest.fn(node).label());
            }
        }
        return nest.rewrite((n, b) -> b.withFunctions(b.functions().filter(fn -> kept.contains(fn.label()))));
    }

    /** The simplest constant of a data type (0, 0.0, or ⊥ for an aggregate); none for the memory type. */
    static Option<Atom> zero(Type type) {
        return switch (type) {
            case Type.Mem m -> Option.none();
            case Type.Data d when d.isInteger() -> Option.of(Atom.IntLit.of(d, 0));
            case Type.Data d when d.isFloat() -> Option.of(new Atom.FloatLit(d, 0.0));
            case Type.Data d -> Option.of(new Atom.Undef(d));
        };
    }
}
