package org.funssa.destruct.sreedhar;

/*
 * Source: seed 004 §5.4 (Sreedhar, Ju, Gillies, Santhanam, "Translating out of static single assignment
 * form", SAS 1999): Methods I, II and III of §5.4.6 (which resources get copies, see Method) over the
 * algorithm listed there for Method III with the seed's corrections, and §5.5.1 (Sreedhar's SSA-based
 * coalescing). Steps 1, 2, 3, 6, 7 and 8 are common to the three methods; steps 4 and 5 are Method III's
 * choice, Method I copies every resource and Method II both resources of every interfering pair.
 *  - φ-congruence classes are kept in PhiCongruence, where every member points to its class's
 *    representative, so merging the classes of one φ merges every class its resources already belong to
 *    (Note 1) and a class has a single entity (Note 2).
 *  - no interference test between two resources whose classes are already one (§5.4.6, step 4), in
 *    Methods II and III.
 *  - after each copy the interference graph and the LiveIn/LiveOut sets are updated as step 6 says, for
 *    every method (for Method II the seed says only that "the interference graph and Phi Congruence Class
 *    should be updated"; the coalescing of §5.5.1 needs the graph for Method I too).
 *  - LiveOut of the predecessor for source resources, LiveIn of the φ's block for the target.
 *  - deviation from step 6, which gives the copy xnew_i only to "the current φ-function": when a copy x' ← x
 *    is placed at the end of predecessor Lk, the φs of the block not yet processed that also take x from Lk,
 *    and whose own choice (steps 4 and 5 as the classes stand, or Method I's or II's) would copy x there as
 *    well, take x' instead. x' holds x's value at the end of Lk (a copy in SSA form), so x's live range ends
 *    at that copy and x stops interfering with what the later copies at the end of Lk define. Reason: a
 *    block whose φs take one source twice while swapping it with another, as (a, b, c) ← φ(…, (b, c, b)) in
 *    the corpus program TestSsa/higeswap, otherwise costs Method III more copies than the naive method with
 *    Chaitin's coalescing (17 against 16 there; issue 4 asks for no more), whose sequentialized parallel copy
 *    reads a moved value from its new place in the same way (Boissinot et al., CGO 2009, Algorithm 1): the
 *    swap then needs a copy of the target as well. The coalescing of §5.5.1 cannot make up for it, as every
 *    copy left there joins variables that interfere and hold different values. The seed says itself that
 *    Method III's choice is not minimal (§5.4.6). Only a source the later φ would copy anyway is replaced,
 *    never one it would take as it is.
 *  - constant φ sources are first copied into new variables in the predecessor ("preprocessing for
 *    φ-functions"); the other preprocessing, replacing block-local temporaries used once by their
 *    expression, is done for every method by the LIR writer.
 *  - copies go before the final branch of a block, never after it, and the critical-edge caveat of §5.4.6
 *    (and the §5.3.5 problem of a copy before a branch that reads the copied variable) is met the
 *    conservative way the seed names: every edge out of a branch or switch that passes arguments gets its
 *    own block first (a parameterless local function), so each φ source has a predecessor with a single
 *    successor. Such a block that receives no copy is folded back into the branch at the end.
 * In the functional IR a block's parameters are its φ targets and the arguments of the jumps to it the φ
 * sources, one per edge. A target copy renames the parameter and binds the old name to it by a let at the
 * start of the block; a source copy is a let at the end of the predecessor. Finally every class is given
 * one name, which makes every jump conventional.
 */

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.UnaryOperator;
import org.funssa.core.graph.IntList;
import org.funssa.core.names.NameSupply;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.ir.Type;
import org.funssa.cps.ir.VarSupply;
import org.funssa.destruct.Congruence;
import org.funssa.destruct.CopyStats;
import org.funssa.destruct.Destruction;
import org.funssa.destruct.liveness.Interference;
import org.funssa.cps.liveness.LiveSet;
import org.funssa.cps.liveness.Liveness;
import org.funssa.cps.liveness.Occurrences;
import org.funssa.cps.rewrite.EdgeSplitting;
import org.funssa.cps.rewrite.Nest;

