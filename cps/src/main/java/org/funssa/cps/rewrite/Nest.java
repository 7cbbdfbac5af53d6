package org.funssa.cps.rewrite;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.funssa.core.graph.DiGraph;
import org.funssa.core.names.NameSet;
import org.funssa.core.names.NameSupply;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Tail;

/*
 * Seed 003 §6.2.2: after block sinking "lexical scope becomes dominance", so the nest of local functions is the
 * dominator tree, and what dominator-tree algorithms do (Cytron et al.'s renaming walk, seed 004 Figure 4.3;
 * dominator-scoped value tables, §6.2) is a walk of the nest. Nodes are numbered in preorder as in
 * org.funssa.core.graph.DominatorTree: the subtree of node a is the range a…last(a), so "a encloses b" is a
 * test of two numbers, the first child of a is a + 1, and the next sibling of c is last(c) + 1. Parents come
 * before children, so a top-down walk is a loop upwards over the numbers and a bottom-up rebuild a loop
 * downwards: no recursion, whatever the depth (nests of 10^5 levels are ordinary).
 */

/**
 * The bodies of one function, numbered: node {@value #ROOT} is the function's body, the others are its local
 * functions in preorder. A nest knows each node's body, local function, parameters and parent, the node of each
 * label, and the node each jump goes to; it rewrites the function bottom-up ({@link #rewrite}) or top-down with a
 * scoped environment ({@link #rewriteDown}).
 *
 * <p>A nest is built from any function, well formed or not: a label defined twice names its first definition, a
 * jump to no local function has target −1, and {@link #problem()} describes the first such flaw. A pass that
 * needs a well-formed function asks {@link #checked}.
 */
public final class Nest {

    /** The node of the function's body. */
    public static final int ROOT = 0;

    private final Function function;
    private final Body[] bodies;
    private final Fn[] functions;
    private final int[] parent;
    private final int[] last;
    /** Node b's local functions are {@code children[childStart[b]]} … {@code children[childStart[b + 1] − 1]}. */
    private final int[] childStart;
    private final int[] children;
    private final NameSet labels;
    /** For each label's number in {@link #labels}, its node. */
    private final int[] nodeOfLabel;
    /** Node b's jumps go to {@code targets[jumpStart[b]]} … {@code targets[jumpStart[b + 1] − 1]}. */
    private final int[] jumpStart;
    private final int[] targets;
    private String problem;

    private Nest(Function function, Body[] bodies, Fn[] functions, int[] parent) {
        this.function = function;
        this.bodies = bodies;
        this.functions = functions;
        this.parent = parent;
        int n = bodies.length;
        last = new int[n];
        for (int node = n - 1; node >= 0; node--) {
            last[node] = Math.max(last[node], node);
            if (node > ROOT) {
                last[parent[node]] = Math.max(last[parent[node]], last[node]);
            }
        }
        childStart = new int[n + 1];
        for (int node = 1; node < n; node++) {
            childStart[parent[node] + 1]++;
        }
        for (int node = 0; node < n; node++) {
            childStart[node + 1] += childStart[node];
        }
        children = new int[Math.max(0, n - 1)];
        int[] filled = Arrays.copyOf(childStart, n);
        for (int node = 1; node < n; node++) {
            children[filled[parent[node]]++] = node;
        }
        labels = new NameSet(n);
        nodeOfLabel = new int[n];
        for (int node = 1; node < n; node++) {
            if (labels.add(functions[node].label().name())) {
                nodeOfLabel[labels.size() - 1] = node;
            } else if (problem == null) {
                problem = "two local functions are named " + functions[node].label();
            }
        }
        jumpStart = new int[n + 1];
        for (int node = 0; node < n; node++) {
            jumpStart[node + 1] = jumpStart[node] + bodies[node].tail().jumpCount();
        }
        targets = new int[jumpStart[n]];
        for (int node = 0; node < n; node++) {
            Tail tail = bodies[node].tail();
            for (int k = 0, count = tail.jumpCount(); k < count; k++) {
                Tail.Jump jump = tail.jump(k);
                int target = node(jump.target());
                targets[jumpStart[node] + k] = target;
                if (problem != null) {
                    continue;
                }
                if (target < 0) {
                    problem = "a jump goes to " + jump.target() + ", which no local function defines";
                } else if (functions[target].params().size() != jump.args().size()) {
                    problem = "a jump to " + jump.target() + " passes " + jump.args().size() + " arguments for "
                            + functions[target].params().size() + " parameters";
                }
            }
        }
    }

