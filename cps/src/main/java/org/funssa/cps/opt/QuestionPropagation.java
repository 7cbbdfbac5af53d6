package org.funssa.cps.opt;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import org.funssa.core.graph.IntList;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Images;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.rewrite.Nest;
import org.funssa.cps.rewrite.ScopedMap;

/*
 * Seed 004 §6.3 "Global value numbering based on question propagation" (Takimoto's EQP [17] after Rosen et al.
 * [14]), Figures 6.3–6.8. For each statement v ← e, taken in rank order (Figure 6.8's gvn), the question "is e
 * available here?" is propagated backwards (Figure 6.6's eqp): answered yes by an occurrence of e; renamed through
 * a φ-function that defines one of e's operands into one question per predecessor (transPhi, Figure 6.3); sent
 * along a sparse edge straight to the dominator when Theorem 1 (§6.3.1) says no occurrence lies between
 * (the ranks of QuestionRanks, the occurrences' ranks kept sorted per expression); at a join whose predecessors
 * answer yes, the value is merged by a new φ-function (a new parameter of the join, an argument on each jump). When
 * only some predecessors answer yes (§6.3.3), e is inserted at the end of the others, provided e is anticipated
 * at the join (Figure 6.7's postEqp, a forward question). v ← e becomes v ← newSrc and v is copy-propagated (lines
 * 14–16). Insertions are made only when at least one predecessor's answer comes from a real occurrence (AV of
 * §6.3.3; answers made of insertions alone would be hoisting, not a redundancy). The questions over the expressions
 * a dominator computes are answered at once by a dominator-scoped table (Figure 6.2's, ScopedMap): the bodies are
 * walked down the nest (the dominator tree) taking each body's local functions in increasing rank, which is a
 * topological order of the graph without up-edges, so every question that goes round no loop meets bodies
 * already numbered.
 *
 * Where this differs from the seed:
 *   - Loops. Questions go round loops as Figure 6.6 has them: a question that comes back to a body it is still
 *     answering gets a ⊥ temporary (lines 6–9), weakly available (WAV) but not available (AV); a join is AV if a
 *     predecessor is, WAV if it is AV or every predecessor is WAV, and is answered by its WAV (§6.3.3). When the
 *     question is answered, each temporary becomes its body's answer (Figure 6.8 lines 5–9), and a new φ whose
 *     arguments are itself and one other value is that value (the loop's φ of a value from before the loop). A
 *     body that handed out temporaries and is answered no voids the question. The occurrences a question may meet
 *     are every statement of the function, entered before the sweep (Figure 6.6 line 1 looks at the program's
 *     statements, not only at those already numbered), so a value computed at a loop's latch is found at its
 *     header one iteration later (Figure 6.5(a)); but the statement asked about is not an occurrence for itself:
 *     its own value round the back edge is the temporary (else x + y computed in a loop would be inserted in the
 *     preheader: Figure 6.5(b)). The sparse edges are §6.3.2's over collapsed loops (QuestionRanks): the edge to
 *     the dominator d of v (the nest's parent: the immediate dominator after block sinking, a dominator still after
 *     passes that delete edges) when v heads no loop and the innermost loop containing v contains d, the ranks
 *     counting the virtual edges; functions with an irreducible loop use Theorem 1 without collapsing. A loop is
 *     collapsed at its header too when no occurrence ranks in it (the header's rank to its latches'): its back
 *     edges get the header's temporary without the question walking the loop, whatever its size. An insertion is
 *     never made at a loop's latch for its header (see insertable).
 *   - Anticipation. The forward question renames e through each jump (transPhi′: an operand the jump passes
 *     becomes the parameter receiving it) and needs its other operands in scope after the jump. It is strict:
 *     every path from the join must reach e without going round a cycle (Figure 6.7 answers yes on a revisit, which
 *     would let a question from after a loop insert into the loop's body, executed on every iteration). For an
 *     expression that may trap (Expr.mayTrap: divisions, loads), e must come before any other let that may trap or
 *     act (a store, a call), so an inserted copy traps only where the original would have trapped with nothing
 *     observable in between.
 *   - Critical edges. A predecessor that branches would need its edge split to receive an insertion; the new block
 *     costs a jump on the path it serves, where the insertion then saves nothing (an operation inserted, a jump
 *     added, one removed at the join): that path would execute more than before. So a join where such a
 *     predecessor lacks the value is answered no, and every insertion leaves each path executing no more
 *     operations than before, as computational optimality asks. (On the corpus, splitting made
 *     OptAdd/tpqsort2 execute 5,011,573 more operations.)
 *   - Loads take part through their memory token (ExpressionKey.Load): a φ of memory renames the token like any
 *     operand. Predicated lets and ψs are never asked about nor answer (ExpressionKey has no ψ; a guarded let is
 *     skipped); calls and stores are not expressions here.
 *   - Each question is bounded (BUDGET steps of backward and forward propagation, memoized per question as the
 *     seed's visited marks are): one that runs out is answered no, which keeps the pass near-linear, and the
 *     propagation's recursion (a few frames per body asked) at most BUDGET deep, whatever the function's size.
 * One walk does not reach a fixpoint: a later statement's question may insert or make a φ where an earlier
 * question, answered no, would have found its value (the earlier one then is fully redundant), or replace a variable
 * an earlier question met. So a question answered no waits on the expressions it looked for at the ends of bodies and
 * on their variables; an occurrence entered for one of those expressions, or a replacement of one of those
 * variables, wakes it, and the woken questions are asked again after the walk (as many as the function has
 * statements at most, which keeps a sweep linear). The sweep is repeated until it changes nothing, which makes the
 * pass idempotent; what waking does not track (an anticipation a later replacement makes true, an insertion's own
 * partial redundancy) is left to the next sweep. Each sweep that changes something turns a statement into a copy
 * and inserts only at predecessors of lower rank, where the next sweep may turn the insertion into a copy in turn;
 * the ranks are finite, so the repetition ends (after at most three sweeps, the last changing nothing, on every
 * corpus function and on the generated ones: each shape at 10^4 and 10^5 instructions, MIX and LOOPS to 10^6).
 * What the pass leaves: v ← newSrc copies (dce or shrink deletes them) and new φs that may be redundant (rpe).
 */