/**
 * Sreedhar et al.'s Method I, II or III, followed (by default) by their SSA-based coalescing. Pass names
 * {@code srd1}, {@code srd2}, {@code srd3}, or {@code srd1-nocoalesce} etc. without the coalescing.
 */
public final class Sreedhar implements Destruction {

    private final Method method;
    private final boolean coalesce;

    /** Method III, the one the seed recommends (seed 004 chapter 5), with SSA-based coalescing. */
    public Sreedhar() {
        this(Method.III);
    }

    /** The method with SSA-based coalescing. */
    public Sreedhar(Method method) {
        this(method, true);
    }

    /** The method, with or without SSA-based coalescing. */
    public Sreedhar(Method method, boolean coalesce) {
        this.method = method;
        this.coalesce = coalesce;
    }

    @Override
    public String name() {
        return coalesce ? method.passName() : method.passName() + "-nocoalesce";
    }

    @Override
    public DestructedFunction destruct(Function function) {
        return destruct(function, Vector.empty());
    }

    /** As {@link #destruct(Function)}, with each pair of {@code congruent} in one class before the first φ. */
    @Override
    public DestructedFunction destruct(Function function, Vector<Congruence> congruent) {
        Run run = new Run(EqualParameters.merged(function), method, congruent);
        Function destructed = run.destructed(coalesce);
        return new DestructedFunction(destructed, new CopyStats(run.inserted, Math.max(0, run.inserted - run.removed)));
    }

    /** One function's translation; all state is confined to it. */
    private static final class Run {
        private final Method method;
        private final VarSupply variables;
        private final NameSupply labels;
        private final Set<String> splitLabels = new HashSet<>();
        private final Function function;
        private final List<Body> blocks;
        private final Nest nest;
        /** Each block's parameters, as Method III's target copies rename them. */
        private final List<Vector<Atom.Var>> params;
        private final List<List<Copy>> prefix = new ArrayList<>();
        private final List<List<Copy>> suffix = new ArrayList<>();
        private final List<List<Atom>> jumpArgs = new ArrayList<>();
        private final List<List<Integer>> preds = new ArrayList<>();
        /*
         * The liveness numbers of each block's parameters and of its jump's arguments (every one a variable once
         * constants are copied), kept beside the variables as copies replace them: the method asks about them
         * and renames them by number, never looking a name up (see PhiCongruence).
         */
        private final int[][] paramLive;
        private final int[][] argLive;
        /** Per block: the member numbers of the targets its target copies made so far. */
        private final Map<Integer, IntList> targetCopies = new HashMap<>();
        private final Liveness liveness;
        private final PhiCongruence classes;
        /** Each variable's class name once the classes are final, by its liveness number, for the rewrite. */
        private Atom.Var[] finalByNumber;
        private int inserted;
        private int removed;