    /** The nest of {@code function}, numbered with an explicit stack. */
    public static Nest of(Function function) {
        Body[] bodies = new Body[16];
        Fn[] functions = new Fn[16];
        int[] parent = new int[16];
        int[] stack = new int[16];
        int size = 1;
        int top = 0;
        bodies[ROOT] = function.body();
        parent[ROOT] = -1;
        // the stack holds (parent node, index of its next local function) pairs
        stack[top++] = ROOT;
        stack[top++] = 0;
        while (top > 0) {
            int next = stack[--top];
            int owner = stack[--top];
            Vector<Fn> local = bodies[owner].functions();
            if (next == local.size()) {
                continue;
            }
            if (size == bodies.length) {
                bodies = Arrays.copyOf(bodies, 2 * size);
                functions = Arrays.copyOf(functions, 2 * size);
                parent = Arrays.copyOf(parent, 2 * size);
            }
            if (top + 4 > stack.length) {
                stack = Arrays.copyOf(stack, 2 * stack.length);
            }
            Fn fn = local.get(next);
            int node = size++;
            bodies[node] = fn.body();
            functions[node] = fn;
            parent[node] = owner;
            stack[top++] = owner;
            stack[top++] = next + 1;
            stack[top++] = node;
            stack[top++] = 0;
        }
        return new Nest(function, Arrays.copyOf(bodies, size), Arrays.copyOf(functions, size),
                Arrays.copyOf(parent, size));
    }

    /**
     * The nest of {@code function}, which must be well formed in the ways a nest can see.
     *
     * @throws IllegalArgumentException naming the function and the first flaw: a label defined twice, a jump to no
     *                                  local function, a jump whose arguments are not as many as its target's
     *                                  parameters (the verifier says where)
     */
    public static Nest checked(Function function) {
        Nest nest = of(function);
        if (nest.problem != null) {
            throw new IllegalArgumentException("function " + function.name() + ": " + nest.problem
                    + "; verify the program first");
        }
        return nest;
    }

    /** The first flaw of the function that the nest saw, if any (see {@link #checked}). */
    public Option<String> problem() {
        return Option.of(problem);
    }

    /** The function numbered. */
    public Function function() {
        return function;
    }

    /** The number of nodes: the function's body and its local functions. */
    public int size() {
        return bodies.length;
    }

    /** The body of a node. */
    public Body body(int node) {
        return bodies[node];
    }

    /**
     * The local function of a node other than the root.
     *
     * @throws IllegalArgumentException for the root, which is the function's body
     */
    public Fn fn(int node) {
        if (node == ROOT) {
            throw new IllegalArgumentException("the root of the nest of " + function.name()
                    + " is its body, not a local function");
        }
        return functions[node];
    }

    /** The parameters of a node: the function's for the root, the local function's for any other. */
    public Vector<Atom.Var> params(int node) {
        return node == ROOT ? function.params() : functions[node].params();
    }

    /** The node whose body defines this one; −1 for the root. */
    public int parent(int node) {
        return parent[node];
    }

    /** The last node of this node's subtree: the subtree is {@code node … last(node)}. */
    public int last(int node) {
        return last[node];
    }

    /** The bodies, node by node; not to be changed. */
    public List<Body> bodies() {
        return Collections.unmodifiableList(Arrays.asList(bodies));
    }

    /** The parameters of each node, as {@link #params(int)} gives them; not to be changed. */
    public List<Vector<Atom.Var>> params() {
        return new java.util.AbstractList<>() {
            @Override
            public Vector<Atom.Var> get(int node) {
                return params(node);
            }

            @Override
            public int size() {
                return bodies.length;
            }
        };
    }

    /** How many local functions the node's body defines. */
    public int childCount(int node) {
        return childStart[node + 1] - childStart[node];
    }

    /** The node of local function {@code k} of the node's body. */
    public int child(int node, int k) {
        if (k < 0 || k >= childCount(node)) {
            throw new IndexOutOfBoundsException("local function " + k + " of a body with " + childCount(node));
        }
        return children[childStart[node] + k];
    }

    /** The first local function this node's body defines, or −1. */
    public int firstChild(int node) {
        return node < last[node] ? node + 1 : -1;
    }

    /** The local function defined after this one in the same body, or −1. */
    public int nextSibling(int node) {
        int next = last[node] + 1;
        return node != ROOT && next <= last[parent[node]] ? next : -1;
    }