/**
 * Global value numbering and partial redundancy elimination by efficient question propagation ({@code preqp}):
 * an expression available on every path, or made so by insertions where it is anticipated, is not computed again.
 */
public final class QuestionPropagation {

    /** The pass. */
    public static final Pass PASS = Pass.of("preqp", QuestionPropagation::apply);

    /** How many steps (bodies asked, lets scanned forward) one question may take before it is answered no. */
    private static final int BUDGET = 200;

    private QuestionPropagation() {}

    /** The function with every available expression replaced by a copy of a variable that holds its value. */
    public static Function apply(Function function) {
        return Pass.untilUnchanged(function, QuestionPropagation::once);
    }

    /** One sweep of Figure 6.8 over the function, with the questions asked again that its later answers change. */
    static Function once(Function function) {
        Nest nest = Nest.checked(function);
        Analysis analysis = new Analysis(nest);
        analysis.run();
        return analysis.rewrite();
    }

    /** A body (or a jump, by its number) and an expression, by its number: where a question is asked or answered. */
    private record Site(int place, int key) {}

    /** A question's answer. */
    private sealed interface Answer {
        /** Yes: the variable holding the value, and whether an occurrence gives it (AV) or insertions only. */
        record Yes(Atom.Var var, boolean real) implements Answer {}

        /** No. */
        enum No implements Answer { NO }

        default boolean real() {
            return this instanceof Yes yes && yes.real();
        }
    }

    private static final Answer NO = Answer.No.NO;

    /** What a question adds to the function if it is answered yes. */
    private sealed interface Pending {
        /** A new parameter of a join, an argument per jump into it (in the order of the join's predecessors). */
        record Phi(int join, Atom.Var param, int key, Atom.Var[] args) implements Pending {}

        /** {@code var ← expr} at the end of a jump's source, which has no other jump. */
        record Insert(int jump, Atom.Var var, Expr expr, int key) implements Pending {}
    }

    /** The ranks of the bodies where an expression occurs, sorted. */
    private static final class Occurrences {
        private int[] ranks = new int[2];
        private int size;

        void add(int rank) {
            if (size == ranks.length) {
                ranks = Arrays.copyOf(ranks, 2 * size);
            }
            int at = QuestionRanks.firstAbove(ranks, size, rank);
            System.arraycopy(ranks, at, ranks, at + 1, size - at);
            ranks[at] = rank;
            size++;
        }

        /** Whether one lies strictly between the two ranks. */
        boolean between(int lower, int upper) {
            int first = QuestionRanks.firstAbove(ranks, size, lower);
            return first < size && ranks[first] < upper;
        }

        /** How many lie strictly between the two ranks. */
        int count(int lower, int upper) {
            return QuestionRanks.firstAbove(ranks, size, upper - 1) - QuestionRanks.firstAbove(ranks, size, lower);
        }

        /** Whether one lies strictly below the rank. */
        boolean below(int upper) {
            return size > 0 && ranks[0] < upper;
        }
    }

    private static final Occurrences NOWHERE = new Occurrences();