        Run(Function original, Method method, Vector<Congruence> congruent) {
            this.method = method;
            variables = VarSupply.after(original);
            Nest input = Nest.checked(original);
            labels = input.labelSupply();
            function = input.rewrite((node, body) -> EdgeSplitting.splitEdgesWithArguments(body, this::edgeLabel));
            nest = Nest.checked(function);
            blocks = nest.bodies();
            params = new ArrayList<>(nest.params());
            for (int i = 0; i < blocks.size(); i++) {
                prefix.add(new ArrayList<>());
                suffix.add(new ArrayList<>());
                preds.add(new ArrayList<>());
            }
            for (int b = 0; b < blocks.size(); b++) {
                List<Atom> args = new ArrayList<>();
                if (blocks.get(b).tail() instanceof Tail.Jump j) {
                    preds.get(nest.target(b, 0)).add(b);
                    for (Atom a : j.args()) {
                        args.add(constantCopied(b, a));
                    }
                }
                jumpArgs.add(args);
            }
            List<Body> current = new ArrayList<>();
            for (int b = 0; b < blocks.size(); b++) {
                Vector<Let> lets = blocks.get(b).lets().appendAll(suffix.get(b).stream().map(Copy::let).toList());
                current.add(blocks.get(b).withLets(lets)
                        .withTail(blocks.get(b).tail() instanceof Tail.Jump j
                                ? new Tail.Jump(j.target(), Vector.ofAll(jumpArgs.get(b))) : blocks.get(b).tail()));
            }
            liveness = Liveness.of(current, nest, params);
            IntList among = resourcesAndCopies(current);
            for (Congruence c : congruent) {
                for (int n : new int[] {liveness.numberOrMinus(c.a()), liveness.numberOrMinus(c.b())}) {
                    if (n >= 0) {
                        among.add(n);
                    }
                }
            }
            classes = new PhiCongruence(Interference.of(current, liveness, among), liveness);
            for (Congruence c : congruent) {
                int a = classes.member(liveness.numberOrMinus(c.a()));
                int b = classes.member(liveness.numberOrMinus(c.b()));
                if (a >= 0 && b >= 0 && !classes.same(a, b) && !classes.interfere(a, b)) {
                    classes.union(a, b);
                }
            }
            Occurrences o = liveness.occurrences();
            paramLive = new int[blocks.size()][];
            argLive = new int[blocks.size()][];
            for (int b = 0; b < blocks.size(); b++) {
                paramLive[b] = liveness.parameters(b).toArray();
                argLive[b] = new int[jumpArgs.get(b).size()];
                if (paramLive[b].length != params.get(b).size() || o.exitTo(b) - o.tailTo(b) != argLive[b].length) {
                    throw new IllegalStateException("function " + function.name() + ": block " + b
                            + "'s parameters or jump arguments are not those liveness numbered");
                }
                for (int k = 0; k < argLive[b].length; k++) {
                    argLive[b][k] = o.number(o.tailTo(b) + k);
                }
                // the constants' copies are the last lets of the block liveness read
                int lets = blocks.get(b).lets().size();
                List<Copy> copies = suffix.get(b);
                for (int j = 0; j < copies.size(); j++) {
                    copies.set(j, new Copy(copies.get(j).let(), o.number(o.varsFrom(b, lets + j)), -1));
                }
            }
        }

        /**
         * A copy the method inserts, with the liveness numbers of its destination and its source (−1 for a
         * constant).
         */
        private record Copy(Let let, int to, int from) {}

        /**
         * The liveness numbers of the variables a class can have as members: the φ resources and the operands
         * of copies (the copies inserted later are added as they are made). Interference among the others is
         * never asked about. In program order, repeats included: the graph numbers them as they first come, so
         * that the arrays indexed by those numbers are read nearly in order as the blocks are walked.
         */
        private IntList resourcesAndCopies(List<Body> current) {
            Occurrences o = liveness.occurrences();
            IntList among = new IntList(1024);
            for (int b = 0; b < current.size(); b++) {
                for (int k = o.paramsFrom(b); k < o.paramsTo(b); k++) {
                    among.add(o.number(k));
                }
                Vector<Let> lets = current.get(b).lets();
                for (int i = 0; i < lets.size(); i++) {
                    if (lets.get(i).expr() instanceof Expr.Copy(Atom.Var source)) {
                        among.add(o.number(o.operandsFrom(b, i)));
                        among.add(o.number(o.varsFrom(b, i)));
                    }
                }
                for (int k = o.tailTo(b); k < o.exitTo(b); k++) {
                    among.add(o.number(k));
                }
            }
            return among;
        }

        /** A constant φ source copied into a new variable at the end of block {@code b} (§5.4.6). */
        private Atom constantCopied(int b, Atom a) {
            if (a instanceof Atom.Var) {
                return a;
            }
            Atom.Var t = variables.fresh("c", a.type());
            suffix.get(b).add(new Copy(Let.of(t, new Expr.Copy(a)), -1, -1)); // numbered once liveness is known
            count(t);
            return t;
        }

        private void count(Atom.Var v) {
            if (!v.type().equals(Type.MEM)) {
                inserted++;
            }
        }

        /** The label of a new split-edge block, remembered as one. */
        private Label edgeLabel() {
            Label label = new Label(labels.fresh("edge"));
            splitLabels.add(label.name());
            return label;
        }