    /** Whether {@code inner} is {@code outer} or nested in it at any depth: whether {@code outer} dominates it. */
    public boolean encloses(int outer, int inner) {
        return outer <= inner && inner <= last[outer];
    }

    /** Whether {@code inner} is nested in {@code outer}'s body at any depth: {@code outer} strictly dominates it. */
    public boolean strictlyEncloses(int outer, int inner) {
        return outer < inner && inner <= last[outer];
    }

    /** The node of the local function with this label, or −1 when there is none. */
    public int node(Label label) {
        int number = labels.numberOrMinus(label.name());
        return number < 0 ? -1 : nodeOfLabel[number];
    }

    /**
     * A supply of labels for the function: {@code prefix + n} for the next n from 1 that names no local function
     * of the nest nor a label handed out before (the labels are read when the first one is asked for).
     */
    public NameSupply labelSupply() {
        return NameSupply.avoiding(() -> {
            NameSet taken = new NameSet(labels.size());
            for (int number = 0; number < labels.size(); number++) {
                taken.add(labels.name(number));
            }
            return taken;
        });
    }

    /** How many jumps node {@code node}'s tail has. */
    public int jumpCount(int node) {
        return jumpStart[node + 1] - jumpStart[node];
    }

    /** The node that jump {@code k} of the node's tail (in the order of {@link Tail#jumps()}) goes to, or −1. */
    public int target(int node, int k) {
        if (k < 0 || k >= jumpCount(node)) {
            throw new IndexOutOfBoundsException("jump " + k + " of a tail with " + jumpCount(node));
        }
        return targets[jumpStart[node] + k];
    }

    /**
     * The graph of the jumps between the nodes, entered at the root: an edge from each node to the target of each
     * of its jumps, in the order of {@link #target}, repeated when several jumps go to one node (a jump to no local
     * function has none).
     */
    public DiGraph graph() {
        DiGraph.Builder graph = DiGraph.builder(size()).entry(ROOT);
        for (int node = 0; node < size(); node++) {
            for (int k = jumpStart[node]; k < jumpStart[node + 1]; k++) {
                if (targets[k] >= 0) {
                    graph.edge(node, targets[k]);
                }
            }
        }
        return graph.build();
    }

    /** Folds {@code step} over the nodes in preorder: parents before children, siblings in order. */
    public <A> A fold(A initial, Fold<A> step) {
        A acc = initial;
        for (int node = 0; node < bodies.length; node++) {
            acc = step.apply(acc, node, bodies[node]);
        }
        return acc;
    }

    /** One step of {@link #fold}. */
    @FunctionalInterface
    public interface Fold<A> {
        A apply(A acc, int node, Body body);
    }

    /** A rewrite of one body, given the body with its local functions already rewritten. */
    @FunctionalInterface
    public interface BodyRewrite {
        Body apply(int node, Body body);
    }

    /** A rewrite of one local function, given it with its body already rewritten (its label, its parameters). */
    @FunctionalInterface
    public interface FnRewrite {
        Fn apply(int node, Fn fn);
    }

    /**
     * The function with every body replaced by {@code bodies}' image, leaves first. A node whose local functions
     * and own rewrite change nothing is kept as the same object, and so is the function when nothing changed.
     */
    public Function rewrite(BodyRewrite bodies) {
        return rewrite(bodies, (node, fn) -> fn);
    }

    /**
     * The function with every body replaced by {@code bodies}' image and then every local function by
     * {@code functions}' image, leaves first; unchanged nodes are kept by identity.
     */
    public Function rewrite(BodyRewrite bodies, FnRewrite functions) {
        Body[] done = new Body[size()];
        for (int node = size() - 1; node >= 0; node--) {
            done[node] = bodies.apply(node, withRewrittenChildren(node, done, functions));
        }
        return function.withBody(done[ROOT]);
    }

    /** The node's body with its local functions' rewritten bodies; the body itself when none changed. */
    private Body withRewrittenChildren(int node, Body[] done, FnRewrite functions) {
        Body body = bodies[node];
        Fn[] changed = null;
        int k = 0;
        for (int c = firstChild(node); c >= 0; c = nextSibling(c), k++) {
            Fn fn = functions.apply(c, this.functions[c].withBody(done[c]));
            done[c] = null; // it lives on in its parent
            if (fn != this.functions[c]) {
                if (changed == null) {
                    changed = body.functions().toJavaArray(Fn[]::new);
                }
                changed[k] = fn;
            }
        }
        return changed == null ? body : body.withFunctions(Vector.of(changed));
    }

