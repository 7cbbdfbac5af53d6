package org.funssa.cps.construct;

import io.vavr.collection.Vector;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Program;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.pass.Pass;

/*
 * Seed 003 §6.2 states that λ-dropping yields pruned SSA: the same φs at the same blocks as Cytron et
 * al.'s pruned placement (seed 004 §4.1.2). A φ is identified by its block and the register it merges,
 * not by its position, and the two constructions list a block's parameters in different orders (the
 * lifted form lists the live-in registers, Cytron's renaming the φs as placed). This puts both in one
 * order so that the statement can be checked as α-equivalence (org.funssa.cps.alpha.Alpha).
 */

/**
 * Orders what SSA construction leaves arbitrary: the parameters of every local function by the register they
 * stand for (a variable {@code r_n} is a version of register {@code r}, as construction names variables),
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

    /** Parameters by register, then by full name; labels by name. */
    private static final Comparator<Atom.Var> BY_REGISTER = Comparator.comparing((Atom.Var v) -> register(v.name()))
            .thenComparing(Atom.Var::name);

    private CanonicalOrder() {}

    /** Every function of the program in canonical order. */
    public static Program of(Program program) {
        return new Program(program.name(), program.symbols(), program.data(),
                program.functions().map(CanonicalOrder::of));
    }

    /**
     * The function with each local function's parameters sorted by register (then by name), every jump's
     * arguments permuted the same way, and each body's local functions sorted by label; rebuilt bottom-up
     * with an explicit stack, whatever the nesting depth.
     */
    public static Function of(Function f) {
        Map<Label, int[]> orders = orders(f.body());
        return f.withBody(rebuild(f.body(), orders));
    }

    /** The register a variable named {@code r_n} is a version of; the name itself for other names. */
    static String register(String variable) {
        int underscore = variable.lastIndexOf('_');
        if (underscore <= 0 || underscore == variable.length() - 1) {
            return variable;
        }
        for (int i = underscore + 1; i < variable.length(); i++) {
            if (!Character.isDigit(variable.charAt(i))) {
                return variable;
            }
        }
        return variable.substring(0, underscore);
    }

    /** For each local function, old parameter index by new position. */
    private static Map<Label, int[]> orders(Body root) {
        Map<Label, int[]> orders = new HashMap<>();
        ArrayDeque<Body> work = new ArrayDeque<>();
        work.push(root);
        while (!work.isEmpty()) {
            for (Fn fn : work.pop().functions()) {
                Vector<Atom.Var> params = fn.params();
                Integer[] order = new Integer[params.size()];
                for (int i = 0; i < order.length; i++) {
                    order[i] = i;
                }
                java.util.Arrays.sort(order, Comparator.comparing(params::get, BY_REGISTER));
                orders.put(fn.label(), java.util.Arrays.stream(order).mapToInt(Integer::intValue).toArray());
                work.push(fn.body());
            }
        }
        return orders;
    }

    /** A body being rebuilt, with its local functions rebuilt so far. */
    private record Frame(Body body, List<Fn> rebuilt) {}

    private static Body rebuild(Body root, Map<Label, int[]> orders) {
        ArrayDeque<Frame> stack = new ArrayDeque<>();
        stack.push(new Frame(root, new ArrayList<>()));
        while (true) {
            Frame top = stack.peek();
            if (top.rebuilt().size() < top.body().functions().size()) {
                stack.push(new Frame(top.body().functions().get(top.rebuilt().size()).body(), new ArrayList<>()));
                continue;
            }
            stack.pop();
            Body body = new Body(top.body().lets(), Vector.ofAll(top.rebuilt()).sortBy(fn -> fn.label().name()),
                    tail(top.body().tail(), orders));
            if (stack.isEmpty()) {
                return body;
            }
            Frame parent = stack.peek();
            Fn fn = parent.body().functions().get(parent.rebuilt().size());
            parent.rebuilt().add(new Fn(fn.label(), permute(fn.params(), orders.get(fn.label())), body));
        }
    }

    private static Tail tail(Tail tail, Map<Label, int[]> orders) {
        return switch (tail) {
            case Tail.Jump j -> jump(j, orders);
            case Tail.Branch b -> new Tail.Branch(b.condition(), jump(b.ifTrue(), orders), jump(b.ifFalse(), orders));
            case Tail.Switch s -> new Tail.Switch(s.value(), s.cases().map(c -> new Tail.Case(c.value(),
                    jump(c.target(), orders))), jump(s.otherwise(), orders));
            case Tail.Return r -> r;
        };
    }

    /** A jump to a local function with its arguments in the target's new order; other jumps as they are. */
    private static Tail.Jump jump(Tail.Jump j, Map<Label, int[]> orders) {
        int[] order = orders.get(j.target());
        return order == null || order.length != j.args().size() ? j
                : new Tail.Jump(j.target(), permute(j.args(), order));
    }

    private static <T> Vector<T> permute(Vector<T> items, int[] order) {
        Vector<T> out = Vector.empty();
        for (int i : order) {
            out = out.append(items.get(i));
        }
        return out;
    }
}
