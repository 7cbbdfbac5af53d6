package org.funssa.destruct.briggs;

/*
 * Source: seed 004 §5.3 (Briggs, Cooper, Harvey, Simpson, "Practical improvements to the construction and
 * destruction of static single assignment form", SPE 1998): the copies that replace the φ-functions go at the
 * end of each predecessor (§5.3.1); a target whose live range goes through that point is first saved into a
 * new variable at the φ (at the start of its block), the saved variable is pushed on Stack[target] and the
 * uses met later in the dominator-tree walk read it instead (§5.3.2, the lost-copy problem, Figures 5.4 and
 * 5.5); the copies of one block are scheduled with copy_set, worklist, used_by_another and map so that no
 * source is overwritten before it is read (§5.3.3, simple ordering, Figures 5.6 and 5.7), a cycle being broken
 * by saving one target at the end of the block and reading it from map (the swap problem, Figures 5.9 and
 * 5.10); the procedures insert_copy and schedule_copy are those of §5.3.4, with Pass Three as modified in
 * §5.3.5: a copy placed before a conditional or multiway jump whose condition reads the copied target makes
 * the condition read a saved variable instead (the pushed one, or one saved at the φ for this purpose).
 *
 * In the functional IR (seed 003 §6.2) a block is a local function, its parameters are the φ targets and the
 * arguments of each jump to it the φ sources of that edge; the copies are lets at the end of the jumping body,
 * after which every jump passes its target's parameters (conventional form). The successors of one block
 * share its end, so their copies form one copy_set, as in the seed's schedule_copy ("for each successor s").
 *
 * Where the seed's method would be wrong on this IR, the edge is split first (its copies go into a new
 * parameterless local function defined in the branching body) and the method runs on the result:
 *  - a branch or switch with two edges to one block with different arguments has no single end for both;
 *  - Stack renames the uses in the dominator subtree of the block that holds the copy, so a target that is
 *    live through that block into a block of its dominance frontier (reached again without passing its φ)
 *    would be read there clobbered: then the edge on which the target is written is split;
 *  - edges out of unreachable blocks (no dominator tree there) are split.
 * An edge out of a block with one successor is never split: a target cannot be live through it.
 */

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.funssa.core.graph.DominanceFrontiers;
import org.funssa.core.graph.IntSeq;
import org.funssa.core.names.NameSupply;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Images;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.ir.Type;
import org.funssa.cps.ir.VarSupply;
import org.funssa.cps.rewrite.EdgeSplitting;
import org.funssa.destruct.CopyStats;
import org.funssa.destruct.Destruction;

/**
 * Briggs et al.'s method with the COINS fix for copies before a conditional jump. It does not coalesce: every
 * copy it inserts remains. Pass name {@code brig}.
 */
public final class Briggs implements Destruction {

    @Override
    public String name() {
        return "brig";
    }

    @Override
    public DestructedFunction destruct(Function function) {
        Run run = new Run(function);
        Function destructed = run.destructed();
        return new DestructedFunction(destructed, new CopyStats(run.copies, run.copies));
    }

    /** One function's translation; all state is confined to it. */
    private static final class Run {
        private final VarSupply variables;
        private final NameSupply labels;
        private final Function function;
        private final Blocks blocks;
        private final Map<Atom.Var, ArrayDeque<Atom.Var>> stack = new HashMap<>();
        /** How many names Stack holds at the moment: none, and no use needs renaming. */
        private int pushes;
        private final List<List<Let>> prefix = new ArrayList<>();
        private final List<List<Let>> suffix = new ArrayList<>();
        private final List<Vector<Let>> lets = new ArrayList<>();
        private final List<Tail> tails = new ArrayList<>();
        private final List<List<Atom.Var>> pushed = new ArrayList<>();
        private int copies;

        Run(Function original) {
            variables = VarSupply.after(original);
            Blocks before = new Blocks(original);
            labels = before.nest.labelSupply();
            function = split(original, before);
            blocks = function.body() == original.body() ? before : new Blocks(function);
            for (int b = 0; b < blocks.bodies.size(); b++) {
                prefix.add(new ArrayList<>());
                suffix.add(new ArrayList<>());
                lets.add(Vector.empty());
                tails.add(null);
                pushed.add(new ArrayList<>());
            }
        }