    /** What a body becomes under a {@link ScopedRewrite}, and the environment its local functions see. */
    public record Scope<E>(Body body, E inner) {}

    /**
     * A top-down rewrite of one body in the environment that holds at its entry: the body's lets and tail
     * rewritten (its local functions as given), and the environment at its end, which its local functions see.
     */
    @FunctionalInterface
    public interface ScopedRewrite<E> {
        Scope<E> apply(E env, int node, Body body);
    }

    /**
     * The function rewritten top-down: each body is rewritten in the environment its parent's rewrite left (the
     * root in {@code root}), so a fact recorded in a body holds in all the local functions it defines — the bodies
     * it dominates — and nowhere else; then the nest is rebuilt bottom-up, unchanged nodes kept by identity.
     *
     * @throws IllegalStateException when the rewrite changes which local functions a body defines
     */
    public <E> Function rewriteDown(E root, ScopedRewrite<E> rewrite) {
        int n = size();
        Body[] shells = new Body[n];
        @SuppressWarnings("unchecked")
        E[] inner = (E[]) new Object[n];
        for (int node = 0; node < n; node++) {
            E env = node == ROOT ? root : inner[parent[node]];
            Scope<E> scope = rewrite.apply(env, node, bodies[node]);
            shells[node] = shell(node, scope.body());
            inner[node] = scope.inner();
            if (node != ROOT && nextSibling(node) < 0) {
                inner[parent[node]] = null; // its last local function has its environment
            }
        }
        return rebuild(shells);
    }

    /**
     * A walk that reads the nest: each body is entered in preorder, and left once the walk is done with it and
     * with every local function it defines (innermost first), as a printer or a scope-checking pass needs.
     */
    public interface Walk {
        /** The walk reaches the node's body; its local functions come next. */
        void enter(int node, Body body);

        /** The walk is done with the node's body and all its local functions. */
        void leave(int node, Body body);
    }

    /** Walks the nest with {@code walk}, without recursion: a stack of the bodies entered and not yet left. */
    public void walk(Walk walk) {
        int[] open = new int[size()];
        int depth = 0;
        for (int node = 0; node < size(); node++) {
            while (depth > 0 && last[open[depth - 1]] < node) {
                int done = open[--depth];
                walk.leave(done, bodies[done]);
            }
            walk.enter(node, bodies[node]);
            open[depth++] = node;
        }
        while (depth > 0) {
            int done = open[--depth];
            walk.leave(done, bodies[done]);
        }
    }

    /**
     * A top-down walk with one mutable environment, such as a {@link ScopedMap}: each body is entered in
     * preorder, and left once the walk is done with it and with every local function it defines.
     */
    public interface ScopedWalk {
        /**
         * The body's lets and tail rewritten (its local functions as given) in the environment as it holds at
         * the body's entry, which this call may then extend for the local functions the body defines.
         */
        Body enter(int node, Body body);

        /** The walk is done with the node's body and all its local functions: undo what {@code enter} added. */
        void leave(int node);
    }

    /**
     * The function rewritten top-down by {@code walk}, as {@link #rewriteDown(Object, ScopedRewrite)} does but
     * with one environment changed in place: after a body is entered come the bodies it encloses, then its
     * {@link ScopedWalk#leave}, innermost first (the order of {@link #walk}). The nest is then rebuilt bottom-up,
     * unchanged nodes kept by identity.
     *
     * @throws IllegalStateException when the walk changes which local functions a body defines
     */
    public Function rewriteDown(ScopedWalk walk) {
        Body[] shells = new Body[size()];
        walk(new Walk() {
            @Override
            public void enter(int node, Body body) {
                shells[node] = shell(node, walk.enter(node, body));
            }

            @Override
            public void leave(int node, Body body) {
                walk.leave(node);
            }
        });
        return rebuild(shells);
    }

    /** A top-down rewrite's image of a body, checked to define the same local functions. */
    private Body shell(int node, Body rewritten) {
        if (rewritten.functions() != bodies[node].functions()) {
            throw new IllegalStateException("a scoped rewrite of " + function.name() + " changed the local "
                    + "functions of a body; it may change lets and tails only");
        }
        return rewritten;
    }

    /** The function with each body's lets and tail from {@code shells}, its local functions rebuilt leaves first. */
    private Function rebuild(Body[] shells) {
        return rewrite((node, body) -> {
            Body shell = shells[node];
            shells[node] = null;
            return body.with(shell.lets(), body.functions(), shell.tail());
        });
    }
}
