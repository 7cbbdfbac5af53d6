package org.funssa.cps.opt;

import io.vavr.collection.Vector;
import java.util.Arrays;
import org.funssa.core.graph.ControlDependence;
import org.funssa.core.graph.DepthFirst;
import org.funssa.core.graph.DiGraph;
import org.funssa.core.graph.DominatorTree;
import org.funssa.core.graph.IntList;
import org.funssa.core.graph.IntSeq;
import org.funssa.core.graph.PostDominators;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.rewrite.Nest;

/*
 * Seed 004 §6.7, dead code elimination: the improved algorithm of Figure 6.17. Statements that are trivially
 * live (stores and calls, the seed's "SET to any other than register" and "CALL"; returns, which read the
 * memory token that reaches the end, the seed's "EPILOGUE") mark, through one work list, the definitions of
 * what they use and the conditional branches their block is control dependent on; everything left unmarked
 * goes. The blocks are the nest's bodies (the function's body and its local functions), the graph their jumps,
 * and control dependence is that of org.funssa.core.graph.ControlDependence, computed once.
 *
 * A φ-function is a parameter, its sources the arguments of the jumps to its local function. A parameter that is
 * marked is live code of its block, like any statement, and marks those arguments and, per the two improvements
 * of Figure 6.17, the branches deciding which jump supplies it: every block that jumps to its local function
 * counts as holding live code, so the branches that block depends on are marked (improvement 1, Figure 6.16 (a):
 * an empty block that only passes a value on), and a branch or switch that reaches the local function by two of
 * its own jumps with different arguments is marked itself (improvement 2, Figure 6.16 (b): both edges of one
 * branch lead to the φ's block).
 *
 * A branch nothing marked becomes a jump to its block's nearest post-dominator holding live code (the seed:
 * "one of the edges that reach blocks containing live code"; Cytron et al. 1991 §7.1), passing that local
 * function's marked parameters the arguments the branch passed it: when it has marked parameters, every jump to
 * it holds live code, so an unmarked branch is one that reaches it only directly and with agreeing arguments.
 * That local function may be nested in a post-dominator holding no live code that is its only predecessor, so out
 * of scope at the branch; the branch then jumps to its immediate post-dominator instead, which is always in scope
 * (its immediate dominator dominates the branch) and holds no live code, so its own tail leads on to the live one.
 * Local functions no longer reached are dropped, unmarked lets and parameters too, with their arguments at every
 * jump.
 *
 * Termination is meaning (the seed, before Figure 6.15: deleting the branch that leaves a loop "changes the
 * semantics of the program", so "conditional branches to exit from a loop are treated as trivially live"): the
 * tail of every block that is the source of a retreating edge of a depth-first search is trivially live (every
 * cycle has one), so no cycle is ever skipped and the exits of a loop are control dependences of its live code;
 * so are the tails of blocks that cannot reach a return and the branches that choose between reaching one and
 * not, which post-dominance cannot see. Loads and operations that may trap (division by zero, a bad address) are
 * dead when their value is unused, as the seed removes any "SET to register": their trap is undefined
 * behaviour in C, so the pass refines such a program's meaning and keeps that of every program without it;
 * volatile loads are trivially live.
 *
 * The pass leaves the blocks whose code it removed, now empty jumps, to ebe and cbb (§6.10, §6.11).
 */

/** Dead code elimination: lets, parameters, branches and local functions no side effect depends on go. */
public final class DeadCodeElimination implements Pass {

    /** The pass. */
    public static final DeadCodeElimination PASS = new DeadCodeElimination();

    private DeadCodeElimination() {}

    @Override
    public String name() {
        return "dce";
    }

    /** The function without its dead code; the same object when it has none. */
    @Override
    public Function apply(Function function) {
        return new Run(Nest.checked(function)).result();
    }