    /** Figure 6.8's walk, the questions, and what they add. */
    private static final class Analysis {
        private final Nest nest;
        private final QuestionRanks ranks;
        /** The next variable number: a question answered no hands its numbers back. */
        private int nextVar;
        /** Jump j of node b is numbered jumpBase[b] + k; its source. */
        private final int[] jumpBase;
        private final int[] jumpSource;
        /** The jumps into node w: preds[predStart[w]] … preds[predStart[w + 1] − 1]. */
        private final int[] predStart;
        private final int[] preds;
        /** By variable number: its body (−1: not yet placed), its index among its body's parameters (−1: a let). */
        private int[] defNode;
        private int[] paramIndex;
        /** By variable number: the variable it was replaced by (copy propagation), or null. */
        private Atom.Var[] copyOf;
        /** The expressions the bodies enclosing the walk compute (Figure 6.2's table). */
        private final ScopedMap<Integer, Atom.Var> available = new ScopedMap<>();
        /** Occurrences at the end of a body. */
        private final HashMap<Site, Atom.Var> atExit = new HashMap<>();
        /** The expressions met, numbered in the order met: sites and the tables below hold the numbers. */
        private final HashMap<ExpressionKey, Integer> numbers = new HashMap<>();
        private final List<ExpressionKey> expressions = new ArrayList<>();
        /** By expression: where it occurs, and the statements waiting for an occurrence of it (or null). */
        private final List<Occurrences> occurrences = new ArrayList<>();
        private final List<IntList> waitingOnKey = new ArrayList<>();
        /** What the questions answered yes add: by node, replaced lets, new parameters, lets at the end. */
        private final Atom.Var[][] replaced;
        private final List<List<Atom.Var>> newParams;
        private final List<List<Let>> appended;
        /** By jump number: new arguments. */
        private final List<List<Atom>> extraArgs;
        /** Let i of body b is statement letBase[b] + i. */
        private final int[] letBase;
        /**
         * Statements whose question was answered no, by what could change the answer: an expression the question
         * looked for gaining an occurrence, or a variable of one being replaced (by a later statement's answer).
         */
        private final HashMap<Integer, IntList> waitingOnVar = new HashMap<>();
        /** Statements to ask again, and whether each is among them. */
        private final IntList woken = new IntList();
        private final boolean[] queued;

        Analysis(Nest nest) {
            this.nest = nest;
            this.ranks = QuestionRanks.of(nest);
            Function function = nest.function();
            this.nextVar = function.varCount();
            int n = nest.size();
            jumpBase = new int[n + 1];
            for (int b = 0; b < n; b++) {
                jumpBase[b + 1] = jumpBase[b] + nest.jumpCount(b);
            }
            int jumps = jumpBase[n];
            jumpSource = new int[jumps];
            predStart = new int[n + 1];
            for (int b = 0; b < n; b++) {
                for (int k = 0; k < nest.jumpCount(b); k++) {
                    jumpSource[jumpBase[b] + k] = b;
                    predStart[nest.target(b, k) + 1]++;
                }
            }
            for (int b = 0; b < n; b++) {
                predStart[b + 1] += predStart[b];
            }
            preds = new int[jumps];
            int[] filled = Arrays.copyOf(predStart, n);
            for (int j = 0; j < jumps; j++) {
                int b = jumpSource[j];
                preds[filled[nest.target(b, j - jumpBase[b])]++] = j;
            }
            int count = function.varCount();
            defNode = new int[count];
            paramIndex = new int[count];
            copyOf = new Atom.Var[count];
            Arrays.fill(defNode, -1);
            Arrays.fill(paramIndex, -1);
            for (int b = 0; b < n; b++) {
                Vector<Atom.Var> params = nest.params(b);
                for (int i = 0; i < params.size(); i++) {
                    defNode[params.get(i).id()] = b;
                    paramIndex[params.get(i).id()] = i;
                }
                for (Let let : nest.body(b).lets()) {
                    for (int v = 0; v < let.arity(); v++) {
                        defNode[let.var(v).id()] = b;
                    }
                }
            }
            letBase = new int[n + 1];
            Integer[] byRank = new Integer[n];
            for (int b = 0; b < n; b++) {
                letBase[b + 1] = letBase[b] + nest.body(b).lets().size();
                byRank[b] = b;
            }
            queued = new boolean[letBase[n]];
            Arrays.sort(byRank, (a, b) -> Integer.compare(ranks.of(a), ranks.of(b)));
            for (int b : byRank) { // in rank order, so that each occurrence is entered after those ranking below
                for (Let let : ranks.reached(b) ? nest.body(b).lets() : Vector.<Let>empty()) {
                    if (!let.isGuarded() && let.arity() == 1) {
                        for (ExpressionKey key : ExpressionKey.of(let.expr())) {
                            occur(new Site(b, number(key)), let.var(0), ranks.of(b));
                        }
                    }
                }
            }
            replaced = new Atom.Var[n][];
            newParams = new ArrayList<>(Collections.nCopies(n, null));
            appended = new ArrayList<>(Collections.nCopies(n, null));
            extraArgs = new ArrayList<>(Collections.nCopies(jumps, null));
        }

