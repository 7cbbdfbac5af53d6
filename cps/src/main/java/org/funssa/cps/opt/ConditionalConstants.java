package org.funssa.cps.opt;

import io.vavr.collection.Vector;
import java.util.Arrays;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Guard;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.rewrite.Nest;

/*
 * Seed 004 §6.6, "Constant Propagation Considering Conditional Branch": Wegman and Zadeck's sparse conditional
 * constant propagation (the seed's [18, 13]) with its two work sets. In the functional form a block is a local
 * function, an edge is a jump of a tail (node, k) resolved by the Nest, and the φ-functions of a block are the
 * parameters of a local function, so "φ-function evaluation" is the meet of a parameter's value with the
 * argument of each reachable jump to it. Flow Work holds jumps found reachable; a local function is reachable
 * when some reachable jump goes to it, and then all its lets and its tail are evaluated once. SSA Work holds
 * variables whose value went down Table 6.3; their uses in reachable code are evaluated again: a let, a tail's
 * condition (which may make more jumps reachable), a reachable jump's argument (met into the parameter). Each
 * value goes down at most twice and each jump becomes reachable once, so the work is linear in the uses.
 *
 * Two departures from the seed, both for the reason it gives. A ⊥ (Atom.Undef, an uninitialised variable) is
 * indeterminate, not 0: the seed's "thorough solution" to its "8 / i" example. An operation that traps when
 * folded is indeterminate, as the seed's implementation does. The seed's step 6 (delete φ arguments from
 * unreachable blocks and start again) is not needed: unreachable jumps never contribute to a parameter.
 */

/**
 * The result of conditional constant propagation on one function: which local functions some execution may
 * reach, and each variable's evaluation value (Table 6.3) by number.
 */
final class ConditionalConstants {

    /** Where a use is, besides its node: a let's index (≥ 0), the tail's condition, or −2 − k for jump k. */
    private static final int CONDITION = -1;

    private final Nest nest;
    private final Evaluation[] values;
    private final boolean[] reachable;
    /** Jump k of node b is edge {@code edgeStart[b] + k}; each edge's node is {@code edgeNode[edge]}. */
    private final int[] edgeStart;
    private final int[] edgeNode;
    private final boolean[] edgeReachable;
    /** The uses of variable v are {@code useStart[v]} … {@code useStart[v + 1] − 1}. */
    private final int[] useStart;
    private final int[] useNode;
    private final int[] useWhere;
    /** For a jump argument, its position among the jump's arguments. */
    private final int[] useArgument;
    private final int[] flowWork;
    private int flowSize;
    private final int[] ssaWork;
    private int ssaSize;

    private ConditionalConstants(Nest nest) {
        this.nest = nest;
        int variables = nest.function().varCount();
        values = new Evaluation[variables];
        Arrays.fill(values, Evaluation.UNDEFINED);
        reachable = new boolean[nest.size()];
        edgeStart = new int[nest.size() + 1];
        for (int node = 0; node < nest.size(); node++) {
            edgeStart[node + 1] = edgeStart[node] + nest.jumpCount(node);
        }
        edgeNode = new int[edgeStart[nest.size()]];
        for (int node = 0; node < nest.size(); node++) {
            Arrays.fill(edgeNode, edgeStart[node], edgeStart[node + 1], node);
        }
        edgeReachable = new boolean[edgeNode.length];
        flowWork = new int[edgeNode.length];
        ssaWork = new int[2 * variables]; // a value goes down at most twice
        useStart = new int[variables + 1];
        forEachUse((v, node, where, argument) -> useStart[v + 1]++);
        for (int v = 0; v < variables; v++) {
            useStart[v + 1] += useStart[v];
        }
        int uses = useStart[variables];
        useNode = new int[uses];
        useWhere = new int[uses];
        useArgument = new int[uses];
        int[] filled = Arrays.copyOf(useStart, variables);
        forEachUse((v, node, where, argument) -> {
            int u = filled[v]++;
            useNode[u] = node;
            useWhere[u] = where;
            useArgument[u] = argument;
        });
    }

    /** The analysis of the nest's function. */
    static ConditionalConstants of(Nest nest) {
        ConditionalConstants facts = new ConditionalConstants(nest);
        facts.run();
        return facts;
    }

    /** Whether some execution may reach the node: the root always, a local function through a reachable jump. */
    boolean reachable(int node) {
        return reachable[node];
    }

    /** The evaluation value of a variable. */
    Evaluation value(Atom.Var var) {
        return values[var.id()];
    }