    /** One application to one function: the marking of Figure 6.17, then the rewrite. */
    private static final class Run {
        private final Nest nest;
        private final Function function;
        private final int size;
        private final DiGraph graph;
        private final PostDominators postDominators;
        private final ControlDependence dependence;
        /** The node binding each variable, or −1. */
        private final int[] bindingNode;
        /** The index of the let binding each variable in its node's body, or −1 − i for parameter i. */
        private final int[] bindingSlot;
        /** The number of the first let of each node: node b's let i is let {@code firstLet[b] + i}. */
        private final int[] firstLet;
        /** The jumps to each node, as numbers {@code firstJump[p] + k} for jump k of node p, in that order. */
        private final IntSeq[] jumpsTo;
        private final int[] firstJump;
        private final int[] jumpSource;

        private final boolean[] liveVar;
        private final boolean[] liveLet;
        /** The marks of the last statements: the branches that stay, and the tails trivially live. */
        private final boolean[] liveTail;
        /** The blocks holding live code, whose control dependences are marked. */
        private final boolean[] liveBlock;
        /** Variables (their numbers) and blocks (number of variables + node) whose mark is not yet propagated. */
        private final IntList work = new IntList();

        Run(Nest nest) {
            this.nest = nest;
            this.function = nest.function();
            this.size = nest.size();
            int vars = function.varCount();
            bindingNode = new int[vars];
            bindingSlot = new int[vars];
            Arrays.fill(bindingNode, -1);
            firstLet = new int[size + 1];
            firstJump = new int[size + 1];
            DiGraph.Builder edges = DiGraph.builder(size).entry(Nest.ROOT);
            IntList targets = new IntList();
            IntList numbers = new IntList();
            for (int node = 0; node < size; node++) {
                Vector<Atom.Var> params = nest.params(node);
                for (int i = 0; i < params.size(); i++) {
                    bind(params.get(i), node, -1 - i);
                }
                Vector<Let> lets = nest.body(node).lets();
                for (int i = 0; i < lets.size(); i++) {
                    Let let = lets.get(i);
                    for (int k = 0; k < let.arity(); k++) {
                        bind(let.var(k), node, i);
                    }
                }
                firstLet[node + 1] = firstLet[node] + lets.size();
                firstJump[node + 1] = firstJump[node] + nest.jumpCount(node);
                for (int k = 0; k < nest.jumpCount(node); k++) {
                    edges.edge(node, nest.target(node, k));
                    targets.add(nest.target(node, k));
                    numbers.add(firstJump[node] + k);
                }
            }
            jumpSource = new int[firstJump[size]];
            for (int node = 0; node < size; node++) {
                Arrays.fill(jumpSource, firstJump[node], firstJump[node + 1], node);
            }
            jumpsTo = IntSeq.grouped(size, targets, numbers);
            graph = edges.build();
            postDominators = PostDominators.of(graph);
            dependence = ControlDependence.of(graph, postDominators);
            liveVar = new boolean[vars];
            liveLet = new boolean[firstLet[size]];
            liveTail = new boolean[size];
            liveBlock = new boolean[size];
        }

        private void bind(Atom.Var var, int node, int slot) {
            if (var.id() >= bindingNode.length) {
                throw new IllegalArgumentException("function " + function.name() + ": variable " + var
                        + " is numbered beyond the function's " + bindingNode.length + " (the verifier says where)");
            }
            bindingNode[var.id()] = node;
            bindingSlot[var.id()] = slot;
        }

        Function result() {
            markTriviallyLive();
            propagate();
            return rewrite();
        }

        /** The roots of the marking: side effects, returns, and the branches termination depends on. */
        private void markTriviallyLive() {
            DominatorTree tree = postDominators.tree();
            DepthFirst search = DepthFirst.of(graph);
            for (int node = 0; node < size; node++) {
                Vector<Let> lets = nest.body(node).lets();
                for (int i = 0; i < lets.size(); i++) {
                    if (hasSideEffect(lets.get(i).expr())) {
                        markLet(node, i);
                    }
                }
                IntSeq successors = graph.successors(node);
                boolean decidesTermination = !tree.contains(node) || successors.isEmpty();
                for (int k = 0; k < successors.size(); k++) {
                    int next = successors.get(k);
                    decidesTermination |= !tree.contains(next) || search.isBackEdge(node, next);
                }
                if (decidesTermination) {
                    markTail(node);
                }
            }
        }