        /** Steps 1 to 8 of the method over every φ, then (optionally) §5.5.1, then one name per class. */
        Function destructed(boolean coalesce) {
            for (int b = 0; b < blocks.size(); b++) {
                for (int k = 0; k < params.get(b).size(); k++) {
                    phi(b, k);
                }
            }
            if (coalesce) {
                Occurrences o = liveness.occurrences();
                for (int b = 0; b < blocks.size(); b++) {
                    for (Copy c : prefix.get(b)) {
                        coalesce(c.to(), c.from());
                    }
                    Vector<Let> lets = blocks.get(b).lets();
                    for (int k = 0; k < lets.size(); k++) {
                        if (lets.get(k).expr() instanceof Expr.Copy(Atom.Var y) && lets.get(k).arity() == 1) {
                            coalesce(o.number(o.varsFrom(b, k)), o.number(o.operandsFrom(b, k)));
                        }
                    }
                    for (Copy c : suffix.get(b)) {
                        coalesce(c.to(), c.from());
                    }
                }
            }
            finalByNumber = classes.finalNamesByLiveNumber();
            Body body = nest.rewrite(this::rebuilt).body();
            return new Function(function.name(), function.symbols(), renamed(params.get(0), paramLive[0]),
                    function.results(), body, variables.count());
        }

        /**
         * A φ resource: the target (pred −1) or the source on the edge from block {@code pred}, by its liveness
         * and member numbers.
         */
        private record Resource(int live, int member, int pred) {}

        private List<Resource> resources(int b, int k) {
            List<Integer> from = preds.get(b);
            List<Resource> r = new ArrayList<>(1 + from.size());
            r.add(resource(paramLive[b][k], -1));
            for (int p : from) {
                r.add(resource(argLive[p][k], p));
            }
            return r;
        }

        private Resource resource(int live, int pred) {
            return new Resource(live, classes.member(live), pred);
        }

        private LiveSet live(int b, Resource r) {
            return r.pred() < 0 ? liveness.in(b) : liveness.out(r.pred());
        }

        /**
         * Steps 3 to 7 for the φ of parameter {@code k} of block {@code b}; the parameters of the function, and
         * of a block no jump reaches, are no φ.
         */
        private void phi(int b, int k) {
            if (preds.get(b).isEmpty()) {
                return;
            }
            for (int x : candidates(b, resources(b, k))) {
                if (paramLive[b][k] == x) {
                    targetCopy(b, k);
                }
                for (int p : preds.get(b)) {
                    if (argLive[p][k] == x) {
                        sourceCopy(b, k, p);
                    }
                }
            }
            List<Resource> now = resources(b, k);
            int first = now.get(0).member();
            now.forEach(r -> classes.union(first, r.member()));
        }

        /**
         * The liveness numbers of the resources of a φ of block {@code b} that the method copies (steps 4 and 5
         * for Method III), in the order they are chosen.
         */
        private Set<Integer> candidates(int b, List<Resource> rs) {
            return switch (method) {
                case I -> {
                    Set<Integer> all = new LinkedHashSet<>();
                    rs.forEach(r -> all.add(r.live()));
                    yield all;
                }
                case II -> {
                    Set<Integer> both = new LinkedHashSet<>();
                    interferingPairs(rs, (xi, xj) -> {
                        both.add(xi.live());
                        both.add(xj.live());
                    });
                    yield both;
                }
                case III -> chosenByLiveness(b, rs);
            };
        }

        /** Step 4's pairs: two different resources of different classes whose classes interfere. */
        private void interferingPairs(List<Resource> rs, BiConsumer<Resource, Resource> action) {
            for (int i = 0; i < rs.size(); i++) {
                for (int j = i + 1; j < rs.size(); j++) {
                    Resource ri = rs.get(i);
                    Resource rj = rs.get(j);
                    if (ri.live() != rj.live() && !classes.same(ri.member(), rj.member())
                            && classes.interfere(ri.member(), rj.member())) {
                        action.accept(ri, rj);
                    }
                }
            }
        }

