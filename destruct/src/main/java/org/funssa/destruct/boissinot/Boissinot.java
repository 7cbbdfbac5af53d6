package org.funssa.destruct.boissinot;

/*
 * Source: Boissinot, Darte, Rastello, Dupont de Dinechin, Guillon, "Revisiting Out-of-SSA Translation for
 * Correctness, Code Quality, and Efficiency", CGO 2009:
 *  - §3.1 (Sreedhar et al.'s Method I, made correct): every φ a₀ = φ(a₁, …, aₙ) is isolated. A parallel copy
 *    at the end of each predecessor moves aᵢ into a fresh aᵢ', a parallel copy at the block's entry moves a
 *    fresh a₀' into a₀, and a₀' = φ(a₁', …, aₙ') has a congruence class of its own that nothing else meets: the
 *    program is conventional. In the functional IR a block's parameters are its φ targets and a jump's
 *    arguments the φ sources, so isolation renames the parameters and the jump arguments. A copy at the end
 *    of a block that branches would run on every outgoing edge, so every edge out of a branch or switch that
 *    passes arguments first gets its own block (a parameterless local function of the branching body), as
 *    for the other methods; such a block left without copies is folded back at the end. The moves that
 *    several edges out of one branch make from one source go instead, as §3.1 places φ copies, to the end of
 *    the branching block, before the branch: their destinations hold one value, so they may share a class
 *    and the moves become one copy where the split edges would keep one each.
 *  - §4 (coalescing): the copies of the parallel copies, then the program's other copies, in order of
 *    decreasing affinity ({@link Affinities}): a copy weighs 10 to the loop depth of its block, and the
 *    affinity of two congruence classes is the total weight of the copies between them, updated as classes
 *    merge; two destinations of one parallel copy with one source count as a copy between them. At equal
 *    affinity the copies of φ arguments (ends of blocks) come before the copies of φ results (block
 *    entries): a result copy that stays serves every edge into its block. Two classes merge unless they
 *    interfere, under value-based interference (§4.1) tested with the linear check between congruence
 *    classes (§4.2, {@link CongruenceClasses}, {@link LiveRanges}).
 *    What closed the gap to {@code srd3} (issue 4; pruned SSA of the corpus, 13652 copies left before, srd3
 *    13650): taking φ-argument copies first, so that a loop header's φ-result copies stay and its back and
 *    exit edges' argument copies go, fixed TestSsa/s_order (13650); sharing the moves of one value before a
 *    branch fixed Sample1/tpheap and Sample1/heapSort2, where a value went to one class on two edges, and
 *    removes some 90 copies of constants elsewhere (13549); class-to-class affinities removed 4 more (13545).
 *  - §5, Algorithm 1: each variable is renamed to its class; the parallel copies, minus the moves that became
 *    identities, are sequentialized ({@link Sequentialization}).
 * Liveness is the data-flow one of {@link Liveness}, computed once on the isolated program (§4.2 queries
 * LiveOut sets and the order of definitions and uses inside a block).
 */

import io.vavr.collection.Vector;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.funssa.core.graph.DiGraph;
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
import org.funssa.cps.ir.Type;
import org.funssa.cps.ir.VarSupply;
import org.funssa.destruct.Congruence;
import org.funssa.destruct.CopyStats;
import org.funssa.destruct.Destruction;
import org.funssa.cps.liveness.Liveness;
import org.funssa.cps.liveness.Occurrences;
import org.funssa.cps.rewrite.EdgeSplitting;
import org.funssa.cps.rewrite.Nest;
import org.funssa.destruct.parallel.ParallelCopy;
import org.funssa.destruct.parallel.Sequentialization;

/**
 * Boissinot et al.'s translation: φ isolation by parallel copies, coalescing under value-based interference
 * with the linear congruence-class check, sequentialization. Pass name {@code bois}.
 */
public final class Boissinot implements Destruction {

    @Override
    public String name() {
        return "bois";
    }

    @Override
    public DestructedFunction destruct(Function function) {
        return destruct(function, Vector.empty());
    }

    /**
     * As {@link #destruct(Function)}, with each pair of {@code congruent} in one class before coalescing when the
     * two do not interfere.
     */
    @Override
    public DestructedFunction destruct(Function function, Vector<Congruence> congruent) {
        Run run = new Run(function, congruent);
        Function destructed = run.destructed();
        return new DestructedFunction(destructed, new CopyStats(run.inserted, run.remaining));
    }