        private static boolean hasSideEffect(Expr expr) {
            return switch (expr) {
                case Expr.Store s -> true;
                case Expr.Call c -> true;
                case Expr.Load l -> l.access().isVolatile();
                case Expr.Copy c -> false;
                case Expr.Prim p -> false;
                case Expr.Select s -> false;
                case Expr.Psi p -> false;
            };
        }

        /** The work list of Figure 6.17, to its end. */
        private void propagate() {
            int vars = liveVar.length;
            while (!work.isEmpty()) {
                int item = work.pop();
                if (item < vars) {
                    markDefinition(item);
                } else {
                    IntSeq controllers = dependence.controllers(item - vars);
                    for (int i = 0; i < controllers.size(); i++) {
                        markTail(controllers.get(i));
                    }
                }
            }
        }

        /** A live variable's definition: its let, or for a parameter the jumps that supply it. */
        private void markDefinition(int var) {
            int node = bindingNode[var];
            int slot = bindingSlot[var];
            if (node < 0) {
                throw new IllegalArgumentException("function " + function.name() + ": variable number " + var
                        + " is used but bound nowhere (the verifier says where)");
            }
            if (slot >= 0) {
                markLet(node, slot);
                return;
            }
            markBlock(node); // a φ is a statement of its block (Figure 6.17's last loop)
            if (node == Nest.ROOT) {
                return;
            }
            int param = -1 - slot;
            IntSeq jumps = jumpsTo[node];
            int sourceFirst = 0;
            for (int i = 0; i < jumps.size(); i++) {
                int from = jumpSource[jumps.get(i)];
                Atom arg = argument(jumps.get(i), param);
                markAtom(arg);
                markBlock(from);
                if (i == 0 || jumpSource[jumps.get(i - 1)] != from) {
                    sourceFirst = i;
                } else if (!arg.equals(argument(jumps.get(sourceFirst), param))) {
                    markTail(from);
                }
            }
        }

        /** Argument {@code param} of jump {@code jump} (a number {@code firstJump[p] + k}). */
        private Atom argument(int jump, int param) {
            int from = jumpSource[jump];
            return nest.body(from).tail().jump(jump - firstJump[from]).args().get(param);
        }

        private void markLet(int node, int index) {
            int number = firstLet[node] + index;
            if (!liveLet[number]) {
                liveLet[number] = true;
                Let let = nest.body(node).lets().get(index);
                for (int k = 0, n = let.operandCount(); k < n; k++) {
                    markAtom(let.operand(k)); // a predicated let's guard too
                }
                markBlock(node);
            }
        }

        private void markTail(int node) {
            if (!liveTail[node]) {
                liveTail[node] = true;
                nest.body(node).tail().uses().forEach(this::markAtom);
                markBlock(node);
            }
        }

        private void markBlock(int node) {
            if (!liveBlock[node]) {
                liveBlock[node] = true;
                work.add(liveVar.length + node);
            }
        }

        private void markAtom(Atom atom) {
            if (atom instanceof Atom.Var v && !liveVar[v.id()]) {
                liveVar[v.id()] = true;
                work.add(v.id());
            }
        }

        /** The function with what stayed unmarked removed, unchanged parts kept by identity. */
        private Function rewrite() {
            Tail[] tails = new Tail[size];
            int[] redirected = redirections();
            for (int node = 0; node < size; node++) {
                Tail tail = nest.body(node).tail();
                if (redirected[node] >= 0) {
                    tail = jumpTo(node, redirected[node]);
                }
                tails[node] = tail.mapJumps(this::withLiveArguments);
            }
            boolean[] reached = reached(redirected);
            return nest.rewrite((node, body) -> body.with(liveLets(node, body.lets()),
                    reachedFunctions(node, body.functions(), reached), tails[node]),
                    (node, fn) -> fn.withParams(liveParams(fn.params())));
        }

