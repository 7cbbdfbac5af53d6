package org.funssa.cps.construct;

import io.vavr.collection.Vector;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import org.funssa.core.graph.IntList;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.rewrite.Substitution;

/*
 * The decision of parameter dropping (seed 003 §6.2.2) and of redundant-φ elimination (seed 004 §6.14 and
 * A.4), apart from any one form of the function: which parameters every call site agrees on, and the atom
 * that replaces each. ParameterDropping asks it about a finished nest of local functions; CytronConstruction
 * (through RenamedBlocks) asks it about the blocks renaming has just written, before they are nested, so that
 * construction's rpe costs what the φs and their call sites cost and not a rebuild of the whole nest.
 *
 * A parameter p of node f goes when every call site of f passes the same atom a, or p itself (with ⊥ matching
 * any atom for rpe: §6.14's cases 1 to 3), and a is in scope at f's definition: a constant, an address, ⊥, or
 * a variable bound in a node that strictly encloses f. Dropping one parameter can make another droppable (its
 * call sites passed p), so this runs to a fixpoint with a work list of parameters: a dropped parameter puts
 * back the parameters it was passed to, and replacements are followed with path compression. A parameter
 * that only ever receives itself receives nothing: it becomes ⊥.
 *
 * One parameter at a time does not reach pruned SSA in irreducible loops, which two blocks enter: there
 * parameters of the two entries pass each other the value both receive from outside, and neither ever sees
 * only itself and one atom. So a second step drops such groups whole ("the parameter itself" read as "a
 * parameter of the same group", after Braun et al., CC 2013, §3.2, "redundant φ SCCs"), and the two steps
 * alternate until neither drops anything.
 */

/**
 * Which parameters of a function's local functions all call sites agree on, and what replaces each: the
 * decision that {@link ParameterDropping} and construction's redundant-φ elimination share.
 *
 * <p>The variables the algorithm asks about are renumbered densely: local functions' parameters first (in node
 * order, then position: the order the work list starts in), so that its sets and maps are arrays indexed by
 * parameter, then the other variables that jumps pass, the only ones that can replace a parameter and so the
 * only ones whose scope is asked. Each argument of each jump is read once, when the call sites are collected,
 * and kept as a <em>value</em>: a variable's number (≥ 0), or −1 − i for the i-th of the other atoms
 * (constants, addresses, ⊥). The fixpoint, the scope tests and the components work on values alone.
 */
final class AgreedParameters {

    /**
     * The function as the decision reads it: nodes numbered in preorder of the nest (the dominator tree), node 0
     * the function's body, each with its parameters and its tail.
     */
    interface Sites {
        /** The function's name, for messages. */
        String function();

        /** How many nodes there are. */
        int size();

        /** A bound on the function's variable numbers. */
        int varCount();

        /** The node's parameters (none for node 0). */
        Vector<Atom.Var> params(int node);

        /** How many jumps the node's tail has. */
        int jumpCount(int node);

        /** The node that jump {@code k} of the node's tail goes to, or −1 when no node carries its label. */
        int target(int node, int k);

        /**
         * Jump {@code k} of the node's tail, in {@link Tail#jumps()} order: asked only of jumps to nodes with
         * parameters (and of a jump to no node, for the message).
         */
        Tail.Jump jump(int node, int k);

        /** The node whose body binds {@code v} by a let, or the root for a function parameter; −1 for none. */
        int bindingNode(Atom.Var v);

        /** Whether node {@code outer}'s body encloses node {@code inner}'s definition at any depth. */
        boolean strictlyEncloses(int outer, int inner);
    }

    /** The replacement of a parameter that stays. */
    private static final int STAYS = Integer.MIN_VALUE;
    /** The binding node of a variable not yet asked about. */
    private static final int UNASKED = -2;