        /** Method III's steps 4 and 5: the four cases over LiveIn/LiveOut, then the deferred Case 4. */
        private Set<Integer> chosenByLiveness(int b, List<Resource> rs) {
            Set<Integer> candidates = new LinkedHashSet<>();
            Map<Integer, Set<Integer>> unresolved = new LinkedHashMap<>();
            interferingPairs(rs, (xi, xj) -> {
                int ni = xi.live();
                int nj = xj.live();
                boolean iLiveThere = classes.anyMemberIn(xi.member(), live(b, xj));
                boolean jLiveThere = classes.anyMemberIn(xj.member(), live(b, xi));
                if (iLiveThere) {
                    candidates.add(ni);
                }
                if (jLiveThere) {
                    candidates.add(nj);
                }
                if (!iLiveThere && !jLiveThere) {
                    unresolved.computeIfAbsent(ni, x -> new LinkedHashSet<>()).add(nj);
                    unresolved.computeIfAbsent(nj, x -> new LinkedHashSet<>()).add(ni);
                }
            });
            for (Map.Entry<Integer, Set<Integer>> e : unresolved.entrySet()) {
                if (!candidates.contains(e.getKey())
                        && e.getValue().stream().anyMatch(n -> !candidates.contains(n))) {
                    candidates.add(e.getKey());
                }
            }
            return candidates;
        }

        /**
         * {@code x' ← x} at the end of predecessor {@code p}, which passes {@code x'} instead to this φ and to
         * the later φs of block {@code b} that would copy {@code x} from {@code p} too (see the header).
         */
        private void sourceCopy(int b, int k, int p) {
            Atom.Var x = (Atom.Var) jumpArgs.get(p).get(k);
            int lx = argLive[p][k];
            Atom.Var fresh = variables.fresh(x.hint(), x.type());
            int lf = liveness.number(fresh);
            int freshMember = classes.include(lf);
            suffix.get(p).add(new Copy(Let.of(fresh, new Expr.Copy(x)), lf, lx));
            count(fresh);
            jumpArgs.get(p).set(k, fresh);
            argLive[p][k] = lf;
            for (int later = k + 1; later < params.get(b).size(); later++) {
                if (argLive[p][later] == lx && candidates(b, resources(b, later)).contains(lx)) {
                    jumpArgs.get(p).set(later, fresh);
                    argLive[p][later] = lf;
                }
            }
            LiveSet out = liveness.out(p);
            classes.addInterference(freshMember, out, lx);
            out.add(lf);
            boolean stillLive = liveness.in(b).contains(lx) && !contains(paramLive[b], lx) || contains(argLive[p], lx);
            if (!stillLive) {
                out.remove(lx);
            }
        }

        private static boolean contains(int[] numbers, int n) {
            for (int m : numbers) {
                if (m == n) {
                    return true;
                }
            }
            return false;
        }

        /** The parameter becomes {@code x'} and {@code x ← x'} starts block {@code b}. */
        private void targetCopy(int b, int k) {
            Atom.Var x = params.get(b).get(k);
            int lx = paramLive[b][k];
            Atom.Var fresh = variables.fresh(x.hint(), x.type());
            int lf = liveness.number(fresh);
            int freshMember = classes.include(lf);
            // before the earlier target copies: fresh is read before any old target (perhaps of fresh's class
            // now, as a source of this φ) is written; x is written while the earlier fresh targets are live.
            prefix.get(b).add(0, new Copy(Let.of(x, new Expr.Copy(fresh)), lx, lf));
            count(fresh);
            params.set(b, params.get(b).update(k, fresh));
            paramLive[b][k] = lf;
            LiveSet in = liveness.in(b);
            in.remove(lx);
            classes.addInterference(freshMember, in, -1);
            for (int q : paramLive[b]) {
                classes.addInterference(freshMember, classes.member(q));
            }
            IntList earlier = targetCopies.computeIfAbsent(b, i -> new IntList());
            int xMember = classes.member(lx);
            for (int i = 0; i < earlier.size(); i++) {
                classes.addInterference(xMember, earlier.get(i));
            }
            earlier.add(freshMember);
            in.add(lf);
        }