        /** The function with the edges split on which the seed's method would be wrong (see the header). */
        private Function split(Function f, Blocks before) {
            DominanceFrontiers frontiers = DominanceFrontiers.of(before.graph, before.tree);
            return before.nest.rewrite((b, body) -> {
                if (!(body.tail() instanceof Tail.Branch || body.tail() instanceof Tail.Switch)) {
                    return body;
                }
                Vector<Tail.Jump> jumps = body.tail().jumps();
                return EdgeSplitting.split(body, (k, j) -> {
                    int to = before.target(b, k);
                    return !j.args().equals(before.params.get(to)) && (!before.tree.contains(b)
                            || jumps.exists(o -> o.target().equals(j.target()) && !o.args().equals(j.args()))
                            || clobbersLiveThrough(before, frontiers, b, j, to));
                }, () -> new Label(labels.fresh("edge")));
            });
        }

        /**
         * Whether a copy of jump {@code j} (to block {@code to}) at the end of block {@code b} writes a target that
         * is live through {@code b} into a block of b's dominance frontier, where Stack's renaming does not reach.
         */
        private static boolean clobbersLiveThrough(Blocks blocks, DominanceFrontiers frontiers, int b, Tail.Jump j,
                                                   int to) {
            Vector<Atom.Var> targets = blocks.params.get(to);
            IntSeq frontier = frontiers.frontier(b);
            for (int k = 0; k < targets.size(); k++) {
                int t = blocks.paramNumber(to, k);
                if (j.args().get(k).equals(targets.get(k)) || !blocks.liveOutThrough(b, t)) {
                    continue;
                }
                for (int e = 0; e < frontier.size(); e++) {
                    if (blocks.liveThrough(frontier.get(e), t)) {
                        return true;
                    }
                }
            }
            return false;
        }

        /** insert_copy over the dominator tree (explicit stack), then unreachable blocks on their own. */
        Function destructed() {
            int n = blocks.bodies.size();
            ArrayDeque<Integer> work = new ArrayDeque<>();
            for (int b = n - 1; b > 0; b--) {
                if (!blocks.tree.contains(b)) {
                    work.push(b);
                }
            }
            work.push(0);
            while (!work.isEmpty()) {
                int item = work.pop();
                if (item < 0) {
                    for (Atom.Var v : pushed.get(-item - 1)) {
                        stack.get(v).pop();
                        pushes--;
                    }
                    continue;
                }
                insertCopy(item);
                work.push(-item - 1);
                if (blocks.tree.contains(item)) {
                    IntSeq children = blocks.tree.children(item);
                    for (int c = children.size() - 1; c >= 0; c--) {
                        work.push(children.get(c));
                    }
                }
            }
            Function rewritten = blocks.nest.rewrite((i, b) -> b.with(around(prefix.get(i), lets.get(i), suffix.get(i)),
                    b.functions(), tails.get(i)));
            return rewritten.withBody(rewritten.body(), variables.count());
        }

        /** A block's lets with the copies saved at its φs before them and those at its end after them. */
        private static Vector<Let> around(List<Let> prefix, Vector<Let> lets, List<Let> suffix) {
            Vector<Let> all = prefix.isEmpty() ? lets : Vector.ofAll(prefix).appendAll(lets);
            return suffix.isEmpty() ? all : all.appendAll(suffix);
        }

        /**
         * The body of insert_copy for one block: uses read the top of their Stack, then schedule_copy. While
         * Stack is empty, which is most of the walk, the block's lets and tail are kept as they are.
         */
        private void insertCopy(int b) {
            Body body = blocks.bodies.get(b);
            lets.set(b, pushes == 0 ? body.lets() : renamed(body.lets()));
            Tail tail = pushes == 0 ? body.tail() : body.tail().mapAtoms(this::renamed);
            tails.set(b, scheduleCopy(b, tail));
        }

        /** One pending copy {@code target ← src}; {@code number} is the target's liveness number. */
        private record Copy(Atom.Var target, int number, Atom src) {}