    private final Sites function;
    private final String pass;
    private final boolean bottomMatchesAny;
    /**
     * The parameters, then the other variables jumps pass, numbered; those below {@link #parameters} are parameters.
     */
    private final Numbering variables;
    /** Each numbered variable, by number. */
    private final List<Atom.Var> variableAtoms = new ArrayList<>();
    private final int parameters;
    /** For each parameter: its node and position. */
    private final int[] parameterNode;
    private final int[] parameterPosition;
    /**
     * The node binding each numbered variable (for scope), by number; −1 for one bound nowhere, {@link #UNASKED}
     * for one whose scope no question has asked yet: deciding most parameters needs none (two call sites disagree).
     */
    private int[] boundAt;
    /** The atoms that are not numbered variables: value −1 − i is {@code others.get(i)}. */
    private final List<Atom> others = new ArrayList<>();
    /**
     * The call sites of each node with parameters, as the values the jumps to it pass, one per parameter:
     * {@code sites[siteStart[node]]} to {@code sites[siteStart[node + 1] − 1]}, in the order of the jumps; and the
     * node each comes from.
     */
    private final int[] siteStart;
    private final int[][] sites;
    private final int[] siteSource;
    /**
     * "Is passed to", from parameter to parameter, as lists in arrays: each parameter's first and last edge (−1 for
     * none), and each edge's target and next edge. Appending keeps the order the work list uses.
     */
    private final int[] firstEdge;
    private final int[] lastEdge;
    private final IntList edgeTarget = new IntList();
    private final IntList edgeNext = new IntList();
    /** For each parameter, the value replacing it, or {@link #STAYS}. */
    private final int[] replacement;
    private boolean replacedAny;
    /** Tarjan's per-parameter state, allocated on the first search and stamped by the search's number. */
    private int[] inRegion;
    private int[] visited;
    private int[] number;
    private int[] low;
    private boolean[] onStack;
    private int componentsCalls;
    private int numbered;
    private final IntList stack = new IntList();
    /** The explicit call stack of the search: each frame's parameter and its next call site to look at. */
    private final IntList frameParameter = new IntList();
    private final IntList frameSite = new IntList();
    /** After the decision: for each node, the positions of its dropped parameters; null for a node keeping all. */
    private final BitSet[] dropped;
    /** After the decision: the dropped parameters' variable numbers (in the function). */
    private final BitSet droppedVariables = new BitSet();

    private AgreedParameters(Sites function, String pass, boolean bottomMatchesAny) {
        this.function = function;
        this.pass = pass;
        this.bottomMatchesAny = bottomMatchesAny;
        this.variables = new Numbering(function.varCount());
        int n = function.size();
        int count = 0;
        for (int node = 1; node < n; node++) {
            for (Atom.Var p : function.params(node)) {
                if (variables.add(p)) {
                    variableAtoms.add(p);
                }
                count++;
            }
        }
        parameters = variables.size();
        if (parameters != count) {
            throw new IllegalArgumentException("function " + function.function() + ": a parameter is bound twice; "
                    + pass + " needs every variable bound once (the verifier says where)");
        }
        parameterNode = new int[parameters];
        parameterPosition = new int[parameters];
        int[] firstParameter = new int[n];
        for (int node = 1, id = 0; node < n; node++) {
            firstParameter[node] = id;
            for (int i = 0; i < function.params(node).size(); i++, id++) {
                parameterNode[id] = node;
                parameterPosition[id] = i;
            }
        }
        firstEdge = new int[parameters];
        lastEdge = new int[parameters];
        Arrays.fill(firstEdge, -1);
        Arrays.fill(lastEdge, -1);
        replacement = new int[parameters];
        Arrays.fill(replacement, STAYS);

        IntList targets = new IntList();
        IntList sources = new IntList();
        List<int[]> passed = new ArrayList<>();
        siteStart = new int[n + 1];
        for (int node = 0; node < n; node++) {
            for (int k = 0; k < function.jumpCount(node); k++) {
                int target = function.target(node, k);
                if (target < 0) {
                    throw new IllegalArgumentException("function " + function.function() + ": jump to "
                            + function.jump(node, k).target() + ", which no local function defines");
                }
                int arity = function.params(target).size();
                if (arity == 0) {
                    continue; // a call site of a node without parameters decides nothing
                }
                Tail.Jump jump = function.jump(node, k);
                if (jump.args().size() < arity) {
                    throw new IllegalArgumentException("function " + function.function() + ": a jump to "
                            + jump.target() + " passes " + count(jump.args().size(), "argument") + " for its "
                            + count(arity, "parameter") + " (the verifier says where)");
                }
                int[] values = new int[arity];
                for (int i = 0; i < arity; i++) {
                    values[i] = value(jump.args().get(i));
                    if (isParameter(values[i])) {
                        addEdge(values[i], firstParameter[target] + i);
                    }
                }
                targets.add(target);
                sources.add(node);
                passed.add(values);
                siteStart[target + 1]++;
            }
        }
        for (int node = 0; node < n; node++) {
            siteStart[node + 1] += siteStart[node];
        }
        sites = new int[passed.size()][];
        siteSource = new int[passed.size()];
        int[] next = Arrays.copyOf(siteStart, n);
        for (int j = 0; j < passed.size(); j++) {
            int at = next[targets.get(j)]++;
            sites[at] = passed.get(j);
            siteSource[at] = sources.get(j);
        }
        dropped = new BitSet[n];
    }