        /** Figure 6.8: every body in a dominance order that is topological, each statement asked about. */
        void run() {
            int n = nest.size();
            int[] marks = new int[n];
            int[] stack = new int[2 * n];
            int top = 0;
            stack[top++] = Nest.ROOT;
            while (top > 0) {
                int node = stack[--top];
                if (node < 0) {
                    available.rollback(marks[~node]);
                    continue;
                }
                marks[node] = available.mark();
                statements(node);
                stack[top++] = ~node;
                Integer[] children = new Integer[nest.childCount(node)];
                for (int c = 0; c < children.length; c++) {
                    children[c] = nest.child(node, c);
                }
                Arrays.sort(children, (a, b) -> Integer.compare(ranks.of(b), ranks.of(a)));
                for (int child : children) {
                    stack[top++] = child;
                }
            }
            settle();
        }

        /** The statements of one body: each replaced by what is available, or entered as available. */
        private void statements(int node) {
            Vector<Let> lets = nest.body(node).lets();
            for (int i = 0; i < lets.size(); i++) {
                Let let = lets.get(i);
                if (let.isGuarded() || let.arity() != 1) {
                    continue;
                }
                Atom.Var x = let.var(0);
                Expr e = let.expr().mapAtoms(this::canon);
                if (e instanceof Expr.Copy(Atom.Var source)) {
                    becomes(x, source);
                    continue;
                }
                Option<ExpressionKey> found = ExpressionKey.of(e);
                if (found.isEmpty()) {
                    continue;
                }
                int key = number(found.get());
                Atom.Var name = available.get(key);
                if (name == null && ranks.reached(node)) {
                    name = ask(node, i, x, e, key);
                }
                if (name != null && !name.equals(x)) {
                    replace(node, i, x, name);
                }
                Atom.Var value = name != null ? name : x;
                if (available.get(key) == null) {
                    available.put(key, value);
                }
                if (ranks.reached(node)) {
                    occur(new Site(node, key), value, ranks.of(node));
                }
            }
        }

        /**
         * Whether statement i of {@code node}, x ← e, is redundant: the variable that holds e's value, or null, and
         * then the statement waits for what could change the answer.
         */
        private Atom.Var ask(int node, int i, Atom.Var x, Expr e, int key) {
            int first = nextVar;
            Question question = new Question(x, new Site(node, key));
            Answer answer = question.entry(e, key, node);
            if (answer instanceof Answer.Yes yes && yes.real() && !question.poisoned) {
                return canonVar(question.commit(yes.var()));
            }
            nextVar = first;
            question.waits(letBase[node] + i);
            return null;
        }

        /** Statement i of {@code node}, x ← e, becomes x ← name. */
        private void replace(int node, int i, Atom.Var x, Atom.Var name) {
            if (replaced[node] == null) {
                replaced[node] = new Atom.Var[nest.body(node).lets().size()];
            }
            replaced[node][i] = name;
            becomes(x, name);
        }

        /** x is replaced by {@code name} from here on: the questions that met x are asked again. */
        private void becomes(Atom.Var x, Atom.Var name) {
            copyOf[x.id()] = name;
            wake(waitingOnVar.remove(x.id()));
        }

        private void wake(IntList statements) {
            for (int k = 0; statements != null && k < statements.size(); k++) {
                int id = statements.get(k);
                if (!queued[id]) {
                    queued[id] = true;
                    woken.add(id);
                }
            }
        }

        /**
         * The statements woken during the walk, and those their answers wake, asked again, so that one sweep leaves
         * (nearly) nothing for the next: an earlier statement's question can be answered once a later one's
         * insertions or φs are made. As many questions again as the function has statements at most, which keeps
         * the sweep linear; the next sweep finds what is left.
         */
        private void settle() {
            for (int work = letBase[letBase.length - 1]; !woken.isEmpty() && work > 0; work--) {
                int id = woken.pop();
                queued[id] = false;
                int node = nodeOf(id);
                int i = id - letBase[node];
                Let let = nest.body(node).lets().get(i);
                Atom.Var x = let.var(0);
                if (copyOf[x.id()] != null) {
                    continue;
                }
                Expr e = let.expr().mapAtoms(this::canon);
                int key = number(ExpressionKey.of(e).get()); // it had one when first asked; canon keeps it
                Atom.Var name = ask(node, i, x, e, key);
                if (name != null && !name.equals(x)) {
                    replace(node, i, x, name);
                }
                occur(new Site(node, key), name != null ? name : x, ranks.of(node));
            }
        }