        /**
         * schedule_copy with Pass Three as modified in §5.3.5: the copies of every successor of block {@code b}
         * at its end; the tail with its condition read from a saved variable where a copy writes it, and every
         * jump passing its target's parameters.
         */
        private Tail scheduleCopy(int b, Tail tail) {
            // Pass One
            Map<Atom.Var, Copy> copySet = new LinkedHashMap<>();
            Map<Atom, Atom> map = new HashMap<>();
            Set<Atom> usedByAnother = new HashSet<>();
            Vector<Tail.Jump> jumps = tail.jumps();
            for (int e = 0; e < jumps.size(); e++) {
                Tail.Jump j = jumps.get(e);
                int to = blocks.target(b, e);
                if (blocks.targetsBefore(b, e, to)) {
                    continue; // an edge to the same block with the same arguments (split otherwise)
                }
                Vector<Atom.Var> targets = blocks.params.get(to);
                for (int k = 0; k < targets.size(); k++) {
                    Atom src = j.args().get(k);
                    Atom.Var target = targets.get(k);
                    if (src.equals(target)) {
                        continue;
                    }
                    copySet.put(target, new Copy(target, blocks.paramNumber(to, k), src));
                    map.put(src, src);
                    map.put(target, target);
                    usedByAnother.add(src);
                }
            }
            // Pass Two
            ArrayDeque<Copy> worklist = new ArrayDeque<>();
            for (Copy c : List.copyOf(copySet.values())) {
                if (!usedByAnother.contains(c.target())) {
                    worklist.add(c);
                    copySet.remove(c.target());
                }
            }
            // Pass Three
            Option<Atom> condition = switch (tail) {
                case Tail.Branch br -> Option.of(br.condition());
                case Tail.Switch s -> Option.of(s.value());
                case Tail.Jump j -> Option.none();
                case Tail.Return r -> Option.none();
            };
            while (!worklist.isEmpty() || !copySet.isEmpty()) {
                while (!worklist.isEmpty()) {
                    Copy c = worklist.poll();
                    Atom.Var target = c.target();
                    boolean readByCondition = condition.contains(target);
                    if (blocks.liveOutThrough(b, c.number())) {
                        Atom.Var temp = savedAtPhi(c);
                        stack.computeIfAbsent(target, v -> new ArrayDeque<>()).push(temp);
                        pushes++;
                        pushed.get(b).add(target);
                        if (readByCondition) {
                            condition = Option.of(temp);
                        }
                    } else if (readByCondition) {
                        condition = Option.of(savedAtPhi(c));
                    }
                    copy(b, target, map.get(c.src()));
                    if (c.src() instanceof Atom.Var src) {
                        map.put(src, target);
                        Copy waiting = copySet.remove(src);
                        if (waiting != null) {
                            worklist.add(waiting);
                        }
                    }
                }
                if (!copySet.isEmpty()) {
                    Copy c = copySet.values().iterator().next();
                    copySet.remove(c.target());
                    Atom.Var temp = variables.fresh("temp", c.target().type());
                    copy(b, temp, c.target());
                    map.put(c.target(), temp);
                    worklist.add(c);
                }
            }
            Option<Atom> cond = condition;
            Tail aligned = tail.mapJumps(this::aligned);
            return cond.isEmpty() ? aligned : aligned.mapUses(a -> cond.get());
        }

        /** {@code temp ← target} inserted where the φ defining the copy's target is, at the start of its block. */
        private Atom.Var savedAtPhi(Copy c) {
            Atom.Var temp = variables.fresh("temp", c.target().type());
            prefix.get(blocks.definer(c.number())).add(Let.of(temp, new Expr.Copy(c.target())));
            count(temp);
            return temp;
        }

        private void copy(int b, Atom.Var target, Atom source) {
            suffix.get(b).add(Let.of(target, new Expr.Copy(source)));
            count(target);
        }

        private void count(Atom.Var v) {
            if (!v.type().equals(Type.MEM)) {
                copies++;
            }
        }

        private Tail.Jump aligned(Tail.Jump j) {
            return new Tail.Jump(j.target(), Vector.narrow(blocks.paramsOf(j)));
        }

        /** The lets with their uses renamed; the vector itself when no use is. */
        private Vector<Let> renamed(Vector<Let> lets) {
            return Images.map(lets, let -> let.mapAtoms(this::renamed));
        }

        private Atom renamed(Atom a) {
            if (a instanceof Atom.Var v) {
                ArrayDeque<Atom.Var> s = stack.get(v);
                return s == null || s.isEmpty() ? v : s.peek();
            }
            return a;
        }
    }
}