    /**
     * The decision for the function.
     *
     * @param pass             the pass's name, for messages
     * @param bottomMatchesAny whether a ⊥ argument agrees with any atom (redundant-φ elimination) or only with ⊥
     * @throws IllegalArgumentException for a jump to no node, a jump passing too few arguments, or a parameter bound
     *                                  twice
     */
    static AgreedParameters decide(Sites function, String pass, boolean bottomMatchesAny) {
        AgreedParameters decision = new AgreedParameters(function, pass, bottomMatchesAny);
        decision.run();
        return decision;
    }

    /** Whether any parameter goes. */
    boolean dropsAny() {
        return replacedAny;
    }

    /** Whether some parameter of the node goes. */
    boolean dropsAt(int node) {
        return dropped[node] != null;
    }

    /** Whether {@code v} is a parameter that goes. */
    boolean drops(Atom.Var v) {
        return droppedVariables.get(v.id());
    }

    /** The nodes whose tails jump to {@code node}, which has parameters, once per jump, in the order of the jumps. */
    IntList sources(int node) {
        IntList out = new IntList();
        for (int s = siteStart[node]; s < siteStart[node + 1]; s++) {
            out.add(siteSource[s]);
        }
        return out;
    }

    /** The dropped parameters, each replaced by the atom that stands for it (no chains). */
    Substitution substitution() {
        Substitution replaced = Substitution.empty();
        for (int p = 0; p < parameters; p++) {
            if (replacement[p] != STAYS) {
                replaced = replaced.with(variableAtoms.get(p), atom(resolve(p)));
            }
        }
        return replaced;
    }

    /**
     * The atom standing for {@code a} after the drops: for a dropped parameter the atom that replaces it (no chains),
     * as {@link #substitution()} gives it; any other atom itself. A lookup by variable number.
     */
    Atom replacement(Atom a) {
        if (a instanceof Atom.Var v && droppedVariables.get(v.id())) {
            return atom(resolve(variables.number(v)));
        }
        return a;
    }

    /** The node's parameters without the dropped ones; the same vector when it keeps all. */
    Vector<Atom.Var> keptParams(int node) {
        Vector<Atom.Var> params = function.params(node);
        return dropped[node] == null ? params : withoutDropped(params, dropped[node]);
    }

    /** The jump, which goes to {@code target}, without the arguments of its dropped parameters; itself if none goes. */
    Tail.Jump keptArguments(Tail.Jump jump, int target) {
        BitSet gone = target < 0 ? null : dropped[target];
        return gone == null ? jump : jump.withArgs(withoutDropped(jump.args(), gone));
    }