        /** The body of statement {@code id}. */
        private int nodeOf(int id) {
            return QuestionRanks.firstAbove(letBase, letBase.length, id) - 1;
        }

        /** Enters an occurrence of an expression. */
        private void occur(Site site, Atom.Var value, int rank) {
            if (atExit.putIfAbsent(site, value) == null) {
                if (occurrences.get(site.key()) == null) {
                    occurrences.set(site.key(), new Occurrences());
                }
                occurrences.get(site.key()).add(rank);
                wake(waitingOnKey.set(site.key(), null));
            }
        }

        /** The variable an operand was replaced by (following the replacements), or the operand. */
        private Atom canon(Atom atom) {
            Atom at = atom;
            while (at instanceof Atom.Var v && v.id() < copyOf.length && copyOf[v.id()] != null) {
                at = copyOf[v.id()];
            }
            return at;
        }

        private Atom.Var canonVar(Atom.Var var) {
            return (Atom.Var) canon(var);
        }

        /** A new variable of the type of {@code like}, with its body (−1: not yet placed). */
        private Atom.Var fresh(Atom.Var like, int node) {
            Atom.Var var = new Atom.Var(nextVar++, like.hint(), like.type());
            if (var.id() >= defNode.length) {
                int size = Math.max(16, 2 * var.id());
                int old = defNode.length;
                defNode = Arrays.copyOf(defNode, size);
                paramIndex = Arrays.copyOf(paramIndex, size);
                copyOf = Arrays.copyOf(copyOf, size);
                Arrays.fill(defNode, old, size, -1);
                Arrays.fill(paramIndex, old, size, -1);
            }
            defNode[var.id()] = node;
            paramIndex[var.id()] = -1;
            return var;
        }

        /** Whether an operand of {@code e} is a parameter of {@code node} (φ) or, if not, a let of it. */
        private boolean defines(Expr e, int node, boolean param) {
            for (int k = 0; k < e.operandCount(); k++) {
                if (e.operand(k) instanceof Atom.Var v && defNode[v.id()] == node
                        && paramIndex[v.id()] >= 0 == param) {
                    return true;
                }
            }
            return false;
        }

        /** transPhi: {@code e} with the parameters of jump j's target renamed to the jump's arguments. */
        private Expr translate(Expr e, int w, int j) {
            int source = jumpSource[j];
            Tail.Jump jump = nest.body(source).tail().jump(j - jumpBase[source]);
            int original = jump.args().size();
            return e.mapAtoms(a -> {
                if (!(a instanceof Atom.Var v) || defNode[v.id()] != w || paramIndex[v.id()] < 0) {
                    return a;
                }
                int i = paramIndex[v.id()];
                return i < original ? canon(jump.args().get(i)) : extraArgs.get(j).get(i - original);
            });
        }

        /** The number of an expression. */
        private int number(ExpressionKey key) {
            Integer known = numbers.putIfAbsent(key, expressions.size());
            if (known != null) {
                return known;
            }
            expressions.add(key);
            occurrences.add(null);
            waitingOnKey.add(null);
            return expressions.size() - 1;
        }

        private Occurrences occurrencesOf(int key) {
            Occurrences found = occurrences.get(key);
            return found != null ? found : NOWHERE;
        }

        /** One question (Figure 6.6), its visited marks, and what it adds if answered yes. */
        private final class Question {
            private final HashMap<Site, Answer> entries = new HashMap<>();
            /**
             * Figure 6.6 lines 6–9: the ⊥ temporaries, one per site the question came back to while it was being
             * answered (round a loop); each stands for the site's answer, known when the site is answered.
             */
            private final HashMap<Site, Atom.Var> temporaries = new HashMap<>();
            private final List<Pending> pending = new ArrayList<>();
            /** The statement's variable: the type and name of the variables the question makes. */
            private final Atom.Var like;
            /** Where the question is first asked: the statement's body and expression. */
            private final Site start;
            private int budget = BUDGET;
            /** Whether a site that handed out a ⊥ temporary was answered no: what used it is void. */
            boolean poisoned;
            /** The expressions looked for at the end of a body (with the first): what could change a no. */
            private final IntList looked = new IntList();

            Question(Atom.Var like, Site start) {
                this.like = like;
                this.start = start;
                looked.add(start.key());
            }

            /** The question was answered no: statement {@code id} waits for what it looked for. */
            void waits(int id) {
                for (int k = 0; k < looked.size(); k++) {
                    int key = looked.get(k);
                    if (waitingOnKey.get(key) == null) {
                        waitingOnKey.set(key, new IntList(1));
                    }
                    waitingOnKey.get(key).add(id);
                    for (Atom operand : expressions.get(key).operands()) {
                        if (operand instanceof Atom.Var v) {
                            waitingOnVar.computeIfAbsent(v.id(), x -> new IntList(1)).add(id);
                        }
                    }
                }
            }