    /** The evaluation value of an operand: a literal is its own constant, ⊥ is indeterminate. */
    Evaluation valueOf(Atom atom) {
        return switch (atom) {
            case Atom.Var v -> values[v.id()];
            case Atom.IntLit i -> new Evaluation.Constant(i);
            case Atom.FloatLit x -> new Evaluation.Constant(x);
            case Atom.Addr a -> new Evaluation.Constant(a);
            case Atom.Undef u -> Evaluation.INDETERMINATE;
        };
    }

    // ---------------------------------------------------------------- the algorithm's steps

    private void run() {
        for (Atom.Var p : nest.params(Nest.ROOT)) {
            lower(p, Evaluation.INDETERMINATE);
        }
        enter(Nest.ROOT);
        while (flowSize > 0 || ssaSize > 0) {
            if (flowSize > 0) {
                follow(flowWork[--flowSize]);
            } else {
                propagate(ssaWork[--ssaSize]);
            }
        }
    }

    /** Step 3: a reachable jump binds its target's parameters and makes the target reachable. */
    private void follow(int edge) {
        int node = edgeNode[edge];
        int k = edge - edgeStart[node];
        int target = nest.target(node, k);
        Vector<Atom> args = nest.body(node).tail().jump(k).args();
        Vector<Atom.Var> params = nest.params(target);
        for (int i = 0; i < args.size(); i++) {
            lower(params.get(i), valueOf(args.get(i)));
        }
        if (!reachable[target]) {
            enter(target);
        }
    }

    /** A node found reachable: "expression evaluation" of all its lets, then of its tail. */
    private void enter(int node) {
        reachable[node] = true;
        Vector<Let> lets = nest.body(node).lets();
        for (int i = 0; i < lets.size(); i++) {
            evaluate(lets.get(i));
        }
        evaluateTail(node);
    }

    /** Step 4: the uses of a variable whose value went down, in reachable code, evaluated again. */
    private void propagate(int variable) {
        for (int u = useStart[variable]; u < useStart[variable + 1]; u++) {
            int node = useNode[u];
            int where = useWhere[u];
            if (!reachable[node]) {
                continue;
            }
            if (where >= 0) {
                evaluate(nest.body(node).lets().get(where));
            } else if (where == CONDITION) {
                evaluateTail(node);
            } else if (edgeReachable[edgeStart[node] - 2 - where]) {
                int k = -2 - where;
                int i = useArgument[u];
                lower(nest.params(nest.target(node, k)).get(i), valueOf(nest.body(node).tail().jump(k).args().get(i)));
            }
        }
    }

    /**
     * "Expression evaluation" of a let: its variables' values lowered to what the expression gives now. A
     * predicated let defines its variables only where its guard holds, and only there may they be read (ψ-SSA,
     * seed 000 §"SSA algorithms": predicated definitions are treated as ordinary ones); one whose guard is
     * known false defines nothing.
     */
    private void evaluate(Let let) {
        if (let.guard() instanceof Guard.When(Atom p) && isFalse(valueOf(p))) {
            return;
        }
        switch (let.expr()) {
            case Expr.Copy c -> lower(let.var(0), valueOf(c.value()));
            case Expr.Prim p -> lower(let.var(0), evaluate(p));
            case Expr.Select s -> lower(let.var(0), evaluate(s));
            case Expr.Load l -> lower(let.var(0), Evaluation.INDETERMINATE);
            case Expr.Store s -> lower(let.var(0), Evaluation.INDETERMINATE);
            case Expr.Call c -> let.vars().forEach(v -> lower(v, Evaluation.INDETERMINATE));
            case Expr.Psi s -> lower(let.var(0), evaluate(s));
        }
    }

    /**
     * A ψ is evaluated with the rule of a φ (seed 000): the meet of its arguments, leaving out those whose guard
     * is known false or not yet evaluated, and those to the left of an argument whose guard is known true.
     */
    private Evaluation evaluate(Expr.Psi s) {
        Evaluation value = Evaluation.UNDEFINED;
        for (int i = s.args().size() - 1; i >= 0; i--) {
            Evaluation guard = valueOf(s.args().get(i).guard());
            if (guard instanceof Evaluation.Undefined || isFalse(guard)) {
                continue;
            }
            value = value.meet(valueOf(s.args().get(i).value()));
            if (guard instanceof Evaluation.Constant c && Folding.isTrue(c.literal()).getOrElse(false)) {
                break;
            }
        }
        return value;
    }

    private static boolean isFalse(Evaluation guard) {
        return guard instanceof Evaluation.Constant c && !Folding.isTrue(c.literal()).getOrElse(true);
    }