        /**
         * For each node whose branch or switch stays unmarked, the node it jumps to instead: its nearest
         * post-dominator holding live code when that is in scope, else its immediate post-dominator; −1 for the
         * other nodes.
         */
        private int[] redirections() {
            DominatorTree tree = postDominators.tree();
            int[] nearestLive = new int[tree.size()];
            Arrays.fill(nearestLive, -1);
            IntSeq order = tree.preorder();
            for (int i = 0; i < order.size(); i++) {
                int node = order.get(i);
                int up = tree.idom(node);
                nearestLive[node] = up == DominatorTree.NONE ? -1 : up < size && liveBlock[up] ? up : nearestLive[up];
            }
            int[] redirected = new int[size];
            for (int node = 0; node < size; node++) {
                redirected[node] = -1;
                if (liveTail[node] || nest.body(node).tail() instanceof Tail.Jump) {
                    continue;
                }
                int target = nearestLive[node];
                if (target <= Nest.ROOT || !inScope(target, node)) {
                    target = tree.idom(node);
                }
                if (target <= Nest.ROOT || target >= size || !inScope(target, node)) {
                    throw new IllegalStateException("function " + function.name() + ": an unmarked branch has no "
                            + "post-dominator in scope to jump to; the marking is inconsistent");
                }
                redirected[node] = target;
            }
            return redirected;
        }

        /** Whether local function {@code target} is in scope at the tail of {@code node}. */
        private boolean inScope(int target, int node) {
            return nest.encloses(nest.parent(target), node);
        }

        /** The jump replacing node's unmarked branch: to target, with the arguments the branch passed it. */
        private Tail.Jump jumpTo(int node, int target) {
            Tail tail = nest.body(node).tail();
            for (int k = 0; k < tail.jumpCount(); k++) {
                if (nest.target(node, k) == target) {
                    return tail.jump(k);
                }
            }
            Vector<Atom.Var> params = nest.params(target);
            if (params.exists(p -> liveVar[p.id()])) {
                throw new IllegalStateException("function " + function.name() + ": an unmarked branch would jump to "
                        + nest.fn(target).label() + ", whose live parameters it does not supply");
            }
            return new Tail.Jump(nest.fn(target).label(), params.map(p -> (Atom) new Atom.Undef(p.type())));
        }

        private Tail.Jump withLiveArguments(Tail.Jump jump) {
            Vector<Atom.Var> params = nest.fn(nest.node(jump.target())).params();
            if (params.forAll(p -> liveVar[p.id()])) {
                return jump;
            }
            Vector<Atom> args = Vector.empty();
            for (int i = 0; i < params.size(); i++) {
                if (liveVar[params.get(i).id()]) {
                    args = args.append(jump.args().get(i));
                }
            }
            return jump.withArgs(args);
        }

        /** The nodes reached from the function's body once the branches are redirected. */
        private boolean[] reached(int[] redirected) {
            boolean[] reached = new boolean[size];
            IntList stack = new IntList();
            reached[Nest.ROOT] = true;
            stack.add(Nest.ROOT);
            while (!stack.isEmpty()) {
                int node = stack.pop();
                int count = redirected[node] >= 0 ? 1 : nest.jumpCount(node);
                for (int k = 0; k < count; k++) {
                    int next = redirected[node] >= 0 ? redirected[node] : nest.target(node, k);
                    if (!reached[next]) {
                        reached[next] = true;
                        stack.add(next);
                    }
                }
            }
            return reached;
        }

        private Vector<Let> liveLets(int node, Vector<Let> lets) {
            int first = firstLet[node];
            for (int i = 0; i < lets.size(); i++) {
                if (!liveLet[first + i]) {
                    Vector<Let> kept = lets.take(i);
                    for (int j = i + 1; j < lets.size(); j++) {
                        if (liveLet[first + j]) {
                            kept = kept.append(lets.get(j));
                        }
                    }
                    return kept;
                }
            }
            return lets;
        }

        private Vector<Fn> reachedFunctions(int node, Vector<Fn> functions, boolean[] reached) {
            for (int k = 0; k < functions.size(); k++) {
                if (!reached[nest.child(node, k)]) {
                    Vector<Fn> kept = functions.take(k);
                    for (int j = k + 1; j < functions.size(); j++) {
                        if (reached[nest.child(node, j)]) {
                            kept = kept.append(functions.get(j));
                        }
                    }
                    return kept;
                }
            }
            return functions;
        }

        private Vector<Atom.Var> liveParams(Vector<Atom.Var> params) {
            return params.forAll(p -> liveVar[p.id()]) ? params : params.filter(p -> liveVar[p.id()]);
        }
    }
}