            /** Is {@code e} available at the entry of body {@code w}? The answer, or NO. */
            Answer entry(Expr e, int key, int w) {
                Site site = new Site(w, key);
                Answer known = entries.get(site);
                if (known != null) {
                    return known;
                }
                if (entries.containsKey(site)) { // being answered: lines 6–9, the ⊥ temporary (AV false, WAV true)
                    return temporary(site);
                }
                entries.put(site, null);
                Answer answer = --budget < 0 ? NO : ask(e, key, w);
                entries.put(site, answer);
                poisoned |= answer == NO && temporaries.containsKey(site);
                return answer;
            }

            private Answer temporary(Site site) {
                return new Answer.Yes(temporaries.computeIfAbsent(site, s -> fresh(like, -1)), false);
            }

            private Answer ask(Expr e, int key, int w) {
                if (w == Nest.ROOT || !ranks.reached(w) || defines(e, w, false)) {
                    return NO;
                }
                boolean modPhi = defines(e, w, true);
                int d = nest.parent(w);
                if (!modPhi && ranks.acyclicBetween(d, w)
                        && !occurrencesOf(key).between(ranks.of(d), ranks.of(w))) {
                    return exit(e, key, d); // the sparse edge (Theorem 1)
                }
                return join(e, key, w, modPhi);
            }

            /**
             * Figure 6.6 lines 30–46: the question renamed to each predecessor, a φ made of the answers, and §6.3.3's
             * availabilities: AV if some predecessor's answer is AV; WAV (the answer) if AV or every predecessor's
             * is WAV. A predecessor that needs an insertion is neither, so an insertion is made only when some
             * predecessor is AV: never into a loop's preheader for the loop's own value (Figure 6.5(b)).
             */
            private Answer join(Expr e, int key, int w, boolean modPhi) {
                int count = predStart[w + 1] - predStart[w];
                Atom.Var[] values = new Atom.Var[count];
                Expr[] exprs = new Expr[count];
                int[] keys = new int[count];
                boolean all = true;
                boolean real = false;
                boolean collapsed = !modPhi && collapsible(key, w);
                for (int i = 0; i < count; i++) {
                    int j = preds[predStart[w] + i];
                    if (!ranks.reached(jumpSource[j])) {
                        return NO;
                    }
                    if (collapsed && ranks.of(jumpSource[j]) >= ranks.of(w)) {
                        exprs[i] = e;
                        keys[i] = key;
                        values[i] = ((Answer.Yes) temporary(new Site(w, key))).var();
                        continue;
                    }
                    exprs[i] = modPhi ? translate(e, w, j) : e;
                    if (modPhi) {
                        Option<ExpressionKey> renamed = ExpressionKey.of(exprs[i]);
                        if (renamed.isEmpty()) {
                            return NO; // a ⊥ argument: nothing to find, nothing to insert
                        }
                        keys[i] = number(renamed.get());
                    } else {
                        keys[i] = key;
                    }
                    Answer answer = exit(exprs[i], keys[i], jumpSource[j]);
                    if (answer instanceof Answer.Yes yes) {
                        values[i] = yes.var();
                    } else {
                        all = false;
                    }
                    real |= answer.real();
                }
                if (all) {
                    Atom.Var same = values[0];
                    boolean one = Arrays.stream(values).allMatch(same::equals);
                    if (one && available(same, w)) {
                        return new Answer.Yes(same, real);
                    }
                } else if (real && insertable(values, w) && anticipated(e, key, w)) {
                    for (int i = 0; i < count; i++) {
                        if (values[i] == null) {
                            values[i] = fresh(like, -1);
                            pending.add(new Pending.Insert(preds[predStart[w] + i], values[i], exprs[i], keys[i]));
                        }
                    }
                } else {
                    return NO;
                }
                Atom.Var phi = fresh(like, w);
                pending.add(new Pending.Phi(w, phi, key, values));
                return new Answer.Yes(phi, real);
            }

            /**
             * Whether the loop w heads is collapsed for {@code key} (§6.3.2): nothing in it computes the expression
             * (but the statement asked about), so the question along a back edge would come back to w unanswered,
             * and is given w's temporary at once instead of walking the loop.
             */
            private boolean collapsible(int key, int w) {
                int end = ranks.loopEnd(w);
                if (end < 0) {
                    return false;
                }
                Atom.Var there = atExit.get(new Site(w, key));
                if (there != null && !there.equals(like)) {
                    return false;
                }
                int at = ranks.of(start.place());
                boolean own = start.key() == key && at > ranks.of(w) && at <= end && like.equals(atExit.get(start));
                return occurrencesOf(key).count(ranks.of(w), end + 1) == (own ? 1 : 0);
            }