    /** Indeterminate if an operand is, undefined if one is, else the folded constant (indeterminate if it traps). */
    private Evaluation evaluate(Expr.Prim p) {
        Vector<Atom> operands = p.operands();
        boolean undefined = false;
        Atom[] literals = new Atom[operands.size()];
        for (int i = 0; i < literals.length; i++) {
            switch (valueOf(operands.get(i))) {
                case Evaluation.Indeterminate x -> {
                    return x;
                }
                case Evaluation.Undefined x -> undefined = true;
                case Evaluation.Constant c -> literals[i] = c.literal();
            }
        }
        if (undefined) {
            return Evaluation.UNDEFINED;
        }
        return Folding.evaluate(p.op(), p.type(), Vector.of(literals))
                .<Evaluation>map(Evaluation.Constant::new)
                .getOrElse(Evaluation.INDETERMINATE);
    }

    /** A select on a constant condition is the side it takes; on an indeterminate one, the meet of both sides. */
    private Evaluation evaluate(Expr.Select s) {
        Evaluation condition = valueOf(s.condition());
        return switch (condition) {
            case Evaluation.Undefined u -> u;
            case Evaluation.Constant c when Folding.isTrue(c.literal()).isDefined() ->
                    valueOf(Folding.isTrue(c.literal()).get() ? s.ifTrue() : s.ifFalse());
            default -> valueOf(s.ifTrue()).meet(valueOf(s.ifFalse()));
        };
    }

    /**
     * "Expression evaluation" of a tail: a jump is reachable; a branch or switch on a constant takes the jump it
     * selects, on an indeterminate value all of them, on an undefined one none yet.
     */
    private void evaluateTail(int node) {
        Tail tail = nest.body(node).tail();
        switch (tail) {
            case Tail.Jump j -> reach(node, 0);
            case Tail.Branch b -> {
                Evaluation condition = valueOf(b.condition());
                if (condition instanceof Evaluation.Constant c && Folding.isTrue(c.literal()).isDefined()) {
                    reach(node, Folding.isTrue(c.literal()).get() ? 0 : 1);
                } else if (!(condition instanceof Evaluation.Undefined)) {
                    reach(node, 0);
                    reach(node, 1);
                }
            }
            case Tail.Switch s -> {
                Evaluation value = valueOf(s.value());
                if (value instanceof Evaluation.Constant c && Folding.jumpTaken(s, c.literal()).isDefined()) {
                    reach(node, Folding.jumpTaken(s, c.literal()).get());
                } else if (!(value instanceof Evaluation.Undefined)) {
                    for (int k = 0; k < tail.jumpCount(); k++) {
                        reach(node, k);
                    }
                }
            }
            case Tail.Return r -> { }
        }
    }

    private void reach(int node, int k) {
        int edge = edgeStart[node] + k;
        if (!edgeReachable[edge]) {
            edgeReachable[edge] = true;
            flowWork[flowSize++] = edge;
        }
    }

    /**
     * The variable's value met with {@code value} (so it only goes down, Table 6.3); a constant of another type
     * than the variable's is indeterminate. A change puts the variable on SSA Work.
     */
    private void lower(Atom.Var var, Evaluation value) {
        Evaluation typed = value instanceof Evaluation.Constant c && !c.literal().type().equals(var.type())
                ? Evaluation.INDETERMINATE : value;
        Evaluation old = values[var.id()];
        Evaluation lowered = old.meet(typed);
        if (!lowered.equals(old)) {
            values[var.id()] = lowered;
            ssaWork[ssaSize++] = var.id();
        }
    }

    // ---------------------------------------------------------------- the def-use index

    @FunctionalInterface
    private interface UseVisitor {
        void use(int variable, int node, int where, int argument);
    }

    /** Every use of a variable that evaluation reads: let operands, branch and switch values, jump arguments. */
    private void forEachUse(UseVisitor visitor) {
        for (int node = 0; node < nest.size(); node++) {
            Body body = nest.body(node);
            Vector<Let> lets = body.lets();
            for (int i = 0; i < lets.size(); i++) {
                Let let = lets.get(i);
                for (int k = 0, n = let.operandCount(); k < n; k++) {
                    if (let.operand(k) instanceof Atom.Var v) {
                        visitor.use(v.id(), node, i, 0);
                    }
                }
            }
            Tail tail = body.tail();
            // a return's values are read by no evaluation; a branch's or switch's one value is
            Vector<Atom> tested = tail instanceof Tail.Return ? Vector.empty() : tail.uses();
            for (Atom atom : tested) {
                if (atom instanceof Atom.Var v) {
                    visitor.use(v.id(), node, CONDITION, 0);
                }
            }
            for (int k = 0, n = tail.jumpCount(); k < n; k++) {
                Vector<Atom> args = tail.jump(k).args();
                for (int i = 0; i < args.size(); i++) {
                    if (args.get(i) instanceof Atom.Var v) {
                        visitor.use(v.id(), node, -2 - k, i);
                    }
                }
            }
        }
    }
}
