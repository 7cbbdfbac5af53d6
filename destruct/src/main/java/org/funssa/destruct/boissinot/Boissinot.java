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
 *    for the other methods; such a block left without copies is folded back at the end.
 *  - §4 (coalescing): the copies of the parallel copies, then the program's other copies, in order of
 *    decreasing weight (10 to the loop depth of their block, so: by decreasing loop depth), each merge the
 *    classes of their two ends unless the classes interfere, under value-based interference (§4.1) tested
 *    with the linear check between congruence classes (§4.2, {@link CongruenceClasses}, {@link LiveRanges}).
 *  - §5, Algorithm 1: each variable is renamed to its class; the parallel copies, minus the moves that became
 *    identities, are sequentialized ({@link Sequentialization}).
 * Liveness is the data-flow one of {@link Liveness}, computed once on the isolated program (§4.2 queries
 * LiveOut sets and the order of definitions and uses inside a block).
 */

import io.vavr.collection.Vector;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.funssa.core.graph.DiGraph;
import org.funssa.core.graph.LoopNestingForest;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Program;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.ir.Type;
import org.funssa.destruct.CopyStats;
import org.funssa.destruct.Destruction;
import org.funssa.destruct.liveness.Liveness;
import org.funssa.destruct.names.FreshNames;
import org.funssa.destruct.nest.BottomUp;
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
    public Destructed destruct(Program program) {
        CopyStats total = CopyStats.NONE;
        Vector<Function> functions = Vector.empty();
        for (Function f : program.functions()) {
            Run run = new Run(f);
            functions = functions.append(run.destructed());
            total = total.plus(new CopyStats(run.inserted, run.remaining));
        }
        return new Destructed(new Program(program.name(), program.symbols(), program.data(), functions), total);
    }

    /** A copy {@code destination ← source} that coalescing may remove, with its block's loop depth. */
    private record Candidate(int destination, int source, int depth) {}

    /** One function's translation; all state is confined to it. */
    private static final class Run {
        private final FreshNames names;
        private final Set<String> splitLabels = new HashSet<>();
        private final Function function;
        private final Map<String, Integer> index = new HashMap<>();
        private final List<IsolatedBlock> isolated = new ArrayList<>();
        private final Map<Type, Atom.Var> temporaries = new HashMap<>();
        private final LiveRanges ranges;
        private final CongruenceClasses classes;
        private int inserted;
        private int remaining;

        Run(Function original) {
            names = FreshNames.of(original);
            function = original.withBody(BottomUp.rewrite(original.body(), this::split));
            List<Body> blocks = BottomUp.nodes(function.body());
            IdentityHashMap<Body, Integer> position = new IdentityHashMap<>();
            for (int i = 0; i < blocks.size(); i++) {
                position.put(blocks.get(i), i);
            }
            List<int[]> children = new ArrayList<>();
            List<Vector<Atom.Var>> params = new ArrayList<>();
            for (int i = 0; i < blocks.size(); i++) {
                params.add(i == 0 ? function.params() : null);
            }
            for (Body body : blocks) {
                int[] kids = new int[body.functions().size()];
                for (int k = 0; k < kids.length; k++) {
                    Fn fn = body.functions().get(k);
                    kids[k] = position.get(fn.body());
                    index.put(fn.label().name(), kids[k]);
                    params.set(kids[k], fn.params());
                }
                children.add(kids);
            }
            List<Vector<Atom.Var>> targets = new ArrayList<>();
            for (int b = 0; b < blocks.size(); b++) {
                Vector<Atom.Var> ps = params.get(b);
                targets.add(b == 0 ? ps : ps.map(p -> names.variable(p.name() + "_", p.type())));
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
                    Vector<Atom.Var> sources = params.get(target(j))
                            .map(p -> names.variable(p.name() + "_", p.type()));
                    exit = ParallelCopy.of(sources, j.args());
                    tail = new Tail.Jump(j.target(), Vector.narrow(sources));
                }
                inserted += entry.moves().count(Run::isValue) + exit.moves().count(Run::isValue);
                IsolatedBlock block = new IsolatedBlock(targets.get(b), entry, body.lets(), exit, tail);
                isolated.add(block);
                isolatedParams.add(block.params());
                sequential.add(Body.of(block.sequentialLets(), tail));
            }
            ranges = new LiveRanges(isolated, children, Liveness.of(sequential, index, isolatedParams));
            classes = new CongruenceClasses(ranges);
            for (IsolatedBlock block : isolated) {
                if (block.tail() instanceof Tail.Jump j) {
                    Vector<Atom.Var> phi = isolated.get(target(j)).params();
                    for (int k = 0; k < phi.size(); k++) {
                        if (!classes.merge(ranges.number(phi.get(k)), ranges.number((Atom.Var) j.args().get(k)))) {
                            throw new IllegalStateException("function " + function.name() + ": the isolated φ "
                                    + phi.get(k).name() + " interferes with its argument " + j.args().get(k));
                        }
                    }
                }
            }
        }

        private static boolean isValue(ParallelCopy.Move m) {
            return !m.destination().type().equals(Type.MEM);
        }

        private int target(Tail.Jump j) {
            Integer i = index.get(j.target().name());
            if (i == null) {
                throw new IllegalArgumentException("function " + function.name() + ": the jump to " + j.target()
                        + " has no target; verify the program before destruction");
            }
            return i;
        }

        /** Edges out of a branch or switch that pass arguments get their own block. */
        private Body split(Body body) {
            Tail tail = switch (body.tail()) {
                case Tail.Jump j -> j;
                case Tail.Return r -> r;
                case Tail.Branch br -> new Tail.Branch(br.condition(), edge(br.ifTrue()), edge(br.ifFalse()));
                case Tail.Switch s -> new Tail.Switch(s.value(),
                        s.cases().map(c -> new Tail.Case(c.value(), edge(c.target()))), edge(s.otherwise()));
            };
            Vector<Tail.Jump> original = body.tail().jumps();
            Vector<Tail.Jump> now = tail.jumps();
            Vector<Fn> edges = Vector.empty();
            for (int i = 0; i < original.size(); i++) {
                if (now.get(i) != original.get(i)) {
                    edges = edges.append(new Fn(now.get(i).target(), Vector.empty(),
                            Body.of(Vector.empty(), original.get(i))));
                }
            }
            return edges.isEmpty() ? body : new Body(body.lets(), body.functions().appendAll(edges), tail);
        }

        private Tail.Jump edge(Tail.Jump j) {
            if (j.args().isEmpty()) {
                return j;
            }
            Tail.Jump to = new Tail.Jump(names.label("edge"), Vector.empty());
            splitLabels.add(to.target().name());
            return to;
        }

        /** Coalescing (§4), then the program rebuilt with one name per class and sequential copies. */
        Function destructed() {
            int[] depth = loopDepths();
            List<Candidate> phiCopies = new ArrayList<>();
            List<Candidate> otherCopies = new ArrayList<>();
            for (int b = 0; b < isolated.size(); b++) {
                IsolatedBlock block = isolated.get(b);
                for (ParallelCopy.Move m : block.entry().moves().appendAll(block.exit().moves())) {
                    if (m.source() instanceof Atom.Var s) {
                        phiCopies.add(new Candidate(ranges.number(m.destination()), ranges.number(s), depth[b]));
                    }
                }
                for (Let let : block.lets()) {
                    if (let.expr() instanceof Expr.Copy(Atom.Var s) && let.vars().size() == 1) {
                        otherCopies.add(new Candidate(ranges.number(let.vars().get(0)), ranges.number(s), depth[b]));
                    }
                }
            }
            Comparator<Candidate> heavierFirst = Comparator.comparingInt(Candidate::depth).reversed();
            phiCopies.sort(heavierFirst);
            otherCopies.sort(heavierFirst);
            phiCopies.forEach(c -> classes.merge(c.destination(), c.source()));
            otherCopies.forEach(c -> classes.merge(c.destination(), c.source()));
            Body body = BottomUp.rewriteIndexed(function.body(), this::rebuilt);
            return new Function(function.name(), function.symbols(), function.params().map(this::rename),
                    function.results(), body);
        }

        /** The loop depth of every block, in the graph of its jumps. */
        private int[] loopDepths() {
            DiGraph.Builder graph = DiGraph.builder(isolated.size());
            for (int b = 0; b < isolated.size(); b++) {
                for (Tail.Jump j : isolated.get(b).tail().jumps()) {
                    graph.edge(b, target(j));
                }
            }
            LoopNestingForest loops = LoopNestingForest.of(graph.build());
            int[] depth = new int[isolated.size()];
            for (int b = 0; b < depth.length; b++) {
                depth[b] = loops.loopDepth(b);
            }
            return depth;
        }

        private Atom.Var rename(Atom.Var v) {
            return classes.name(ranges.number(v));
        }

        private Atom rename(Atom a) {
            return a instanceof Atom.Var v ? rename(v) : a;
        }

        private Tail.Jump rename(Tail.Jump j) {
            return new Tail.Jump(j.target(), j.args().map(this::rename));
        }

        /** Block {@code i} with one name per class, its copies sequentialized, copy-free split blocks folded. */
        private Body rebuilt(int i, Body body) {
            IsolatedBlock block = isolated.get(i);
            Vector<Let> lets = sequentialized(block.entry());
            for (Let let : block.lets()) {
                Let renamed = new Let(let.vars().map(this::rename), renamed(let.expr()));
                if (!(renamed.expr() instanceof Expr.Copy(Atom.Var s) && renamed.vars().equals(Vector.of(s)))) {
                    lets = lets.append(renamed);
                }
            }
            lets = lets.appendAll(sequentialized(block.exit()));
            Map<String, Tail.Jump> folded = new HashMap<>();
            Vector<Fn> functions = Vector.empty();
            for (Fn fn : body.functions()) {
                Body fb = fn.body();
                if (splitLabels.contains(fn.label().name()) && fb.lets().isEmpty() && fb.functions().isEmpty()
                        && fb.tail() instanceof Tail.Jump j) {
                    folded.put(fn.label().name(), j);
                } else {
                    functions = functions.append(fn.withParams(
                            isolated.get(index.get(fn.label().name())).params().map(this::rename)));
                }
            }
            Tail tail = switch (block.tail()) {
                case Tail.Jump j -> rename(j);
                case Tail.Branch b -> new Tail.Branch(rename(b.condition()), fold(folded, b.ifTrue()),
                        fold(folded, b.ifFalse()));
                case Tail.Switch s -> new Tail.Switch(rename(s.value()),
                        s.cases().map(c -> new Tail.Case(c.value(), fold(folded, c.target()))),
                        fold(folded, s.otherwise()));
                case Tail.Return r -> new Tail.Return(r.values().map(this::rename));
            };
            return new Body(lets, functions, tail);
        }

        private Tail.Jump fold(Map<String, Tail.Jump> folded, Tail.Jump j) {
            return folded.getOrDefault(j.target().name(), rename(j));
        }

        /** A parallel copy renamed to the classes, identities dropped, as sequential copies (Algorithm 1). */
        private Vector<Let> sequentialized(ParallelCopy copy) {
            Map<Atom.Var, Atom> moves = new LinkedHashMap<>();
            for (ParallelCopy.Move m : copy.moves()) {
                Atom.Var d = rename(m.destination());
                Atom s = rename(m.source());
                Atom before = moves.putIfAbsent(d, s);
                if (before != null && !before.equals(s)) {
                    throw new IllegalStateException("function " + function.name() + ": one parallel copy writes "
                            + d.name() + " from " + before + " and from " + s);
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
            return temporaries.computeIfAbsent(type, t -> names.variable("tmp", t));
        }

        private Expr renamed(Expr e) {
            return switch (e) {
                case Expr.Copy c -> new Expr.Copy(rename(c.value()));
                case Expr.Prim p -> new Expr.Prim(p.op(), p.type(), p.operands().map(this::rename));
                case Expr.Select s -> new Expr.Select(s.type(), rename(s.condition()), rename(s.ifTrue()),
                        rename(s.ifFalse()));
                case Expr.Load l -> new Expr.Load(l.type(), rename(l.mem()), rename(l.address()), l.access());
                case Expr.Store s -> new Expr.Store(s.type(), rename(s.mem()), rename(s.address()),
                        rename(s.value()), s.access());
                case Expr.Call c -> new Expr.Call(rename(c.function()), c.args().map(this::rename),
                        rename(c.mem()), c.results());
            };
        }
    }
}