            /**
             * Whether every predecessor lacking the value has no other jump (the insertion needs no new block) and
             * ranks below w (its jump is not an up-edge: an insertion at a loop's latch for its header would take
             * the header's computation's place one for one on every iteration).
             */
            private boolean insertable(Atom.Var[] values, int w) {
                for (int i = 0; i < values.length; i++) {
                    int source = jumpSource[preds[predStart[w] + i]];
                    if (values[i] == null && (nest.jumpCount(source) != 1 || ranks.of(source) >= ranks.of(w))) {
                        return false;
                    }
                }
                return true;
            }

            /**
             * Is {@code e} available at the end of body {@code p}? Yes where it occurs (but the statement asked about
             * does not answer for itself: it is the value being sought), else as at p's entry. That is no at once when
             * no occurrence ranks below p and no φ below the root can rename an operand: on the path to p that goes
             * round no loop, nothing computes e.
             */
            private Answer exit(Expr e, int key, int p) {
                if (key != looked.last()) {
                    looked.add(key);
                }
                Site site = new Site(p, key);
                Atom.Var there = atExit.get(site);
                if (there != null && !there.equals(like)) {
                    return new Answer.Yes(canonVar(there), true);
                }
                return occurrencesOf(key).below(ranks.of(p)) || entries.containsKey(site) || renamable(e)
                        ? entry(e, key, p) : NO;
            }

            /** Whether an operand of {@code e} is a parameter of a body (a φ), which a question may rename. */
            private boolean renamable(Expr e) {
                for (int k = 0; k < e.operandCount(); k++) {
                    if (e.operand(k) instanceof Atom.Var v && paramIndex[v.id()] >= 0 && defNode[v.id()] != Nest.ROOT) {
                        return true;
                    }
                }
                return false;
            }

            /** Figure 6.7: is {@code e} anticipated at the entry of body {@code w}? */
            private boolean anticipated(Expr e, int key, int w) {
                return ahead(e, key, w, new HashMap<>());
            }

            private boolean ahead(Expr e, int key, int x, HashMap<Site, Boolean> visited) {
                Site site = new Site(x, key);
                Boolean known = visited.get(site);
                if (known != null) {
                    return known;
                }
                if (--budget < 0) {
                    return false;
                }
                visited.put(site, false); // a path round a cycle that does not reach e
                boolean answer = scan(e, key, x, e.mayTrap(), visited);
                visited.put(site, answer);
                return answer;
            }

            private boolean scan(Expr e, int key, int x, boolean traps, HashMap<Site, Boolean> visited) {
                Body body = nest.body(x);
                for (Let let : body.lets()) {
                    if (--budget < 0) {
                        return false;
                    }
                    if (!let.isGuarded() && let.arity() == 1
                            && ExpressionKey.of(let.expr().mapAtoms(Analysis.this::canon)).contains(expressions.get(key))) {
                        return true;
                    }
                    if (traps && let.expr().mayTrap()) {
                        return false;
                    }
                }
                if (body.tail() instanceof Tail.Return) {
                    return false;
                }
                for (int k = 0; k < nest.jumpCount(x); k++) {
                    int j = jumpBase[x] + k;
                    int s = nest.target(x, k);
                    Expr next = forward(e, j, s);
                    Option<ExpressionKey> renamed = ExpressionKey.of(next);
                    if (!inScope(next, s) || renamed.isEmpty() || !ahead(next, number(renamed.get()), s, visited)) {
                        return false;
                    }
                }
                return true;
            }

            /**
             * transPhi′: {@code e} as it is written after jump j to body s, each operand the jump passes renamed to
             * the parameter that receives it (the first, when several do).
             */
            private Expr forward(Expr e, int j, int s) {
                int source = jumpSource[j];
                Vector<Atom> args = nest.body(source).tail().jump(j - jumpBase[source]).args();
                Vector<Atom.Var> params = nest.params(s);
                return e.mapAtoms(a -> {
                    for (int i = 0; i < args.size(); i++) {
                        if (canon(args.get(i)).equals(a)) {
                            return params.get(i);
                        }
                    }
                    List<Atom> extra = extraArgs.get(j);
                    for (int i = 0; extra != null && i < extra.size(); i++) {
                        if (extra.get(i).equals(a)) {
                            return newParams.get(s).get(i);
                        }
                    }
                    return a;
                });
            }

            /** Whether every variable operand of {@code e} is in scope in body {@code s}. */
            private boolean inScope(Expr e, int s) {
                for (int k = 0; k < e.operandCount(); k++) {
                    if (e.operand(k) instanceof Atom.Var v
                            && (defNode[v.id()] < 0 || !nest.encloses(defNode[v.id()], s))) {
                        return false;
                    }
                }
                return true;
            }