    private static <T> Vector<T> withoutDropped(Vector<T> items, BitSet gone) {
        List<T> kept = new ArrayList<>(items.size());
        int position = 0;
        for (T item : items) {
            if (!gone.get(position++)) {
                kept.add(item);
            }
        }
        return Vector.ofAll(kept);
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    private void run() {
        IntList work = new IntList();
        do {
            for (int p = 0; p < parameters; p++) {
                if (replacement[p] == STAYS) {
                    work.add(p);
                }
            }
            dropSingly(work);
        } while (dropCycles());
        for (int p = 0; p < parameters; p++) {
            if (replacement[p] != STAYS) {
                int node = parameterNode[p];
                if (dropped[node] == null) {
                    dropped[node] = new BitSet();
                }
                dropped[node].set(parameterPosition[p]);
                droppedVariables.set(variableAtoms.get(p).id());
            }
        }
    }

    /** The value of an atom a jump passes: its number when it is a variable, numbered on first sight. */
    private int value(Atom a) {
        if (a instanceof Atom.Var v) {
            int id = variables.number(v);
            if (id == variableAtoms.size()) {
                variableAtoms.add(v);
            }
            return id;
        }
        return other(a);
    }

    /** A new value for an atom that is not a variable. */
    private int other(Atom a) {
        others.add(a);
        return -others.size();
    }

    /** The atom of a value. */
    private Atom atom(int value) {
        return value >= 0 ? variableAtoms.get(value) : others.get(-1 - value);
    }

    /** Whether two values stand for the same atom. */
    private boolean same(int a, int b) {
        return a == b || (a < 0 || b < 0) && atom(a).equals(atom(b));
    }

    private boolean isParameter(int value) {
        return value >= 0 && value < parameters;
    }

    private boolean isBottom(int value) {
        return value < 0 && others.get(-1 - value) instanceof Atom.Undef;
    }

    /** Records that {@code from} is passed to {@code to}. */
    private void addEdge(int from, int to) {
        int edge = edgeTarget.size();
        edgeTarget.add(to);
        edgeNext.add(-1);
        if (lastEdge[from] < 0) {
            firstEdge[from] = edge;
        } else {
            edgeNext.set(lastEdge[from], edge);
        }
        lastEdge[from] = edge;
    }

    /** Drops parameters one by one, to a fixpoint; the work list is a queue, emptied. */
    private void dropSingly(IntList work) {
        for (int next = 0; next < work.size(); next++) {
            int p = work.get(next);
            if (replacement[p] != STAYS) {
                continue;
            }
            int agreed = agreedArgument(p);
            if (agreed != STAYS) {
                replace(p, agreed);
                for (int e = firstEdge[p]; e >= 0; e = edgeNext.get(e)) {
                    work.add(edgeTarget.get(e));
                }
            }
        }
        work.clear();
    }

    private void replace(int p, int by) {
        replacement[p] = by;
        replacedAny = true;
        if (isParameter(by)) {
            for (int e = firstEdge[p]; e >= 0; e = edgeNext.get(e)) {
                addEdge(by, edgeTarget.get(e));
            }
        }
    }

    /**
     * Drops groups of parameters that pass each other around and receive one atom from outside the group: the
     * groups are the strongly connected components of "is passed to"; a component with several outside atoms is
     * searched again for subcomponents whose members receive only from inside. Returns whether anything was
     * dropped.
     */
    private boolean dropCycles() {
        boolean changed = false;
        ArrayDeque<IntList> regions = new ArrayDeque<>();
        IntList all = new IntList();
        for (int p = 0; p < parameters; p++) {
            if (replacement[p] == STAYS) {
                all.add(p);
            }
        }
        regions.add(all);
        int[] member = new int[parameters];
        int stamp = 0;
        while (!regions.isEmpty()) {
            IntList region = regions.poll();
            for (IntList component : components(region)) {
                stamp++;
                for (int i = 0; i < component.size(); i++) {
                    member[component.get(i)] = stamp;
                }
                int outside = STAYS; // the one value from outside, while there is at most one
                boolean several = false;
                IntList inner = new IntList();
                for (int i = 0; i < component.size(); i++) {
                    int p = component.get(i);
                    boolean onlyInside = true;
                    for (int s = siteStart[parameterNode[p]]; s < siteStart[parameterNode[p] + 1]; s++) {
                        int a = resolve(sites[s][parameterPosition[p]]);
                        if (isParameter(a) && member[a] == stamp) {
                            continue;
                        }
                        onlyInside = false;
                        if (bottomMatchesAny && isBottom(a)) {
                            continue;
                        }
                        if (outside == STAYS) {
                            outside = a;
                        } else if (!same(outside, a)) {
                            several = true;
                        }
                    }
                    if (onlyInside) {
                        inner.add(p);
                    }
                }
                if (several) {
                    if (inner.size() > 0 && inner.size() < component.size()) {
                        inner.sort();
                        regions.add(inner);
                    }
                    continue;
                }
                int by = outside != STAYS ? outside : other(new Atom.Undef(variableAtoms.get(component.get(0)).type()));
                boolean inScope = true;
                for (int i = 0; i < component.size() && inScope; i++) {
                    inScope = inScope(by, parameterNode[component.get(i)]);
                }
                if (inScope) {
                    for (int i = 0; i < component.size(); i++) {
                        replace(component.get(i), by);
                    }
                    changed = true;
                }
            }
        }
        return changed;
    }

    /**
     * The strongly connected components of two or more members of the region (parameter numbers, increasing) under
     * "q's call sites pass p" (edges q → p), operands' components first (Tarjan's algorithm with an explicit stack;
     * a frame walks its parameter's call sites in place). A parameter alone is no group, and most are alone.
     */
    private List<IntList> components(IntList region) {
        if (number == null) {
            inRegion = new int[parameters];
            visited = new int[parameters];
            number = new int[parameters];
            low = new int[parameters];
            onStack = new boolean[parameters];
        }
        int call = ++componentsCalls; // marks this call's region and visits, so nothing is cleared
        for (int i = 0; i < region.size(); i++) {
            inRegion[region.get(i)] = call;
        }
        List<IntList> out = new ArrayList<>();
        numbered = 0;
        for (int r = 0; r < region.size(); r++) {
            int start = region.get(r);
            if (visited[start] == call) {
                continue;
            }
            enter(start, call);
            while (!frameParameter.isEmpty()) {
                int top = frameParameter.size() - 1;
                int v = frameParameter.get(top);
                int w = nextSuccessor(top, v, call);
                if (w >= 0) {
                    if (visited[w] != call) {
                        enter(w, call);
                    } else if (onStack[w]) {
                        low[v] = Math.min(low[v], number[w]);
                    }
                    continue;
                }
                frameParameter.pop();
                frameSite.pop();
                if (!frameParameter.isEmpty()) {
                    int parent = frameParameter.last();
                    low[parent] = Math.min(low[parent], low[v]);
                }
                if (low[v] == number[v] && stack.last() == v) {
                    stack.pop();
                    onStack[v] = false;
                } else if (low[v] == number[v]) {
                    IntList component = new IntList();
                    int u;
                    do {
                        u = stack.pop();
                        onStack[u] = false;
                        component.add(u);
                    } while (u != v);
                    out.add(component);
                }
            }
        }
        return out;
    }

    /** Tarjan's visit of a parameter: numbered, on the stack, and its frame on the call stack. */
    private void enter(int p, int call) {
        visited[p] = call;
        number[p] = low[p] = numbered++;
        stack.add(p);
        onStack[p] = true;
        frameParameter.add(p);
        frameSite.add(siteStart[parameterNode[p]]);
    }

    /**
     * The next parameter of the region that a call site passes for {@code p} (whose frame is {@code frame}), moving
     * the frame past it; −1 when there are no more.
     */
    private int nextSuccessor(int frame, int p, int call) {
        int end = siteStart[parameterNode[p] + 1];
        int position = parameterPosition[p];
        for (int s = frameSite.get(frame); s < end; s++) {
            int q = resolve(sites[s][position]);
            if (isParameter(q) && inRegion[q] == call && q != p) {
                frameSite.set(frame, s + 1);
                return q;
            }
        }
        frameSite.set(frame, end);
        return -1;
    }

    /** Whether the value is in scope at the definition of {@code node}. */
    private boolean inScope(int value, int node) {
        if (value < 0) {
            return true;
        }
        int at = boundAt(value);
        return at >= 0 && function.strictlyEncloses(at, node);
    }

    /** The node binding a numbered variable, asked of the function the first time. */
    private int boundAt(int value) {
        if (isParameter(value)) {
            return parameterNode[value];
        }
        if (boundAt == null) {
            boundAt = new int[variables.size()];
            Arrays.fill(boundAt, UNASKED);
        }
        if (boundAt[value] == UNASKED) {
            boundAt[value] = function.bindingNode(variableAtoms.get(value));
        }
        return boundAt[value];
    }

    /** The one value every call site passes for the parameter (other than itself), if it is in scope. */
    private int agreedArgument(int p) {
        int node = parameterNode[p];
        int position = parameterPosition[p];
        int agreed = STAYS;
        for (int s = siteStart[node]; s < siteStart[node + 1]; s++) {
            int a = resolve(sites[s][position]);
            if (a == p || bottomMatchesAny && isBottom(a)) {
                continue;
            }
            if (agreed == STAYS) {
                agreed = a;
            } else if (!same(agreed, a)) {
                return STAYS;
            }
        }
        if (agreed == STAYS) {
            return other(new Atom.Undef(variableAtoms.get(p).type()));
        }
        return inScope(agreed, node) ? agreed : STAYS;
    }

    /** The value standing for {@code value} after the replacements so far; shortens the chains it follows. */
    private int resolve(int value) {
        if (!isParameter(value) || replacement[value] == STAYS) {
            return value; // most values
        }
        int end = value;
        while (isParameter(end) && replacement[end] != STAYS) {
            end = replacement[end];
        }
        for (int p = value; p != end; ) {
            int next = replacement[p];
            replacement[p] = end;
            p = next;
        }
        return end;
    }

    /** Dense numbers for the variables the algorithm asks about, in the order they are first seen. */
    private static final class Numbering {
        /** Each variable's number here, by its number in the function; −1 while it has none. */
        private int[] numbers;
        private int size;

        Numbering(int varCount) {
            numbers = new int[Math.max(16, varCount)];
            Arrays.fill(numbers, -1);
        }

        /** Numbers {@code v}; whether it had no number before. */
        boolean add(Atom.Var v) {
            int before = size;
            number(v);
            return size > before;
        }

        /** The number of {@code v}, given it now if it has none. */
        int number(Atom.Var v) {
            if (v.id() >= numbers.length) {
                int old = numbers.length;
                numbers = Arrays.copyOf(numbers, Math.max(2 * old, v.id() + 1));
                Arrays.fill(numbers, old, numbers.length, -1);
            }
            if (numbers[v.id()] < 0) {
                numbers[v.id()] = size++;
            }
            return numbers[v.id()];
        }

        int size() {
            return size;
        }
    }
}
