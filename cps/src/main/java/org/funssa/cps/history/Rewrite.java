package org.funssa.cps.history;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Program;

/*
 * Path copying (Driscoll, Sarnak, Sleator and Tarjan, "Making Data Structures Persistent", JCSS 1989, §2):
 * a change at one node of an immutable tree rebuilds only the nodes on the path from the root to it and
 * shares every other subtree with the old version. Here the tree is the nest of local functions (the
 * dominator tree, DESIGN.md "Snapshots"), so a one-block rewrite costs O(depth of the block) new nodes.
 */

/** Rewrites that touch one block and share everything else with the program they start from. */
public final class Rewrite {

    private Rewrite() {}

    /**
     * The program with local function {@code label} of function {@code function} replaced by
     * {@code change.apply(it)}. Only the local functions on the path from the function's body to it, their
     * bodies and the function itself are new; every other function, body, local function and let is the
     * same object as in {@code program}.
     *
     * @throws IllegalArgumentException when the program has no such function or the function no such label
     */
    public static Program replaceLocalFunction(Program program, String function, Label label, UnaryOperator<Fn> change) {
        int index = program.functions().indexWhere(f -> f.name().equals(function));
        if (index < 0) {
            throw new IllegalArgumentException("no function " + function + " in program " + program.name());
        }
        Function f = program.functions().get(index);
        List<Step> path = pathTo(f.body(), label).getOrElseThrow(() -> new IllegalArgumentException(
                "function " + function + " has no local function " + label));
        Step last = path.get(path.size() - 1);
        Fn replaced = change.apply(last.body().functions().get(last.index()));
        Body body = last.body().withFunctions(last.body().functions().update(last.index(), replaced));
        for (int i = path.size() - 2; i >= 0; i--) {
            Step step = path.get(i);
            Fn fn = step.body().functions().get(step.index()).withBody(body);
            body = step.body().withFunctions(step.body().functions().update(step.index(), fn));
        }
        return program.withFunctions(program.functions().update(index, f.withBody(body)));
    }

    /** One level of the path: a body and the index of the local function the path goes through. */
    private record Step(Body body, int index) {}

    /** A search state: a body, the state of the body that defines it (null at the root) and its index there. */
    private record Visit(Body body, Visit parent, int index) {}

    /** The bodies and indices from {@code root} down to the local function {@code label}, found depth-first. */
    private static Option<List<Step>> pathTo(Body root, Label label) {
        ArrayDeque<Visit> stack = new ArrayDeque<>();
        stack.push(new Visit(root, null, -1));
        while (!stack.isEmpty()) {
            Visit visit = stack.pop();
            Vector<Fn> functions = visit.body().functions();
            for (int i = 0; i < functions.size(); i++) {
                if (functions.get(i).label().equals(label)) {
                    List<Step> path = new ArrayList<>();
                    path.add(new Step(visit.body(), i));
                    for (Visit v = visit; v.parent() != null; v = v.parent()) {
                        path.add(new Step(v.parent().body(), v.index()));
                    }
                    java.util.Collections.reverse(path);
                    return Option.of(path);
                }
                stack.push(new Visit(functions.get(i).body(), visit, i));
            }
        }
        return Option.none();
    }
}