    /** The φ at {@code position} among the parameters of block {@code block}. */
    private record PhiSlot(int block, int position) {}

    /** One function's translation; all state is confined to it. */
    private static final class Run {
        private final VarSupply variables;
        private final NameSupply labels;
        private final Set<String> splitLabels = new HashSet<>();
        private final Function function;
        private final Nest nest;
        private final List<IsolatedBlock> isolated = new ArrayList<>();
        private final Map<Type, Atom.Var> temporaries = new HashMap<>();
        private final LiveRanges ranges;
        /**
         * Every variable occurrence of the isolated blocks read as sequential code, numbered by liveness: the
         * walks after numbering read a variable's number at its position here, in the order they meet it,
         * instead of looking its name up (at 10^6 instructions, a cache miss or two each).
         */
        private final Occurrences occurrences;
        private final Liveness liveness;
        /** The next position in {@link #occurrences} that {@link #renameNext} reads. */
        private int cursor;
        private final CongruenceClasses classes;
        /** Per variable number: the variable naming its class once coalescing is done, for the rewrite. */
        private Atom.Var[] finalNames;
        /**
         * Per variable number: the number of the variable naming its class. A variable that names its own class
         * keeps its occurrences: comparing numbers reads an int array in order, where comparing the names read
         * two strings scattered over the heap (a share of the rewrite that doubled from 10^5 to 10^6).
         */
        private int[] finalNameNumbers;
        private int inserted;
        private int remaining;

        Run(Function original, Vector<Congruence> congruent) {
            variables = VarSupply.after(original);
            Nest input = Nest.checked(original);
            labels = input.labelSupply();
            function = input.rewrite((node, body) -> EdgeSplitting.splitEdgesWithArguments(body, this::edgeLabel));
            nest = Nest.checked(function);
            List<Body> blocks = nest.bodies();
            List<Vector<Atom.Var>> params = nest.params();
            List<Vector<Atom.Var>> targets = new ArrayList<>();
            for (int b = 0; b < blocks.size(); b++) {
                Vector<Atom.Var> ps = params.get(b);
                targets.add(b == 0 ? ps : ps.map(p -> variables.fresh(p.hint(), p.type())));
            }
            List<Vector<Atom.Var>> isolatedParams = new ArrayList<>();
            List<Body> sequential = new ArrayList<>();
            for (int b = 0; b < blocks.size(); b++) {
                Body body = blocks.get(b);
                ParallelCopy entry = ParallelCopy.of(b == 0 ? Vector.empty() : params.get(b),
                        b == 0 ? Vector.empty() : targets.get(b));
                ParallelCopy exit = new ParallelCopy(Vector.empty());
                Tail tail = body.tail();
                if (tail instanceof Tail.Jump j && !j.args().isEmpty()) {
                    Vector<Atom.Var> sources = params.get(nest.target(b, 0))
                            .map(p -> variables.fresh(p.hint(), p.type()));
                    exit = ParallelCopy.of(sources, j.args());
                    tail = new Tail.Jump(j.target(), Vector.narrow(sources));
                }
                inserted += entry.moves().count(Run::isValue) + exit.moves().count(Run::isValue);
                isolated.add(new IsolatedBlock(targets.get(b), entry, body.lets(), exit, tail));
            }
            for (int b = 0; b < isolated.size(); b++) {
                share(b);
            }
            for (IsolatedBlock block : isolated) {
                isolatedParams.add(block.params());
                sequential.add(Body.of(block.sequentialLets(), block.tail()));
            }
            liveness = Liveness.of(sequential, nest, isolatedParams);
            occurrences = liveness.occurrences();
            ranges = new LiveRanges(isolated, nest, liveness);
            classes = new CongruenceClasses(ranges);
            for (int b = 0; b < isolated.size(); b++) {
                if (isolated.get(b).tail() instanceof Tail.Jump j) {
                    int t = nest.target(b, 0);
                    Vector<Atom.Var> phi = isolated.get(t).params();
                    for (int k = 0; k < phi.size(); k++) { // the jump passes fresh variables only
                        if (!classes.merge(ranges.numberAt(occurrences, occurrences.paramsFrom(t) + k),
                                ranges.numberAt(occurrences, occurrences.tailTo(b) + k))) {
                            throw new IllegalStateException("function " + function.name() + ": the isolated φ "
                                    + phi.get(k) + " interferes with its argument " + j.args().get(k));
                        }
                    }
                }
            }
            for (Congruence c : congruent) {
                int a = ranges.numberOfLive(liveness.numberOrMinus(c.a()));
                int b = ranges.numberOfLive(liveness.numberOrMinus(c.b()));
                if (a >= 0 && b >= 0) {
                    classes.merge(a, b); // refused, and left apart, when they interfere
                }
            }
        }

