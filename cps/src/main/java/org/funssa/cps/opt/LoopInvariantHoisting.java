package org.funssa.cps.opt;

import io.vavr.collection.Vector;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.funssa.core.graph.LoopNestingForest;
import org.funssa.core.names.NameSupply;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.ir.VarSupply;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.rewrite.Nest;

/*
 * Seed 004 §6.4 "Moving Loop Invariant Expressions Out of Loops", Figure 6.9, with the relaxed condition of
 * Appel [3] that the seed follows. For each loop L of the CFG and each expression e: t ← a1 op a2 of a block B
 * in L, e is invariant when every operand is a constant, is defined outside L, or is defined by an expression
 * already found invariant; an invariant e moves into L's preheader P when
 *   - e is not "a division and so on" and B dominates every exit of L where t is live out (Appel), or
 *   - e is a division and so on and B dominates every exit of L (the dragon book).
 *
 * Here the loops are the loop nesting forest (org.funssa.core.graph.LoopNestingForest, Havlak) of the graph of
 * jumps between the nest's bodies; the nest encloses only what its bodies dominate, so "B dominates X" is read
 * as "B encloses X", which may only say no where the figure says yes. In SSA form Appel's condition holds for
 * every expression: t is defined once, so it is live out of an exit E only if its definition dominates E, and
 * an expression that cannot trap moves whatever the exits. "A division and so on" is every let that may stop
 * the program: integer division and modulo, loads (a bad address), anything on 128-bit integers (the
 * interpreter does not execute them); stores and calls change memory or print, and never move. For those that
 * may trap the figure's condition is tightened to what the interpreter can tell apart: B must dominate every
 * exit of L (jumps out of L and returns), and nothing that may trap or print — a call, a store, another let
 * that may trap — may come before e in L: every other such let that stays in L is after e in B or in a body B
 * strictly encloses (one that leaves L came before e on every path, and goes ahead of it). So if e traps, the
 * original loop traps at e before it has printed or trapped otherwise, unless it loops forever without
 * reaching B (a loop that does not end may become one that traps, as in the dragon book). A load is invariant
 * when the memory token it reads is defined outside L: no store or call of L comes before it.
 *
 * Each let goes to the preheader of the outermost loop it can leave, at once: the walk goes down the nest
 * (dominance order, so an operand is placed before its uses), and a variable's loop is that of the body it ends
 * up in. The preheader of L, whose header h has the nest's parent D: when h's one jump from outside L is D's own
 * tail `jump h(…)`, D is a preheader already and the lets go at the end of D's lets; otherwise P(x…) = lets;
 * jump h(x…) is a new local function in D's body, h moves into P's body (P is now h's only predecessor outside
 * L, so its immediate dominator) and the jumps from outside L go to P with their arguments. A hoisted let lands
 * in a body enclosing h, so it encloses every use; its operands, defined outside L in bodies enclosing B,
 * enclose D. Loops that are irreducible, or whose header does not enclose all the jumps back to it, are not
 * left (their header cannot move into a preheader), but a let in them may leave a loop around them.
 *
 * A let that may trap, once in a preheader, dominates more of the loops around than its block did, so it may
 * leave them too, as Figure 6.9 applied to each loop from the innermost out would find: the motion is repeated
 * until nothing moves, which makes the pass idempotent. Each round is linear in the function times the loop
 * nesting depth.
 */

/** Loop-invariant code motion ({@code hli}): invariant lets move into the preheaders of the loops they leave. */
public final class LoopInvariantHoisting {

    /** The pass. */
    public static final Pass PASS = Pass.of("hli", LoopInvariantHoisting::apply);

    private static final int NONE = LoopNestingForest.NONE;

    private LoopInvariantHoisting() {}

    /**
     * The function with every loop-invariant let that may move in its loops' preheaders; the function itself
     * when none may.
     */
    public static Function apply(Function function) {
        return Pass.untilUnchanged(function, LoopInvariantHoisting::once);
    }

    /** One motion: each let that may leave a loop goes to the preheader of the outermost one it may leave. */
    private static Function once(Function function) {
        return LoopNest.of(function).map(l -> {
            Motion motion = new Analysis(l.nest(), l.loops()).motion();
            return motion.isEmpty() ? function : move(l.nest(), l.loops(), motion);
        }).getOrElse(function);
    }

    /**
     * Whether a let of this expression may move at all: a pure expression, one result. A predicated let
     * ({@code p ? x = e}) never moves: it is conditional code, which hoisting does not make unconditional.
     */
    private static boolean movable(Expr e) {
        return switch (e) {
            case Expr.Copy c -> true;
            case Expr.Prim p -> true;
            case Expr.Select s -> true;
            case Expr.Psi p -> true;
            case Expr.Load l -> true;
            case Expr.Store s -> false;
            case Expr.Call c -> false;
        };
    }