        /**
         * §5.5.1: a copy {@code X ← Y} (by the liveness numbers of X and Y; Y −1 for a constant) is removed, and
         * the classes merged, when the three cases allow it.
         */
        private void coalesce(int x, int y) {
            if (y < 0) {
                return;
            }
            int nx = classes.member(x);
            int ny = classes.member(y);
            if (nx < 0 || ny < 0) { // one of the two is in a class of its own, outside the graph
                classes.union(classes.include(x), classes.include(y));
                return;
            }
            // the three cases together: no member of X's class interferes with one of Y's (see PhiCongruence)
            if (!classes.same(nx, ny) && !classes.interfere(nx, ny)) {
                classes.union(nx, ny);
            }
        }

        /** {@code v}, whose liveness number is {@code live}, under its class's name. */
        private Atom.Var renamed(Atom.Var v, int live) {
            Atom.Var r = finalByNumber[live];
            return r.equals(v) ? v : r;
        }

        /** Variables renamed by their liveness numbers, {@code live[i]} being that of {@code vars[i]}. */
        private Vector<Atom.Var> renamed(Vector<Atom.Var> vars, int[] live) {
            int[] i = {0};
            return vars.map(v -> renamed(v, live[i[0]++]));
        }

        /**
         * The arguments of block {@code i}'s jump (all variables, constants being copied) under their classes'
         * names.
         */
        private Vector<Atom> renamedArgs(int i) {
            List<Atom> args = jumpArgs.get(i);
            List<Atom> renamed = new ArrayList<>(args.size());
            for (int k = 0; k < args.size(); k++) {
                renamed.add(renamed((Atom.Var) args.get(k), argLive[i][k]));
            }
            return Vector.ofAll(renamed);
        }

        /** An inserted copy under its classes' names. */
        private Let renamed(Copy c) {
            Atom.Var to = renamed(c.let().var(0), c.to());
            Atom source = ((Expr.Copy) c.let().expr()).value();
            return Let.of(to, new Expr.Copy(source instanceof Atom.Var v ? renamed(v, c.from()) : source));
        }

        /** Block {@code i} with its copies, one name per class, and copy-free split blocks folded back. */
        private Body rebuilt(int i, Body body) {
            List<Let> lets = new ArrayList<>();
            for (Copy c : prefix.get(i)) {
                keep(lets, renamed(c));
            }
            Vector<Let> original = body.lets();
            boolean unchanged = lets.isEmpty() && suffix.get(i).isEmpty();
            int k = 0;
            for (Let let : original) {
                Let renamed = renamedAt(i, k++, let);
                unchanged &= keep(lets, renamed) && renamed == let;
            }
            for (Copy c : suffix.get(i)) {
                keep(lets, renamed(c));
            }
            // the tail's variables in the order liveness read them (Liveness.tailUses)
            int[] at = {liveness.occurrences().tailFrom(i)};
            UnaryOperator<Atom> read = a -> a instanceof Atom.Var v ? renamedAt(at[0]++, v) : a;
            Tail renamedTail = body.tail() instanceof Tail.Jump j ? new Tail.Jump(j.target(), renamedArgs(i))
                    : body.tail().mapUses(read);
            Vector<Fn> children = hoisted(renamedTail, body.functions(), lets);
            unchanged &= children == body.functions();
            Map<String, Tail.Jump> folded = new HashMap<>();
            Vector<Fn> functions = Vector.empty();
            for (int c = 0; c < children.size(); c++) {
                Fn fn = children.get(c);
                int f = nest.child(i, c);
                Fn withParams = fn.withParams(renamed(params.get(f), paramLive[f]));
                Body fb = fn.body();
                if (splitLabels.contains(fn.label().name()) && fb.lets().isEmpty() && fb.functions().isEmpty()
                        && fb.tail() instanceof Tail.Jump j) {
                    folded.put(fn.label().name(), j);
                } else {
                    functions = functions.append(withParams);
                }
            }
            Tail tail = renamedTail.mapJumps(j -> fold(folded, j));
            // a block whose lets all stay as they were keeps the input's vector of them (and the lets)
            return new Body(unchanged ? original : Vector.ofAll(lets), functions, tail);
        }