            /**
             * The question answered yes with {@code answer}: each ⊥ temporary becomes its site's answer (Figure 6.8
             * lines 5–9), a φ whose arguments are itself and one other value is that value, and the φs and
             * insertions left become part of the function. The variable that holds the answer.
             */
            Atom.Var commit(Atom.Var answer) {
                HashMap<Atom.Var, Atom.Var> becomes = new HashMap<>();
                temporaries.forEach((site, temporary) -> becomes.put(temporary, ((Answer.Yes) entries.get(site)).var()));
                for (boolean changed = true; changed; ) {
                    changed = false;
                    for (Pending p : pending) {
                        if (p instanceof Pending.Phi phi && !becomes.containsKey(phi.param())) {
                            Atom.Var only = onlyOther(phi, becomes);
                            if (only != null && available(only, phi.join())) {
                                becomes.put(phi.param(), only);
                                changed = true;
                            }
                        }
                    }
                }
                for (Pending p : pending) {
                    switch (p) {
                        case Pending.Phi phi when becomes.containsKey(phi.param()) -> { }
                        case Pending.Phi phi -> {
                            for (int i = 0; i < phi.args().length; i++) {
                                phi.args()[i] = find(phi.args()[i], becomes);
                            }
                            int w = phi.join();
                            List<Atom.Var> params = listAt(newParams, w);
                            paramIndex[phi.param().id()] = nest.params(w).size() + params.size();
                            params.add(phi.param());
                            for (int i = 0; i < phi.args().length; i++) {
                                listAt(extraArgs, preds[predStart[w] + i]).add(phi.args()[i]);
                            }
                            occur(new Site(w, phi.key()), phi.param(), ranks.of(w));
                        }
                        case Pending.Insert insert -> {
                            int source = jumpSource[insert.jump()];
                            listAt(appended, source).add(Let.of(insert.var(), insert.expr()));
                            defNode[insert.var().id()] = source;
                            occur(new Site(source, insert.key()), insert.var(), ranks.of(source));
                        }
                    }
                }
                return find(answer, becomes);
            }

            /** The one argument of a φ other than the φ itself, or null when it has none or several. */
            private static Atom.Var onlyOther(Pending.Phi phi, HashMap<Atom.Var, Atom.Var> becomes) {
                Atom.Var only = null;
                for (Atom.Var arg : phi.args()) {
                    Atom.Var value = find(arg, becomes);
                    if (value.equals(phi.param()) || value.equals(only)) {
                        continue;
                    }
                    if (only != null) {
                        return null;
                    }
                    only = value;
                }
                return only;
            }

            /** What a variable becomes: the replacements form no cycle (each cycle of questions passes a join). */
            private static Atom.Var find(Atom.Var var, HashMap<Atom.Var, Atom.Var> becomes) {
                Atom.Var at = var;
                for (Atom.Var next = becomes.get(at); next != null; next = becomes.get(at)) {
                    at = next;
                }
                return at;
            }
        }

        /** Whether a variable holds its value at the entry of body {@code w}: a parameter of w, or made above it. */
        private boolean available(Atom.Var var, int w) {
            int def = defNode[var.id()];
            return def >= 0 && (def == w ? paramIndex[var.id()] >= 0 : nest.encloses(def, w));
        }

        private static <T> List<T> listAt(List<List<T>> lists, int index) {
            List<T> list = lists.get(index);
            if (list == null) {
                list = new ArrayList<>();
                lists.set(index, list);
            }
            return list;
        }

        /** The function with the answers in place (Figure 6.8 lines 5–16). */
        Function rewrite() {
            Function out = nest.rewrite((node, body) -> {
                Atom.Var[] names = replaced[node];
                int[] index = {0};
                Vector<Let> lets = Images.map(body.lets(), let -> {
                    Atom.Var name = names == null ? null : names[index[0]];
                    index[0]++;
                    return name != null ? let.withExpr(new Expr.Copy(name)) : let.mapAtoms(this::canon);
                });
                if (appended.get(node) != null) {
                    lets = lets.appendAll(appended.get(node));
                }
                int[] k = {0};
                Tail tail = body.tail().mapAtoms(this::canon).mapJumps(jump -> {
                    List<Atom> extra = extraArgs.get(jumpBase[node] + k[0]++);
                    return extra == null ? jump : jump.withArgs(jump.args().appendAll(Vector.ofAll(extra).map(this::canon)));
                });
                return body.with(lets, body.functions(), tail);
            }, (node, fn) -> newParams.get(node) == null ? fn
                    : fn.withParams(fn.params().appendAll(newParams.get(node))));
            return out.withBody(out.body(), nextVar);
        }
    }
}