        private static boolean isValue(ParallelCopy.Move m) {
            return !m.destination().type().equals(Type.MEM);
        }

        /**
         * The moves that several edges out of block {@code b}'s branch or switch make from one source leave those
         * edges' blocks for {@code b}'s own exit copy, before the branch, where §3.1 places φ copies: there their
         * destinations, all of the source's value, may coalesce into one class and the moves into one copy. A
         * destination so defined is live on every edge out of {@code b}, so interference sees it there. Moves of
         * ⊥ stay (each ⊥ is a value of its own), and so do the moves to a φ that two of the edges would give
         * different sources (both edges jump to one block), since those two destinations must share a class.
         */
        private void share(int b) {
            IsolatedBlock block = isolated.get(b);
            if (block.tail() instanceof Tail.Jump || block.tail() instanceof Tail.Return) {
                return;
            }
            List<Integer> edges = new ArrayList<>();
            Vector<Tail.Jump> jumps = block.tail().jumps();
            for (int k = 0; k < jumps.size(); k++) {
                if (splitLabels.contains(jumps.get(k).target().name())) {
                    edges.add(nest.target(b, k));
                }
            }
            Map<Atom, Integer> edgesFrom = new HashMap<>();
            Map<PhiSlot, Atom> phiSource = new HashMap<>();
            Set<PhiSlot> conflicting = new HashSet<>();
            for (int e : edges) {
                IsolatedBlock edge = isolated.get(e);
                int phiBlock = nest.target(e, 0);
                Vector<ParallelCopy.Move> moves = edge.exit().moves();
                for (int k = 0; k < moves.size(); k++) {
                    Atom source = moves.get(k).source();
                    Atom before = phiSource.putIfAbsent(new PhiSlot(phiBlock, k), source);
                    if (before != null && !before.equals(source)) {
                        conflicting.add(new PhiSlot(phiBlock, k));
                    }
                }
                moves.map(ParallelCopy.Move::source).distinct().forEach(a -> edgesFrom.merge(a, 1, Integer::sum));
            }
            Vector<ParallelCopy.Move> shared = Vector.empty();
            for (int e : edges) {
                IsolatedBlock edge = isolated.get(e);
                int phiBlock = nest.target(e, 0);
                Vector<ParallelCopy.Move> moves = edge.exit().moves();
                Vector<ParallelCopy.Move> up = Vector.empty();
                for (int k = 0; k < moves.size(); k++) {
                    ParallelCopy.Move m = moves.get(k);
                    if (isValue(m) && !(m.source() instanceof Atom.Undef) && edgesFrom.get(m.source()) > 1
                            && !conflicting.contains(new PhiSlot(phiBlock, k))) {
                        up = up.append(m);
                    }
                }
                if (!up.isEmpty()) {
                    shared = shared.appendAll(up);
                    isolated.set(e, edge.withExit(new ParallelCopy(moves.removeAll(up))));
                }
            }
            if (!shared.isEmpty()) {
                isolated.set(b, block.withExit(new ParallelCopy(block.exit().moves().appendAll(shared))));
            }
        }

        /** The label of a new split-edge block, remembered as one. */
        private Label edgeLabel() {
            Label label = new Label(labels.fresh("edge"));
            splitLabels.add(label.name());
            return label;
        }

