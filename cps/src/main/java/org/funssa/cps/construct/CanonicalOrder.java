package org.funssa.cps.construct;

import io.vavr.collection.Vector;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Program;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.rewrite.Nest;

/*
 * Seed 003 §6.2 states that λ-dropping yields pruned SSA: the same φs at the same blocks as Cytron et
 * al.'s pruned placement (seed 004 §4.1.2). A φ is identified by its block and the register it merges,
 * not by its position, and the two constructions list a block's parameters in different orders (the
 * lifted form lists the live-in registers, Cytron's renaming the φs as placed). This puts both in one
 * order so that the statement can be checked as α-equivalence (org.funssa.cps.alpha.Alpha).
 */

/**
 * Orders what SSA construction leaves arbitrary: the parameters of every local function by the register they
 * stand for (a variable's hint is the register it is a version of, as construction makes it),
 * with the arguments of every jump permuted to match, and sibling local functions by label. The meaning of
 * the program is unchanged. The function's own parameters (the LIR {@code PROLOGUE}'s) keep their order.
 *
 * <pre>{@code
 * Alpha.equivalent(CanonicalOrder.PASS.apply(dropped), CanonicalOrder.PASS.apply(pruned))
 * }</pre>
 */
public final class CanonicalOrder {

    /** {@link #of(Program)} as a pass, named {@code canonical-order}. */
    public static final Pass PASS = Pass.of("canonical-order", CanonicalOrder::of);

    /** Parameters by the register they stand for (their hint), then by number; labels by name. */
    private static final Comparator<Atom.Var> BY_REGISTER = Comparator.comparing(Atom.Var::hint)
            .thenComparingInt(Atom.Var::id);

    private CanonicalOrder() {}

    /** Every function of the program in canonical order. */
    public static Program of(Program program) {
        return program.mapFunctions(CanonicalOrder::of);
    }

    /**
     * The function with each local function's parameters sorted by register (then by name), every jump's
     * arguments permuted the same way, and each body's local functions sorted by label.
     */
    public static Function of(Function f) {
        Nest nest = Nest.of(f);
        Map<Label, int[]> orders = new HashMap<>();
        for (int node = 1; node < nest.size(); node++) {
            Vector<Atom.Var> params = nest.fn(node).params();
            Integer[] order = new Integer[params.size()];
            for (int i = 0; i < order.length; i++) {
                order[i] = i;
            }
            Arrays.sort(order, Comparator.comparing(params::get, BY_REGISTER));
            orders.put(nest.fn(node).label(), Arrays.stream(order).mapToInt(Integer::intValue).toArray());
        }
        return nest.rewrite(
                (node, body) -> body.with(body.lets(), byLabel(body.functions()),
                        body.tail().mapJumps(j -> jump(j, orders))),
                (node, fn) -> fn.withParams(permute(fn.params(), orders.get(fn.label()))));
    }

    /** The local functions sorted by label; the same vector when they already are. */
    private static Vector<Fn> byLabel(Vector<Fn> functions) {
        for (int i = 1; i < functions.size(); i++) {
            if (functions.get(i - 1).label().name().compareTo(functions.get(i).label().name()) > 0) {
                return functions.sortBy(fn -> fn.label().name());
            }
        }
        return functions;
    }

    /** A jump to a local function with its arguments in the target's new order; other jumps as they are. */
    private static Tail.Jump jump(Tail.Jump j, Map<Label, int[]> orders) {
        int[] order = orders.get(j.target());
        return order == null || order.length != j.args().size() ? j : j.withArgs(permute(j.args(), order));
    }

    /** The items in the order given; the same vector when the order is the identity. */
    private static <T> Vector<T> permute(Vector<T> items, int[] order) {
        boolean identity = true;
        for (int i = 0; i < order.length && identity; i++) {
            identity = order[i] == i;
        }
        if (identity) {
            return items;
        }
        Vector<T> out = Vector.empty();
        for (int i : order) {
            out = out.append(items.get(i));
        }
        return out;
    }
}
