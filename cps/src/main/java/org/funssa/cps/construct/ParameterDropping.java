package org.funssa.cps.construct;

import io.vavr.collection.Vector;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import org.funssa.core.graph.IntList;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.rewrite.Nest;
import org.funssa.cps.rewrite.Substitution;

/*
 * Seed 003 §6.2.2, parameter dropping, the second half of λ-dropping: a parameter p of local function
 * f is removed when every call site of f passes the same atom a, or p itself, and a is in scope at f's
 * definition (a constant, an address, ⊥, or a variable bound in a body that encloses f's definition);
 * uses of p become a, and the argument goes from every call site. Removing one parameter can make
 * another removable (its call sites passed p), so this repeats to a fixpoint — with a worklist of
 * parameters rather than rounds over the whole function: a removed parameter puts back on the list the
 * parameters it was passed to, and replacements are followed through a substitution map with path
 * compression. A parameter that only ever receives itself receives nothing: it becomes ⊥.
 *
 * One parameter at a time does not reach pruned SSA in irreducible loops, which two blocks enter: there
 * parameters of the two entries pass each other the value both receive from outside, and neither ever
 * sees only itself and one atom. So a second step drops such groups whole ("the parameter itself" read
 * as "a parameter of the same group", after Braun et al.'s removal of redundant φ SCCs), and the two
 * steps alternate until neither drops anything.
 *
 * The same engine, with ⊥ arguments matching any atom, is redundant-φ elimination
 * (RedundantPhiElimination).
 */

/** Parameter dropping: parameters that all call sites agree on become the atom they agree on. */
public final class ParameterDropping implements Pass {

    /** The pass of seed 003 §6.2.2. */
    public static final ParameterDropping PASS = new ParameterDropping("drop", false);

    private final String name;
    private final boolean bottomMatchesAny;

    ParameterDropping(String name, boolean bottomMatchesAny) {
        this.name = name;
        this.bottomMatchesAny = bottomMatchesAny;
    }

    @Override
    public String name() {
        return name;
    }

    /** The function with every droppable parameter dropped. */
    @Override
    public Function apply(Function function) {
        return new Run(Nest.of(function)).result();
    }

    /**
     * One application to one function. The variables the algorithm asks about are renumbered densely, through an
     * array indexed by the variables' own numbers: local functions' parameters first (in node order, then
     * position: the order the work list starts in), so the sets and maps of the algorithm are arrays indexed by
     * parameter, then the other variables that jumps pass, the only ones that can replace a parameter and so the
     * only ones whose scope is asked.
     *
     * <p>Each argument of each jump is read once, when the call sites are collected, and kept as a <em>value</em>:
     * a variable's number (≥ 0), or −1 − i for the i-th of the other atoms (constants, addresses, ⊥). The
     * fixpoint, the scope tests and the components work on values alone; what was dropped is then replaced
     * through a substitution of the dropped parameters alone. The pass needs every variable bound once.
     * Redundant-φ elimination after construction drops almost nothing (none of the parameters of a generated
     * straight-line function, few of those of one of loops) but must look at everything, so it must not pay a
     * lookup per argument or a list per parameter and per visit.
     */
    private final class Run {
        /** The replacement of a parameter that stays. */
        private static final int STAYS = Integer.MIN_VALUE;

        private final Nest index;
        /**
         * The parameters of local functions, then the other variables jumps pass, numbered; those below
         * {@link #parameters} are parameters.
         */
        private final Numbering variables;
        /** Each numbered variable, by number. */
        private final List<Atom.Var> variableAtoms = new ArrayList<>();
        private final int parameters;
        /** For each parameter: its node and position. */
        private final int[] parameterNode;
        private final int[] parameterPosition;
        /**
         * The node binding each numbered variable (for scope), by number; −1 for one bound nowhere. Parameters'
         * nodes are known from the start; a let-bound variable's once {@link #letsBound}, when a scope question
         * first asks about a variable that is not a parameter: deciding most parameters needs none (two call sites
         * disagree), and the lets are as many as the function's instructions.
         */
        private final int[] boundAt;
        private boolean letsBound;
        /** The atoms that are not numbered variables: value −1 − i is {@code others.get(i)}. */
        private final List<Atom> others = new ArrayList<>();
        /**
         * The call sites of each node, as the values the jumps to it pass, one per parameter:
         * {@code sites[siteStart[node]]} to {@code sites[siteStart[node + 1] − 1]}, in the order of the jumps.
         */
        private final int[] siteStart;
        private final int[][] sites;
        /**
         * "Is passed to", from parameter to parameter, as lists in arrays: each parameter's first and last edge
         * (−1 for none), and each edge's target and next edge. Appending keeps the order the work list uses.
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

        Run(Nest index) {
            this.index = index;
            this.variables = new Numbering(index.function().varCount());
            int count = 0;
            for (int node = 1; node < index.size(); node++) {
                for (Atom.Var p : index.fn(node).params()) {
                    if (variables.add(p)) {
                        variableAtoms.add(p);
                    }
                    count++;
                }
            }
            parameters = variables.size();
            if (parameters != count) {
                throw new IllegalArgumentException("function " + index.function().name() + ": a parameter is "
                        + "bound twice; " + name + " needs every variable bound once (the verifier says where)");
            }
            int n = index.size();
            parameterNode = new int[parameters];
            parameterPosition = new int[parameters];
            int[] firstParameter = new int[n];
            for (int node = 1, id = 0; node < n; node++) {
                firstParameter[node] = id;
                for (int i = 0; i < index.fn(node).params().size(); i++, id++) {
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
            List<int[]> passed = new ArrayList<>();
            siteStart = new int[n + 1];
            for (int node = 0; node < n; node++) {
                Tail tail = index.body(node).tail();
                for (int k = 0; k < tail.jumpCount(); k++) {
                    Tail.Jump jump = tail.jump(k);
                    int target = index.target(node, k);
                    if (target < 0) {
                        throw new IllegalArgumentException("function " + index.function().name() + ": jump to "
                                + jump.target() + ", which no local function defines");
                    }
                    int arity = index.fn(target).params().size();
                    if (jump.args().size() < arity) {
                        throw new IllegalArgumentException("function " + index.function().name() + ": a jump to "
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
                    passed.add(values);
                    siteStart[target + 1]++;
                }
            }
            for (int node = 0; node < n; node++) {
                siteStart[node + 1] += siteStart[node];
            }
            sites = new int[passed.size()][];
            int[] next = Arrays.copyOf(siteStart, n);
            for (int j = 0; j < passed.size(); j++) {
                sites[next[targets.get(j)]++] = passed.get(j);
            }

            boundAt = new int[variables.size()];
            Arrays.fill(boundAt, -1);
            System.arraycopy(parameterNode, 0, boundAt, 0, parameters);
            index.function().params().forEach(p -> bind(p, Nest.ROOT));
        }

        /** Records where the lets bind the variables the algorithm asks about; once, on the first question. */
        private void bindLets() {
            letsBound = true;
            for (int node = 0; node < index.size(); node++) {
                for (Let let : index.body(node).lets()) {
                    for (int i = 0; i < let.arity(); i++) {
                        bind(let.var(i), node);
                    }
                }
            }
        }