        /** Coalescing (§4), then the program rebuilt with one name per class and sequential copies. */
        Function destructed() {
            int[] depth = loopDepths();
            Affinities phiCopies = new Affinities(classes);
            for (int b = 0; b < isolated.size(); b++) {
                IsolatedBlock block = isolated.get(b);
                affinities(phiCopies, b, block.entry().moves().size() + block.lets().size(), block.exit(),
                        weight(depth[b]));
            }
            for (int b = 0; b < isolated.size(); b++) {
                affinities(phiCopies, b, 0, isolated.get(b).entry(), weight(depth[b]));
            }
            phiCopies.coalesce();
            Affinities otherCopies = new Affinities(classes);
            for (int b = 0; b < isolated.size(); b++) {
                IsolatedBlock block = isolated.get(b);
                int let = block.entry().moves().size();
                for (Let l : block.lets()) {
                    if (l.expr() instanceof Expr.Copy(Atom.Var s)) {
                        otherCopies.add(ranges.numberAt(occurrences, occurrences.varsFrom(b, let)),
                                ranges.numberAt(occurrences, occurrences.operandsFrom(b, let)), weight(depth[b]));
                    }
                    let++;
                }
            }
            otherCopies.coalesce();
            finalNames = classes.finalNames();
            finalNameNumbers = classes.finalNameNumbers();
            Body body = nest.rewrite(this::rebuilt).body();
            cursor = occurrences.paramsFrom(0); // the entry block's parameters are the function's
            return new Function(function.name(), function.symbols(), function.params().map(this::renameNext),
                    function.results(), body, variables.count());
        }

        /** A copy's weight: 10 to the loop depth of its block. */
        private static double weight(int depth) {
            return Math.pow(10, depth);
        }

        /**
         * The affinities of a parallel copy: each move from a variable joins its two ends, and each move from a
         * source an earlier move of the copy also reads joins the two destinations, which then hold one value
         * and make one move. The copy's moves are the lets of block {@code b} from the {@code let}-th on.
         */
        private void affinities(Affinities affinities, int b, int let, ParallelCopy copy, double weight) {
            Map<Atom, Integer> firstDestination = new HashMap<>();
            for (ParallelCopy.Move m : copy.moves()) {
                int destination = ranges.numberAt(occurrences, occurrences.varsFrom(b, let));
                if (m.source() instanceof Atom.Var) {
                    affinities.add(destination, ranges.numberAt(occurrences, occurrences.operandsFrom(b, let)),
                            weight);
                }
                let++;
                if (isValue(m) && !(m.source() instanceof Atom.Undef)) {
                    Integer first = firstDestination.putIfAbsent(m.source(), destination);
                    if (first != null) {
                        affinities.add(destination, first, weight);
                    }
                }
            }
        }

        /** The loop depth of every block, in the graph of its jumps. */
        private int[] loopDepths() {
            DiGraph.Builder graph = DiGraph.builder(isolated.size());
            for (int b = 0; b < isolated.size(); b++) {
                for (int k = 0; k < nest.jumpCount(b); k++) {
                    graph.edge(b, nest.target(b, k));
                }
            }
            LoopNestingForest loops = LoopNestingForest.of(graph.build());
            int[] depth = new int[isolated.size()];
            for (int b = 0; b < depth.length; b++) {
                depth[b] = loops.loopDepth(b);
            }
            return depth;
        }

        /**
         * The variable at the next position of {@link #occurrences}, which must be {@code v}, renamed to its
         * class: the walks below meet the variables in the order liveness read them (that {@link Expr#mapAtoms}
         * and {@link Expr#operands} share). The assertion checks it wherever assertions are on, as in the tests.
         */
        private Atom.Var renameNext(Atom.Var v) {
            int at = cursor++;
            assert liveness.variable(occurrences.number(at)).equals(v)
                    : "occurrence " + at + " is " + liveness.variable(occurrences.number(at)) + " in liveness but "
                    + v + " in the walk: Expr.mapAtoms and Expr.operands no longer visit operands in one order";
            int n = ranges.numberAt(occurrences, at);
            return finalNameNumbers[n] == n ? v : finalNames[n];
        }

        /**
         * Let {@code let} of block {@code b} renamed to the classes; the let itself when no name changes, as
         * most lets of a function keep theirs (rebuilding each would allocate a let and its expression for
         * nothing).
         */
        private Let renamedAt(int b, int let, Let l) {
            cursor = occurrences.operandsFrom(b, let);
            boolean renamed = false;
            Expr expr = l.expr();
            for (int i = 0, count = expr.operandCount(); i < count; i++) {
                renamed |= renameNext(expr.operand(i)) != expr.operand(i);
            }
            if (renamed) {
                cursor = occurrences.operandsFrom(b, let);
                expr = expr.mapAtoms(this::renameNext);
            }
            return l.mapVars(this::renameNext).withExpr(expr);
        }

        private Atom renameNext(Atom a) {
            return a instanceof Atom.Var v ? renameNext(v) : a;
        }