        /**
         * The local functions of a block after moving before its branch or switch {@code tail} the copies that
         * begin every one of its split edges (one jump reaches each): a copy {@code x ← y} that every edge
         * makes first is made once before the tail, unless the tail reads {@code x}. Such copies come from φ
         * sources that all successors take from one variable of the block, as a loop's exit and its back edge
         * both take the value the loop computed; made on each edge they cost one instruction per edge.
         */
        private Vector<Fn> hoisted(Tail tail, Vector<Fn> functions, List<Let> lets) {
            if (tail instanceof Tail.Jump || tail instanceof Tail.Return) {
                return functions;
            }
            Map<Label, Integer> index = new HashMap<>();
            for (int c = 0; c < functions.size(); c++) {
                index.put(functions.get(c).label(), c);
            }
            Vector<Integer> edges = tail.jumps().map(j -> index.getOrDefault(j.target(), -1));
            if (edges.exists(e -> e < 0 || !splitLabels.contains(functions.get(e).label().name()))
                    || edges.distinct().size() != edges.size()) {
                return functions;
            }
            Vector<Fn> result = functions;
            while (true) {
                Vector<Fn> now = result;
                Option<Let> common = now.get(edges.head()).body().lets().headOption()
                        .filter(c -> c.expr() instanceof Expr.Copy && !tail.uses().contains(c.var(0))
                                && edges.forAll(e -> now.get(e).body().lets().headOption().contains(c)));
                if (common.isEmpty()) {
                    return result;
                }
                Let first = common.get();
                lets.add(first);
                for (int e : edges) {
                    Fn fn = result.get(e);
                    result = result.update(e, fn.withBody(fn.body().withLets(fn.body().lets().tail())));
                }
                if (!first.var(0).type().equals(Type.MEM)) {
                    removed += edges.size() - 1;
                }
            }
        }

        /**
         * Adds a renamed let to {@code lets} unless it became a copy of a variable to itself; returns whether it
         * was added.
         */
        private boolean keep(List<Let> lets, Let renamed) {
            if (renamed.expr() instanceof Expr.Copy(Atom.Var s) && renamed.var(0).equals(s)) {
                if (!s.type().equals(Type.MEM)) {
                    removed++;
                }
                return false;
            }
            lets.add(renamed);
            return true;
        }

        /**
         * Let {@code k} of block {@code b} as the function had it, renamed: its variables' numbers are read from
         * the liveness's occurrences, in the order {@link Expr#mapAtoms} visits the operands (that of
         * {@link Expr#operands}), not looked up by name one by one.
         */
        private Let renamedAt(int b, int k, Let let) {
            Occurrences o = liveness.occurrences();
            int operands = o.operandsFrom(b, k);
            boolean renamed = false;
            int position = operands;
            Expr expr = let.expr();
            for (int i = 0, count = expr.operandCount(); i < count; i++) {
                if (expr.operand(i) instanceof Atom.Var v) {
                    renamed |= renamedAt(position++, v) != v;
                }
            }
            if (renamed) {
                int[] at = {operands};
                expr = expr.mapAtoms(a -> a instanceof Atom.Var v ? renamedAt(at[0]++, v) : a);
            }
            int[] d = {o.varsFrom(b, k)};
            return let.mapVars(v -> renamedAt(d[0]++, v)).withExpr(expr);
        }

        private Atom.Var renamedAt(int position, Atom.Var v) {
            int n = liveness.occurrences().number(position);
            if (!liveness.variable(n).equals(v)) {
                throw new IllegalStateException("function " + function.name() + ": occurrence " + position
                        + " is " + liveness.variable(n) + " in liveness but " + v + " in the block; "
                        + "the rewrite no longer reads the variables in the order liveness read them");
            }
            return renamed(v, n);
        }

        /**
         * The jump of a branch or switch, or the jump of the copy-free block split off for it: a branch's own
         * jumps pass no arguments once every edge that did has its block, so there is nothing to rename.
         */
        private Tail.Jump fold(Map<String, Tail.Jump> folded, Tail.Jump j) {
            return folded.getOrDefault(j.target().name(), j);
        }
    }
}
