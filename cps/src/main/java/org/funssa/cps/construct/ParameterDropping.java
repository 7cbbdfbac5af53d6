package org.funssa.cps.construct;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.funssa.core.graph.IntList;
import org.funssa.core.names.NameSet;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Program;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.pass.Pass;

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

    @Override
    public Program apply(Program program) {
        return new Program(program.name(), program.symbols(), program.data(), program.functions().map(this::apply));
    }

    /** The function with every droppable parameter dropped. */
    public Function apply(Function function) {
        return new Run(NestIndex.of(function)).result();
    }

    /**
     * One application to one function. The variables the algorithm asks about are numbered once: local
     * functions' parameters first (in node order, then position: the order the work list starts in), so the
     * sets and maps of the algorithm are arrays indexed by parameter, then the other variables that jumps pass,
     * the only ones that can replace a parameter and so the only ones whose scope is asked. Only they: numbering
     * every let's variable put each of them in the table too, and on a function of 10^5 instructions the
     * lookups in that table (one per operand, most of them misses in a table far larger than the cache) were
     * half of the time.
     */
    private final class Run {
        private final NestIndex index;
        /**
         * The parameters of local functions, then the other variables jumps pass, numbered; those below
         * {@link #parameters} are parameters.
         */
        private final NameSet variables = new NameSet();
        /** The node binding each numbered variable (for scope), by number; −1 for one bound nowhere. */
        private final int[] boundAt;
        private final int parameters;
        /** For each parameter: its node and position. */
        private final int[] parameterNode;
        private final int[] parameterPosition;
        /** For each node, the argument lists of the jumps to it. */
        private final List<List<Vector<Atom>>> callSites = new ArrayList<>();
        /** For each parameter, the parameters it is passed to. */
        private final IntList[] passedTo;
        /** For each parameter, the atom replacing it, or null while it stays. */
        private final Atom[] replacement;
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
        /** Frames of the explicit call stack: the parameter and how many of its successors were visited. */
        private final ArrayDeque<int[]> calls = new ArrayDeque<>();
        private final ArrayDeque<int[]> successorsOf = new ArrayDeque<>();

        Run(NestIndex index) {
            this.index = index;
            int count = 0;
            for (int node = 1; node < index.size(); node++) {
                for (Atom.Var p : index.fn(node).params()) {
                    variables.add(p.name());
                    count++;
                }
            }
            parameters = variables.size();
            if (parameters != count) {
                throw new IllegalArgumentException("function " + index.function().name() + ": a parameter name is "
                        + "bound twice; " + name + " needs every variable bound once (the verifier says where)");
            }
            parameterNode = new int[parameters];
            parameterPosition = new int[parameters];
            int[] firstParameter = new int[index.size()];
            for (int node = 1, id = 0; node < index.size(); node++) {
                firstParameter[node] = id;
                for (int i = 0; i < index.fn(node).params().size(); i++, id++) {
                    parameterNode[id] = node;
                    parameterPosition[id] = i;
                }
            }
            passedTo = new IntList[parameters];
            replacement = new Atom[parameters];
            for (int node = 0; node < index.size(); node++) {
                callSites.add(new ArrayList<>(2));
            }
            for (int node = 0; node < index.size(); node++) {
                for (Tail.Jump jump : index.body(node).tail().jumps()) {
                    int target = index.node(jump.target().name());
                    if (target < 0) {
                        throw new IllegalArgumentException("function " + index.function().name() + ": jump to "
                                + jump.target() + ", which no local function defines");
                    }
                    callSites.get(target).add(jump.args());
                    int arity = index.fn(target).params().size();
                    for (int i = 0; i < jump.args().size(); i++) {
                        if (jump.args().get(i) instanceof Atom.Var v) {
                            int from = variables.number(v.name());
                            if (from < parameters && i < arity) {
                                passed(from).add(firstParameter[target] + i);
                            }
                        }
                    }
                }
            }
            boundAt = new int[variables.size()];
            Arrays.fill(boundAt, -1);
            System.arraycopy(parameterNode, 0, boundAt, 0, parameters);
            index.function().params().forEach(p -> bind(p, NestIndex.ROOT));
            for (int node = 0; node < index.size(); node++) {
                for (Let let : index.body(node).lets()) {
                    for (Atom.Var v : let.vars()) {
                        bind(v, node);
                    }
                }
            }
        }

        /** Records where {@code v} is bound, if it is a variable the algorithm asks about. */
        private void bind(Atom.Var v, int node) {
            int number = variables.numberOrMinus(v.name());
            if (number >= 0) {
                boundAt[number] = node;
            }
        }

        /** The parameter number of the atom, or −1 when it is not a local function's parameter. */
        private int parameter(Atom a) {
            if (a instanceof Atom.Var v) {
                int number = variables.numberOrMinus(v.name());
                return number < parameters ? number : -1;
            }
            return -1;
        }

        private IntList passed(int p) {
            if (passedTo[p] == null) {
                passedTo[p] = new IntList();
            }
            return passedTo[p];
        }

        Function result() {
            IntList work = new IntList();
            do {
                for (int p = 0; p < parameters; p++) {
                    if (replacement[p] == null) {
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
                if (replacement[p] != null) {
                    continue;
                }
                Option<Atom> agreed = agreedArgument(p);
                if (agreed.isDefined()) {
                    replace(p, agreed.get());
                    if (passedTo[p] != null) {
                        work.addAll(passedTo[p]);
                    }
                }
            }
            work.clear();
        }

        private void replace(int p, Atom by) {
            replacement[p] = by;
            replacedAny = true;
            int q = parameter(by);
            if (q >= 0 && passedTo[p] != null) {
                passed(q).addAll(passedTo[p]);
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
                if (replacement[p] == null) {
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
                    Set<Atom> outside = new HashSet<>();
                    IntList inner = new IntList();
                    for (int i = 0; i < component.size(); i++) {
                        int p = component.get(i);
                        boolean onlyInside = true;
                        for (Atom a : operands(p)) {
                            int q = parameter(a);
                            if (q >= 0 && member[q] == stamp) {
                                continue;
                            }
                            onlyInside = false;
                            if (!(bottomMatchesAny && a instanceof Atom.Undef)) {
                                outside.add(a);
                            }
                        }
                        if (onlyInside) {
                            inner.add(p);
                        }
                    }
                    if (outside.size() > 1) {
                        if (inner.size() > 0 && inner.size() < component.size()) {
                            inner.sort();
                            regions.add(inner);
                        }
                        continue;
                    }
                    int first = component.get(0);
                    Atom by = outside.isEmpty()
                            ? new Atom.Undef(index.fn(parameterNode[first]).params().get(parameterPosition[first]).type())
                            : outside.iterator().next();
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

        /** The atoms the call sites pass for the parameter, after the replacements so far. */
        private List<Atom> operands(int p) {
            List<Atom> out = new ArrayList<>();
            for (Vector<Atom> args : callSites.get(parameterNode[p])) {
                out.add(resolve(args.get(parameterPosition[p])));
            }
            return out;
        }

        /**
         * The strongly connected components of the region (parameter numbers, increasing) under "q's call sites
         * pass p" (edges q → p), operands' components first (Tarjan's algorithm with an explicit stack).
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
                while (!calls.isEmpty()) {
                    int[] frame = calls.peek();
                    int v = frame[0];
                    int[] next = successorsOf.peek();
                    if (frame[1] < next.length) {
                        int w = next[frame[1]++];
                        if (visited[w] != call) {
                            enter(w, call);
                        } else if (onStack[w]) {
                            low[v] = Math.min(low[v], number[w]);
                        }
                        continue;
                    }
                    calls.pop();
                    successorsOf.pop();
                    if (!calls.isEmpty()) {
                        int parent = calls.peek()[0];
                        low[parent] = Math.min(low[parent], low[v]);
                    }
                    if (low[v] == number[v]) {
                        IntList component = new IntList();
                        int w;
                        do {
                            w = stack.pop();
                            onStack[w] = false;
                            component.add(w);
                        } while (w != v);
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
            calls.push(new int[] {p, 0});
            successorsOf.push(successors(p, call));
        }

        /** The parameters of the region that the call sites pass for p. */
        private int[] successors(int p, int call) {
            IntList out = new IntList();
            for (Atom a : operands(p)) {
                int q = parameter(a);
                if (q >= 0 && inRegion[q] == call && q != p) {
                    out.add(q);
                }
            }
            return out.toArray();
        }

        private boolean inScope(Atom a, int node) {
            if (!(a instanceof Atom.Var v)) {
                return true;
            }
            int number = variables.numberOrMinus(v.name());
            return number >= 0 && boundAt[number] >= 0 && index.strictlyEncloses(boundAt[number], node);
        }

        /** The one atom every call site passes for the parameter (other than itself), if it is in scope. */
        private Option<Atom> agreedArgument(int p) {
            int node = parameterNode[p];
            int position = parameterPosition[p];
            Atom.Var self = index.fn(node).params().get(position);
            Atom agreed = null;
            for (Vector<Atom> args : callSites.get(node)) {
                Atom a = resolve(args.get(position));
                if (a.equals(self) || bottomMatchesAny && a instanceof Atom.Undef) {
                    continue;
                }
                if (agreed == null) {
                    agreed = a;
                } else if (!agreed.equals(a)) {
                    return Option.none();
                }
            }
            if (agreed == null) {
                return Option.of(new Atom.Undef(self.type()));
            }
            return inScope(agreed, node) ? Option.of(agreed) : Option.none();
        }

        /** The atom standing for {@code a} after the replacements so far; shortens the chains it follows. */
        private Atom resolve(Atom a) {
            int first = parameter(a);
            if (first < 0 || replacement[first] == null) {
                return a; // most atoms: looked up once
            }
            Atom end = a;
            for (int p = first; p >= 0 && replacement[p] != null; p = parameter(end)) {
                end = replacement[p];
            }
            Atom step = a;
            for (int p = parameter(step); p >= 0 && replacement[p] != null; p = parameter(step)) {
                step = replacement[p];
                replacement[p] = end;
            }
            return end;
        }

        /**
         * The nest with the dropped parameters gone and every use of one replaced. What a drop does not touch is
         * kept as it is, shared with the input: construction drops few parameters, and a copy of every let
         * would double the memory the function takes while it is rebuilt.
         */
        private Body rebuild() {
            int n = index.size();
            BitSet[] dropped = new BitSet[n];
            for (int node = 1, id = 0; node < n; node++) {
                Vector<Atom.Var> params = index.fn(node).params();
                dropped[node] = new BitSet(params.size());
                for (int i = 0; i < params.size(); i++, id++) {
                    if (replacement[id] != null) {
                        dropped[node].set(i);
                    }
                }
            }
            Body[] bodies = new Body[n];
            for (int node = n - 1; node >= 0; node--) {
                Body old = index.body(node);
                Vector<Fn> local = old.functions();
                int position = 0;
                for (int c : index.children(node)) {
                    Fn fn = index.fn(c);
                    BitSet gone = dropped[c];
                    if (!gone.isEmpty() || bodies[c] != fn.body()) {
                        local = local.update(position, new Fn(fn.label(), gone.isEmpty() ? fn.params()
                                : fn.params().zipWithIndex().filter(t -> !gone.get(t._2)).map(t -> t._1), bodies[c]));
                    }
                    bodies[c] = null; // built into its parent
                    position++;
                }
                Vector<Let> lets = lets(old.lets());
                Tail tail = tail(old.tail(), dropped);
                bodies[node] = lets == old.lets() && local == old.functions() && tail == old.tail() ? old
                        : new Body(lets, local, tail);
            }
            return bodies[NestIndex.ROOT];
        }

        /** The lets with replacements made; the same vector when no let reads a dropped parameter. */
        private Vector<Let> lets(Vector<Let> lets) {
            Vector<Let> out = lets;
            int k = 0;
            for (Let let : lets) {
                Let now = let(let);
                if (now != let) {
                    out = out.update(k, now);
                }
                k++;
            }
            return out;
        }

        /** The let with replacements made; the same let when none of its operands is replaced. */
        private Let let(Let let) {
            for (Atom a : let.expr().operands()) {
                if (resolve(a) != a) {
                    return new Let(let.vars(), let.expr().mapAtoms(this::resolve));
                }
            }
            return let;
        }

        /** The tail with replacements made and dropped arguments gone; the same tail when nothing changes. */
        private Tail tail(Tail tail, BitSet[] dropped) {
            return switch (tail) {
                case Tail.Jump j -> jump(j, dropped);
                case Tail.Branch b -> {
                    Atom condition = resolve(b.condition());
                    Tail.Jump ifTrue = jump(b.ifTrue(), dropped);
                    Tail.Jump ifFalse = jump(b.ifFalse(), dropped);
                    yield condition == b.condition() && ifTrue == b.ifTrue() && ifFalse == b.ifFalse() ? b
                            : new Tail.Branch(condition, ifTrue, ifFalse);
                }
                case Tail.Switch s -> {
                    Atom value = resolve(s.value());
                    Vector<Tail.Case> cases = s.cases().map(c -> {
                        Tail.Jump target = jump(c.target(), dropped);
                        return target == c.target() ? c : new Tail.Case(c.value(), target);
                    });
                    Tail.Jump otherwise = jump(s.otherwise(), dropped);
                    yield value == s.value() && otherwise == s.otherwise()
                            && cases.zipWith(s.cases(), (now, was) -> now == was).forAll(same -> same) ? s
                            : new Tail.Switch(value, cases, otherwise);
                }
                case Tail.Return r -> r.values().exists(v -> resolve(v) != v)
                        ? new Tail.Return(r.values().map(this::resolve)) : r;
            };
        }

        private Tail.Jump jump(Tail.Jump j, BitSet[] dropped) {
            BitSet gone = dropped[index.node(j.target().name())];
            if (gone.isEmpty() && !j.args().exists(a -> resolve(a) != a)) {
                return j;
            }
            return new Tail.Jump(j.target(), j.args().zipWithIndex().filter(t -> !gone.get(t._2))
                    .map(t -> resolve(t._1)));
        }
    }
}