        private static String count(int n, String noun) {
            return n + " " + noun + (n == 1 ? "" : "s");
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

        /** Records where {@code v} is bound, if it is a variable the algorithm asks about. */
        private void bind(Atom.Var v, int node) {
            int id = variables.numberOrMinus(v);
            if (id >= 0) {
                boundAt[id] = node;
            }
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

        Function result() {
            IntList work = new IntList();
            do {
                for (int p = 0; p < parameters; p++) {
                    if (replacement[p] == STAYS) {
                        work.add(p);
                    }
                }
                dropSingly(work);
            } while (dropCycles());
            if (!replacedAny) {
                return index.function();
            }
            return index.function().withBody(rebuild());
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
         * Drops groups of parameters that pass each other around and receive one atom from outside the group
         * (Braun et al., CC 2013, §3.2, "redundant φ SCCs"): in irreducible loops, no member of such a group
         * ever sees only itself and one atom. The groups are the strongly connected components of "is passed
         * to"; a component with several outside atoms is searched again for subcomponents whose members receive
         * only from inside. Returns whether anything was dropped.
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
                    if (component.size() < 2) {
                        continue;
                    }
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
                    int by = outside != STAYS ? outside : other(new Atom.Undef(parameterAtom(component.get(0)).type()));
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

        /** The parameter's variable. */
        private Atom.Var parameterAtom(int p) {
            return variableAtoms.get(p);
        }

        /**
         * The strongly connected components of the region (parameter numbers, increasing) under "q's call sites
         * pass p" (edges q → p), operands' components first (Tarjan's algorithm with an explicit stack; a frame
         * walks its parameter's call sites in place).
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
                    if (low[v] == number[v]) {
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
         * The next parameter of the region that a call site passes for {@code p} (whose frame is {@code frame}),
         * moving the frame past it; −1 when there are no more.
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

        private boolean inScope(int value, int node) {
            if (value >= parameters && !letsBound) {
                bindLets();
            }
            return value < 0 || boundAt[value] >= 0 && index.strictlyEncloses(boundAt[value], node);
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
                return other(new Atom.Undef(parameterAtom(p).type()));
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

        /**
         * The nest with the dropped parameters gone and every use of one replaced. What a drop does not touch is
         * kept as it is, shared with the input: construction drops few parameters, and a copy of every let
         * would double the memory the function takes while it is rebuilt. Uses are replaced by a substitution of
         * the dropped parameters alone.
         */
        private Body rebuild() {
            Substitution replaced = Substitution.empty();
            BitSet[] dropped = new BitSet[index.size()]; // null for a node that keeps all its parameters
            for (int p = 0; p < parameters; p++) {
                if (replacement[p] != STAYS) {
                    int node = parameterNode[p];
                    if (dropped[node] == null) {
                        dropped[node] = new BitSet();
                    }
                    dropped[node].set(parameterPosition[p]);
                    replaced = replaced.with(parameterAtom(p), atom(resolve(p)));
                }
            }
            Substitution uses = replaced;
            return index.rewrite(
                    (node, body) -> body.with(uses.apply(body.lets()), body.functions(),
                            uses.apply(body.tail().mapJumps(j -> withoutDropped(j, dropped)))),
                    (node, fn) -> dropped[node] == null ? fn
                            : fn.withParams(withoutDropped(fn.params(), dropped[node])))
                    .body();
        }

        /** The jump without the arguments of its target's dropped parameters. */
        private Tail.Jump withoutDropped(Tail.Jump j, BitSet[] dropped) {
            BitSet gone = dropped[index.node(j.target())];
            return gone == null ? j : j.withArgs(withoutDropped(j.args(), gone));
        }

        private static <T> Vector<T> withoutDropped(Vector<T> items, BitSet gone) {
            return items.zipWithIndex().filter(t -> !gone.get(t._2)).map(t -> t._1);
        }
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

        /** The number of {@code v}, or −1 when it has none. */
        int numberOrMinus(Atom.Var v) {
            return v.id() < numbers.length ? numbers[v.id()] : -1;
        }

        int size() {
            return size;
        }
    }
}