        private Tail.Jump renameNext(Tail.Jump j) {
            return new Tail.Jump(j.target(), j.args().map(this::renameNext));
        }

        /** Block {@code i} with one name per class, its copies sequentialized, copy-free split blocks folded. */
        private Body rebuilt(int i, Body body) {
            IsolatedBlock block = isolated.get(i);
            Vector<Let> entry = sequentialized(i, 0, block.entry());
            int let = block.entry().moves().size();
            List<Let> renamedLets = new ArrayList<>(entry.size() + block.lets().size());
            renamedLets.addAll(entry.asJava());
            boolean unchanged = entry.isEmpty();
            for (Let l : block.lets()) {
                Let renamed = renamedAt(i, let++, l);
                if (renamed.expr() instanceof Expr.Copy(Atom.Var s) && renamed.var(0).equals(s)) {
                    unchanged = false;
                } else {
                    renamedLets.add(renamed);
                    unchanged &= renamed == l;
                }
            }
            Vector<Let> exit = sequentialized(i, let, block.exit());
            renamedLets.addAll(exit.asJava());
            // a block whose lets all keep their names keeps the input's vector of them (and the lets)
            Vector<Let> lets = unchanged && exit.isEmpty() ? block.lets() : Vector.ofAll(renamedLets);
            Map<String, Tail.Jump> folded = new HashMap<>();
            Vector<Fn> functions = Vector.empty();
            for (int c = 0; c < body.functions().size(); c++) {
                Fn fn = body.functions().get(c);
                Body fb = fn.body();
                if (splitLabels.contains(fn.label().name()) && fb.lets().isEmpty() && fb.functions().isEmpty()
                        && fb.tail() instanceof Tail.Jump j) {
                    folded.put(fn.label().name(), j);
                } else {
                    int child = nest.child(i, c);
                    cursor = occurrences.paramsFrom(child);
                    functions = functions.append(fn.withParams(isolated.get(child).params().map(this::renameNext)));
                }
            }
            cursor = occurrences.tailFrom(i); // the tail's operands, then its jumps' arguments
            Tail tail = block.tail().mapUses(this::renameNext).mapJumps(j -> fold(folded, j));
            return new Body(lets, functions, tail);
        }

        /** The jump renamed, or, for the block of an edge folded back, that block's jump. */
        private Tail.Jump fold(Map<String, Tail.Jump> folded, Tail.Jump j) {
            Tail.Jump renamed = renameNext(j);
            return folded.getOrDefault(j.target().name(), renamed);
        }

        /**
         * A parallel copy renamed to the classes, identities dropped, as sequential copies (Algorithm 1). Its
         * moves are the lets of block {@code b} from the {@code let}-th on.
         */
        private Vector<Let> sequentialized(int b, int let, ParallelCopy copy) {
            Map<Atom.Var, Atom> moves = new LinkedHashMap<>();
            Map<Atom.Var, Integer> writer = new HashMap<>();
            for (ParallelCopy.Move m : copy.moves()) {
                cursor = occurrences.operandsFrom(b, let);
                Atom s = renameNext(m.source());
                int destination = ranges.numberAt(occurrences, occurrences.varsFrom(b, let++));
                Atom.Var d = finalNames[destination];
                Atom before = moves.putIfAbsent(d, s);
                // two destinations of one copy share a class only if they hold one value: either source will do
                Integer first = writer.putIfAbsent(d, destination);
                if (before != null && !before.equals(s) && ranges.value(first) != ranges.value(destination)) {
                    throw new IllegalStateException("function " + function.name() + ": one parallel copy writes "
                            + d + " from " + before + " and from " + s);
                }
            }
            Vector<ParallelCopy.Move> sequence = Sequentialization.sequentialize(new ParallelCopy(
                    Vector.ofAll(moves.entrySet()).map(e -> new ParallelCopy.Move(e.getKey(), e.getValue()))),
                    this::temporary);
            for (ParallelCopy.Move m : sequence) {
                if (isValue(m)) {
                    remaining++;
                    if (temporaries.containsValue(m.destination())) {
                        inserted++;
                    }
                }
            }
            return sequence.map(m -> Let.of(m.destination(), new Expr.Copy(m.source())));
        }

        private Atom.Var temporary(Type type) {
            return temporaries.computeIfAbsent(type, t -> variables.fresh("tmp", t));
        }
    }
}
