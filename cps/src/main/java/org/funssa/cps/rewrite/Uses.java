package org.funssa.cps.rewrite;

import io.vavr.control.Option;
import java.util.HashMap;
import java.util.Map;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Tail;

/*
 * The def-use facts every scalar optimization of seed 004 chapter 6 starts from (§6.7's dead code elimination
 * marks from uses, §6.1's copy propagation follows definitions): in SSA form each variable has one definition, a
 * let or a parameter, and a number of uses, the operands that name it.
 */

/**
 * How often each variable of a function is used, and where it is defined: a parameter of a node of the
 * function's {@link Nest} (the function's own parameters are the root's), or a let of a node's body. Computed
 * once per function value and cached by its identity ({@link #of}).
 */
public final class Uses {

    private static final IdentityCache<Function, Uses> CACHE = new IdentityCache<>(8);

    /** Where a variable is bound: a node and a let's index in its body, or −1 for a parameter of the node. */
    public record Site(int node, int let) {

        /** Whether the variable is a parameter of the node. */
        public boolean isParameter() {
            return let < 0;
        }
    }

    private final Map<Atom.Var, Site> definitions = new HashMap<>();
    private final Map<Atom.Var, int[]> counts = new HashMap<>();

    private Uses() {}

    /** The uses and definitions of {@code function}'s variables, computed on first request for this object. */
    public static Uses of(Function function) {
        return CACHE.get(function, Uses::compute);
    }

    private static Uses compute(Function function) {
        Nest nest = Nest.of(function);
        Uses uses = new Uses();
        for (int node = 0; node < nest.size(); node++) {
            for (Atom.Var p : nest.params(node)) {
                uses.definitions.putIfAbsent(p, new Site(node, -1));
            }
            Body body = nest.body(node);
            for (int i = 0, n = body.lets().size(); i < n; i++) {
                Let let = body.lets().get(i);
                for (int k = 0, m = let.operandCount(); k < m; k++) {
                    uses.use(let.operand(k));
                }
                for (int k = 0; k < let.arity(); k++) {
                    uses.definitions.putIfAbsent(let.var(k), new Site(node, i));
                }
            }
            Tail tail = body.tail();
            tail.uses().forEach(uses::use);
            for (int k = 0, n = tail.jumpCount(); k < n; k++) {
                tail.jump(k).args().forEach(uses::use);
            }
        }
        return uses;
    }

    private void use(Atom atom) {
        if (atom instanceof Atom.Var v) {
            counts.computeIfAbsent(v, x -> new int[1])[0]++;
        }
    }

    /** How many operands of the function name {@code var}. */
    public int count(Atom.Var var) {
        int[] count = counts.get(var);
        return count == null ? 0 : count[0];
    }

    /** Whether some operand names {@code var}. */
    public boolean isUsed(Atom.Var var) {
        return counts.containsKey(var);
    }

    /** Where {@code var} is bound (its first binding, if the function is not in SSA form); none if nowhere. */
    public Option<Site> definition(Atom.Var var) {
        return Option.of(definitions.get(var));
    }
}