    /**
     * What moves: for each node, which of its lets leave it (null when none), and for each loop the lets its
     * preheader receives, in the order they were found.
     */
    private record Motion(boolean[][] leaves, List<List<Let>> preheaders) {
        boolean isEmpty() {
            return preheaders.stream().allMatch(List::isEmpty);
        }
    }

    /** The least and greatest node of a set of nodes per loop, nodes added in increasing order. */
    private static final class Extent {
        private final int[] min;
        private final int[] max;

        Extent(int loops) {
            min = new int[loops];
            max = new int[loops];
            Arrays.fill(min, -1);
            Arrays.fill(max, -1);
        }

        void add(int loop, int node) {
            if (min[loop] < 0) {
                min[loop] = node;
            }
            max[loop] = node;
        }

        /** Whether every node of the loop's set is in the preorder interval {@code from … to}. */
        boolean within(int loop, int from, int to) {
            return min[loop] < 0 || from <= min[loop] && max[loop] <= to;
        }

        /** Whether no node of the loop's set comes after {@code to}. */
        boolean endsBy(int loop, int to) {
            return max[loop] <= to;
        }
    }

    /** The walk down the nest that decides where each let goes. */
    private static final class Analysis {
        private final Nest nest;
        private final LoopNestingForest loops;
        /** By variable number: the innermost loop of the body that binds it (after the motion), or NONE. */
        private final int[] loopOf;
        /** By loop: whether lets may leave it (reducible, its header encloses every jump back to it). */
        private final boolean[] leavable;
        /** By loop: the nodes with a jump out of it or a return. */
        private final Extent exits;
        /** By loop: the nodes with a let that may trap or print. */
        private final Extent hazards;
        /** By loop: how many of the lets that may trap or print, of the bodies walked so far, stay in it. */
        private final int[] staying;

        Analysis(Nest nest, LoopNestingForest loops) {
            this.nest = nest;
            this.loops = loops;
            this.loopOf = new int[nest.function().varCount()];
            int count = loops.loopCount();
            leavable = new boolean[count];
            for (int l = 0; l < count; l++) {
                leavable[l] = !loops.isIrreducible(l);
            }
            exits = new Extent(count);
            hazards = new Extent(count);
            staying = new int[count];
            for (int node = 0; node < nest.size(); node++) {
                int inner = loops.innermostLoop(node);
                if (inner == NONE) {
                    continue;
                }
                Body body = nest.body(node);
                for (int k = 0; k < nest.jumpCount(node); k++) {
                    int target = nest.target(node, k);
                    if (target < 0) {
                        continue;
                    }
                    for (int l = inner; l != NONE && !loops.contains(l, target); l = loops.parent(l)) {
                        exits.add(l, node);
                    }
                    int headed = loops.loopHeadedBy(target);
                    if (headed != NONE && loops.contains(headed, node) && !nest.encloses(target, node)) {
                        leavable[headed] = false;
                    }
                }
                boolean returns = body.tail() instanceof Tail.Return;
                boolean hazard = body.lets().exists(let -> let.expr().mayTrap());
                for (int l = inner; l != NONE && (returns || hazard); l = loops.parent(l)) {
                    if (returns) {
                        exits.add(l, node);
                    }
                    if (hazard) {
                        hazards.add(l, node);
                    }
                }
            }
        }

        Motion motion() {
            boolean[][] leaves = new boolean[nest.size()][];
            List<List<Let>> preheaders = new ArrayList<>();
            for (int l = 0; l < loops.loopCount(); l++) {
                preheaders.add(new ArrayList<>());
            }
            for (int node = 0; node < nest.size(); node++) {
                int inner = loops.innermostLoop(node);
                nest.params(node).forEach(p -> loopOf[p.id()] = inner);
                Vector<Let> lets = nest.body(node).lets();
                for (int i = 0; i < lets.size(); i++) {
                    Let let = lets.get(i);
                    int out = inner == NONE || let.isGuarded() || !movable(let.expr()) ? NONE
                            : outermost(node, let.expr());
                    int now = inner;
                    if (out != NONE) {
                        if (leaves[node] == null) {
                            leaves[node] = new boolean[lets.size()];
                        }
                        leaves[node][i] = true;
                        preheaders.get(out).add(let);
                        now = loops.parent(out);
                    }
                    for (int v = 0; v < let.arity(); v++) {
                        loopOf[let.var(v).id()] = now;
                    }
                    if (let.expr().mayTrap()) {
                        for (int l = now; l != NONE; l = loops.parent(l)) {
                            staying[l]++;
                        }
                    }
                }
            }
            return new Motion(leaves, preheaders);
        }

