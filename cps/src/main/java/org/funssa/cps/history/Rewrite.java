package org.funssa.cps.history;

import java.util.function.UnaryOperator;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Program;
import org.funssa.cps.rewrite.Nest;

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
        Nest nest = Nest.of(f);
        int node = nest.node(label);
        if (node < 0) {
            throw new IllegalArgumentException("function " + function + " has no local function " + label);
        }
        // the nest's bottom-up rebuild keeps every node whose local functions are unchanged: only the path is new
        Function changed = nest.rewrite((n, body) -> body, (n, fn) -> n == node ? change.apply(fn) : fn);
        return program.withFunctions(program.functions().update(index, changed));
    }
}
