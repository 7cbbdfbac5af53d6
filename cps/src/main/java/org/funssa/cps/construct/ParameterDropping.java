package org.funssa.cps.construct;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
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

    /** One application to one function. */
    private final class Run {
        private final NestIndex index;
        /** The node binding each variable (for scope). */
        private final Map<String, Integer> boundAt = new HashMap<>();
        /** For each parameter of a local function: its node and position. */
        private final Map<String, int[]> parameter = new HashMap<>();
        /** For each node, the argument lists of the jumps to it. */
        private final List<List<Vector<Atom>>> callSites = new ArrayList<>();
        /** For each variable, the parameters it is passed to. */
        private final Map<String, List<String>> passedTo = new HashMap<>();
        private final Map<String, Atom> replacement = new HashMap<>();

        Run(NestIndex index) {
            this.index = index;
            index.function().params().forEach(p -> boundAt.put(p.name(), NestIndex.ROOT));
            for (int node = 0; node < index.size(); node++) {
                callSites.add(new ArrayList<>(2));
            }
            for (int node = 0; node < index.size(); node++) {
                if (node != NestIndex.ROOT) {
                    Vector<Atom.Var> params = index.fn(node).params();
                    for (int i = 0; i < params.size(); i++) {
                        boundAt.put(params.get(i).name(), node);
                        parameter.put(params.get(i).name(), new int[] {node, i});
                    }
                }
                for (Let let : index.body(node).lets()) {
                    for (Atom.Var v : let.vars()) {
                        boundAt.put(v.name(), node);
                    }
                }
            }
            for (int node = 0; node < index.size(); node++) {
                for (Tail.Jump jump : index.body(node).tail().jumps()) {
                    int target = index.node(jump.target().name());
                    if (target < 0) {
                        throw new IllegalArgumentException("function " + index.function().name() + ": jump to "
                                + jump.target() + ", which no local function defines");
                    }
                    callSites.get(target).add(jump.args());
                    Vector<Atom.Var> params = index.fn(target).params();
                    for (int i = 0; i < jump.args().size() && i < params.size(); i++) {
                        if (jump.args().get(i) instanceof Atom.Var v) {
                            passedTo.computeIfAbsent(v.name(), k -> new ArrayList<>(1)).add(params.get(i).name());
                        }
                    }
                }
            }
        }

        Function result() {
            ArrayDeque<String> work = new ArrayDeque<>();
            do {
                for (int node = 1; node < index.size(); node++) {
                    index.fn(node).params().filter(p -> !replacement.containsKey(p.name()))
                            .forEach(p -> work.add(p.name()));
                }
                dropSingly(work);
            } while (dropCycles());
            if (replacement.isEmpty()) {
                return index.function();
            }
            return index.function().withBody(rebuild());
        }

        /** Drops parameters one by one, to a fixpoint. */
        private void dropSingly(ArrayDeque<String> work) {
            while (!work.isEmpty()) {
                String p = work.poll();
                if (replacement.containsKey(p)) {
                    continue;
                }
                Option<Atom> agreed = agreedArgument(p);
                if (agreed.isDefined()) {
                    replace(p, agreed.get());
                    work.addAll(passedTo.getOrDefault(p, List.of()));
                }
            }
        }

        private void replace(String p, Atom by) {
            replacement.put(p, by);
            List<String> receivers = passedTo.getOrDefault(p, List.of());
            if (by instanceof Atom.Var v && !receivers.isEmpty()) {
                passedTo.computeIfAbsent(v.name(), k -> new ArrayList<>(receivers.size())).addAll(receivers);
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
            ArrayDeque<Set<String>> regions = new ArrayDeque<>();
            Set<String> all = new HashSet<>();
            for (int node = 1; node < index.size(); node++) {
                index.fn(node).params().filter(p -> !replacement.containsKey(p.name())).forEach(p -> all.add(p.name()));
            }
            regions.add(all);
            while (!regions.isEmpty()) {
                Set<String> region = regions.poll();
                for (List<String> component : components(region)) {
                    if (component.size() < 2) {
                        continue;
                    }
                    Set<String> members = new HashSet<>(component);
                    Set<Atom> outside = new HashSet<>();
                    Set<String> inner = new HashSet<>();
                    for (String p : component) {
                        boolean onlyInside = true;
                        for (Atom a : operands(p)) {
                            if (a instanceof Atom.Var v && members.contains(v.name())) {
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
                        if (!inner.isEmpty() && inner.size() < component.size()) {
                            regions.add(inner);
                        }
                        continue;
                    }
                    int[] first = parameter.get(component.get(0));
                    Atom by = outside.isEmpty()
                            ? new Atom.Undef(index.fn(first[0]).params().get(first[1]).type())
                            : outside.iterator().next();
                    if (component.stream().allMatch(p -> inScope(by, parameter.get(p)[0]))) {
                        component.forEach(p -> replace(p, by));
                        changed = true;
                    }
                }
            }
            return changed;
        }

        /** The atoms the call sites pass for the parameter, after the replacements so far. */
        private List<Atom> operands(String p) {
            int[] at = parameter.get(p);
            List<Atom> out = new ArrayList<>();
            for (Vector<Atom> args : callSites.get(at[0])) {
                out.add(resolve(args.get(at[1])));
            }
            return out;
        }

        /**
         * The strongly connected components of the region under "q's call sites pass p" (edges q → p), operands'
         * components first (Tarjan's algorithm with an explicit stack).
         */
        private List<List<String>> components(Set<String> region) {
            List<List<String>> out = new ArrayList<>();
            Map<String, Integer> number = new HashMap<>();
            Map<String, Integer> low = new HashMap<>();
            ArrayDeque<String> stack = new ArrayDeque<>();
            Set<String> onStack = new HashSet<>();
            ArrayDeque<Object[]> calls = new ArrayDeque<>();
            for (String start : region) {
                if (number.containsKey(start)) {
                    continue;
                }
                calls.push(new Object[] {start, successors(start, region), 0});
                number.put(start, number.size());
                low.put(start, number.get(start));
                stack.push(start);
                onStack.add(start);
                while (!calls.isEmpty()) {
                    Object[] frame = calls.peek();
                    String v = (String) frame[0];
                    @SuppressWarnings("unchecked")
                    List<String> next = (List<String>) frame[1];
                    int i = (Integer) frame[2];
                    if (i < next.size()) {
                        frame[2] = i + 1;
                        String w = next.get(i);
                        if (!number.containsKey(w)) {
                            number.put(w, number.size());
                            low.put(w, number.get(w));
                            stack.push(w);
                            onStack.add(w);
                            calls.push(new Object[] {w, successors(w, region), 0});
                        } else if (onStack.contains(w)) {
                            low.put(v, Math.min(low.get(v), number.get(w)));
                        }
                        continue;
                    }
                    calls.pop();
                    if (!calls.isEmpty()) {
                        String parent = (String) calls.peek()[0];
                        low.put(parent, Math.min(low.get(parent), low.get(v)));
                    }
                    if (low.get(v).equals(number.get(v))) {
                        List<String> component = new ArrayList<>();
                        String w;
                        do {
                            w = stack.pop();
                            onStack.remove(w);
                            component.add(w);
                        } while (!w.equals(v));
                        out.add(component);
                    }
                }
            }
            return out;
        }

        /** The parameters of the region that the call sites pass for p. */
        private List<String> successors(String p, Set<String> region) {
            List<String> out = new ArrayList<>();
            for (Atom a : operands(p)) {
                if (a instanceof Atom.Var v && region.contains(v.name()) && !v.name().equals(p)) {
                    out.add(v.name());
                }
            }
            return out;
        }

        private boolean inScope(Atom a, int node) {
            return !(a instanceof Atom.Var v)
                    || boundAt.containsKey(v.name()) && index.strictlyEncloses(boundAt.get(v.name()), node);
        }

        /** The one atom every call site passes for the parameter (other than itself), if it is in scope. */
        private Option<Atom> agreedArgument(String p) {
            int[] at = parameter.get(p);
            int node = at[0];
            Atom.Var self = index.fn(node).params().get(at[1]);
            Atom agreed = null;
            for (Vector<Atom> args : callSites.get(node)) {
                Atom a = resolve(args.get(at[1]));
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
            Atom end = a;
            while (end instanceof Atom.Var v && replacement.containsKey(v.name())) {
                end = replacement.get(v.name());
            }
            Atom step = a;
            while (step instanceof Atom.Var v && replacement.containsKey(v.name())) {
                step = replacement.put(v.name(), end);
            }
            return end;
        }

        private Body rebuild() {
            int n = index.size();
            BitSet[] dropped = new BitSet[n];
            for (int node = 1; node < n; node++) {
                Vector<Atom.Var> params = index.fn(node).params();
                dropped[node] = new BitSet(params.size());
                for (int i = 0; i < params.size(); i++) {
                    if (replacement.containsKey(params.get(i).name())) {
                        dropped[node].set(i);
                    }
                }
            }
            Body[] bodies = new Body[n];
            for (int node = n - 1; node >= 0; node--) {
                Body old = index.body(node);
                Vector<Fn> local = Vector.empty();
                for (int c : index.children(node)) {
                    Fn fn = index.fn(c);
                    BitSet gone = dropped[c];
                    local = local.append(new Fn(fn.label(), fn.params().zipWithIndex()
                            .filter(t -> !gone.get(t._2)).map(t -> t._1), bodies[c]));
                    bodies[c] = null; // built into its parent
                }
                bodies[node] = new Body(old.lets().map(this::let), local, tail(old.tail(), dropped));
            }
            return bodies[NestIndex.ROOT];
        }

        private Let let(Let let) {
            return new Let(let.vars(), let.expr().mapAtoms(this::resolve));
        }

        private Tail tail(Tail tail, BitSet[] dropped) {
            return switch (tail) {
                case Tail.Jump j -> jump(j, dropped);
                case Tail.Branch b -> new Tail.Branch(resolve(b.condition()), jump(b.ifTrue(), dropped),
                        jump(b.ifFalse(), dropped));
                case Tail.Switch s -> new Tail.Switch(resolve(s.value()),
                        s.cases().map(c -> new Tail.Case(c.value(), jump(c.target(), dropped))),
                        jump(s.otherwise(), dropped));
                case Tail.Return r -> new Tail.Return(r.values().map(this::resolve));
            };
        }

        private Tail.Jump jump(Tail.Jump j, BitSet[] dropped) {
            BitSet gone = dropped[index.node(j.target().name())];
            return new Tail.Jump(j.target(), j.args().zipWithIndex().filter(t -> !gone.get(t._2))
                    .map(t -> resolve(t._1)));
        }
    }
}