        /**
         * The outermost loop around {@code node} that a let of {@code e} may leave, or NONE. One that may trap
         * leaves a loop only if the bodies walked so far leave nothing that may trap or print in it, and every
         * other body of the loop with such a let is enclosed by {@code node} (so comes after it).
         */
        private int outermost(int node, Expr e) {
            boolean traps = e.mayTrap();
            int best = NONE;
            for (int l = loops.innermostLoop(node); l != NONE && invariant(e, l); l = loops.parent(l)) {
                if (!leavable[l] || !nest.encloses(loops.header(l), node)) {
                    continue;
                }
                if (!traps || staying[l] == 0 && exits.within(l, node, nest.last(node))
                        && hazards.endsBy(l, nest.last(node))) {
                    best = l;
                }
            }
            return best;
        }

        /** Whether no operand of {@code e} is bound in loop {@code l}. */
        private boolean invariant(Expr e, int l) {
            for (int k = 0; k < e.operandCount(); k++) {
                if (e.operand(k) instanceof Atom.Var v && loopOf[v.id()] != NONE && inside(loopOf[v.id()], l)) {
                    return false;
                }
            }
            return true;
        }

        /** Whether loop {@code inner} is {@code outer} or nested in it. */
        private boolean inside(int inner, int outer) {
            return loops.contains(outer, loops.header(inner));
        }
    }

    /** The function with the motion done: lets removed from their bodies, preheaders filled or made. */
    private static Function move(Nest nest, LoopNestingForest loops, Motion motion) {
        Function function = nest.function();
        int count = loops.loopCount();
        // How each loop with lets to receive gets them: at the end of its header's parent, or in a new preheader.
        int[] outsideJumps = new int[count];
        int[] source = new int[count];
        for (int node = 0; node < nest.size(); node++) {
            for (int k = 0; k < nest.jumpCount(node); k++) {
                int target = nest.target(node, k);
                int l = target < 0 ? NONE : loops.loopHeadedBy(target);
                if (l != NONE && !loops.contains(l, node)) {
                    outsideJumps[l]++;
                    source[l] = node;
                }
            }
        }
        int[] appended = new int[nest.size()];
        Arrays.fill(appended, NONE);
        Label[] preheader = new Label[count];
        NameSupply labels = nest.labelSupply();
        for (int l = 0; l < count; l++) {
            if (motion.preheaders().get(l).isEmpty()) {
                continue;
            }
            int header = loops.header(l);
            int parent = nest.parent(header);
            if (outsideJumps[l] == 1 && source[l] == parent && nest.body(parent).tail() instanceof Tail.Jump) {
                appended[parent] = l;
            } else {
                preheader[l] = new Label(labels.fresh("pre"));
            }
        }
        VarSupply vars = VarSupply.after(function);
        Function moved = nest.rewrite((node, body) -> {
            Vector<Let> lets = body.lets();
            boolean[] leaves = motion.leaves()[node];
            if (leaves != null) {
                int[] index = {0};
                lets = lets.filter(let -> !leaves[index[0]++]);
            }
            if (appended[node] != NONE) {
                lets = lets.appendAll(motion.preheaders().get(appended[node]));
            }
            int[] k = {0};
            Tail tail = body.tail().mapJumps(jump -> {
                int target = nest.target(node, k[0]++);
                int l = target < 0 ? NONE : loops.loopHeadedBy(target);
                return l == NONE || preheader[l] == null || loops.contains(l, node) ? jump
                        : new Tail.Jump(preheader[l], jump.args());
            });
            Vector<Fn> functions = body.functions();
            for (int c = 0; c < nest.childCount(node); c++) {
                int l = loops.loopHeadedBy(nest.child(node, c));
                if (l != NONE && preheader[l] != null) {
                    functions = functions.update(c, preheader(functions.get(c), preheader[l],
                            Vector.ofAll(motion.preheaders().get(l)), vars));
                }
            }
            return body.with(lets, functions, tail);
        });
        return moved.withBody(moved.body(), vars.count());
    }

    /** {@code pre(x…) = lets; jump h(x…)} with {@code h} defined in it: the preheader of the loop headed by h. */
    private static Fn preheader(Fn header, Label label, Vector<Let> lets, VarSupply vars) {
        Vector<Atom.Var> params = header.params().map(p -> vars.fresh(p.hint(), p.type()));
        Tail.Jump enter = new Tail.Jump(header.label(), Vector.narrow(params));
        return new Fn(label, params, new Body(lets, Vector.of(header), enter));
    }
}
