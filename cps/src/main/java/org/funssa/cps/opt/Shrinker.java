package org.funssa.cps.opt;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.util.ArrayList;
import java.util.Set;
import org.funssa.core.graph.IntList;
import org.funssa.core.interp.Arith;
import org.funssa.core.interp.RuntimeTrap;
import org.funssa.core.lir.LirType;
import org.funssa.core.lir.Op;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Images;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.ir.Type;
import org.funssa.cps.rewrite.Nest;

/*
 * Appel and Jim, "Shrinking lambda expressions in linear time" (JFP 7(5), 1997), as MLton's SSA shrinker
 * applies it to blocks: reductions that only make a program smaller (copy propagation, folding, dead-code
 * removal, η-reduction of forwarding blocks, β-reduction of blocks called once), driven by use counts that are
 * kept exact as each reduction is made, so a reduction costs the size of what it deletes or moves, and one
 * reduction's consequences (a use count falling to zero or a call count to one) are found from the counts alone;
 * a variable that becomes a literal finds the operations it may now fold through its occurrence list (the
 * paper's census of occurrences, kept here only for the operands folding reads).
 * Seed 004's passes cpyp (§6.1), ebe (§6.10) and cbb (§6.11) are this engine with one reduction enabled.
 */

/**
 * The engine of {@link CopyPropagation}, {@link EmptyBlockElimination}, {@link BlockConcatenation} and
 * {@link Shrink}: one function's nest made mutable, the chosen {@link Reduction}s applied until none applies,
 * and the nest rebuilt, every unchanged let, body and local function kept by identity.
 *
 * <p>What it keeps, by variable number: how many operands resolve to the variable ({@code uses}), what the
 * variable was replaced by ({@code replacement}, chains compressed as they are followed), and where its let is.
 * By node of the {@link Nest}: the node's lets (a deleted one is a hole, so positions stay), its local functions
 * (which move when a block is concatenated into its caller), its tail, how many jumps go to it and the sum of the
 * nodes those jumps are in ({@code callers}: when one jump is left, it is the node that makes it), and the node
 * calls to it are forwarded to once it is η-reduced.
 *
 * <p>The walk visits nodes parents first, so every definition is simplified before its uses. Each let is
 * simplified once, and a concatenated block's lets once more in their new place (with the parameters replaced
 * by the arguments). When a block whose code was already simplified is concatenated late — after a call
 * count fell to one — and receives a literal argument, the operations and tests that read the parameter are
 * simplified again, found through its occurrence list ({@code sites}): each occurrence is looked at again at
 * most once, when the variable it names becomes a literal, so one run reaches the fixpoint. Cutting a jump (a
 * folded branch, a deleted block) can leave a cycle of local functions that no tail reaches, which no count
 * shows; a sweep of the nest (linear) deletes them after the walk, at most once per wave of cut jumps.
 */
final class Shrinker {

    private final Function function;
    private final Nest nest;
    private final boolean copy;
    private final boolean fold;
    private final boolean deadLets;
    private final boolean emptyBlocks;
    private final boolean concatenation;

    /** By variable number: how many operands name a variable whose replacement chain ends in this one. */
    private final int[] uses;
    /** By variable number: the atom that replaced it, or null. */
    private final Atom[] replacement;
    /** By variable number: the node whose lets bind it, or −1 for a parameter. */
    private final int[] definer;
    /** By variable number: the position of that let among the node's lets. */
    private final int[] position;
    /** By node number. */
    private final Block[] blocks;

    /**
     * Occurrence lists, when folding: by variable number, the first and last of the occurrences folding reads —
     * the variable a one-result operation or select defines, for an operand; −(node + 1) for a node whose branch
     * or switch tests the variable — linked through {@code siteNext}, so that replacing x by y appends x's list
     * to y's in constant time.
     */
    private final int[] firstSite;
    private final int[] lastSite;
    private final IntList siteValue = new IntList();
    private final IntList siteNext = new IntList();
    /** By node: the node its tail moved to when it was concatenated into its caller, or −1. */
    private final int[] tailMovedTo;

    private final IntList visits = new IntList();
    private final IntList deadVariables = new IntList();
    private final IntList deadBlocks = new IntList();
    /** Variables replaced by a literal, whose occurrences are still to be looked at again. */
    private final IntList literals = new IntList();
    /** A jump was removed since the last sweep for unreachable cycles. */
    private boolean jumpsRemoved;
    private boolean changed;

    /** One node of the nest, as the reductions change it. */
    private static final class Block {
        int parent;
        final ArrayList<Let> lets;
        final IntList children;
        Tail tail;
        int liveLets;
        int liveChildren;
        /** How many lets have been simplified, and how many local functions handed to the walk. */
        int cursor;
        int childCursor;
        int calls;
        long callers;
        int forward = -1;
        boolean dead;
        boolean visited;
        /** Whether its lets or local functions changed as lists (not just an operand): no identity to keep. */
        boolean edited;

        Block(int parent, Body body) {
            this.parent = parent;
            this.lets = new ArrayList<>(body.lets().asJava());
            this.children = new IntList(body.functions().size());
            this.tail = body.tail();
            this.liveLets = lets.size();
        }
    }

    private Shrinker(Function function, Set<Reduction> reductions) {
        this.function = function;
        this.nest = Nest.checked(function);
        copy = reductions.contains(Reduction.COPY);
        fold = reductions.contains(Reduction.FOLD);
        deadLets = reductions.contains(Reduction.DEAD_LET);
        emptyBlocks = reductions.contains(Reduction.EMPTY_BLOCK);
        concatenation = reductions.contains(Reduction.CONCATENATION);
        int count = function.varCount();
        uses = new int[count];
        replacement = new Atom[count];
        definer = new int[count];
        position = new int[count];
        java.util.Arrays.fill(definer, -1);
        firstSite = new int[fold ? count : 0];
        lastSite = new int[fold ? count : 0];
        java.util.Arrays.fill(firstSite, -1);
        tailMovedTo = new int[fold ? nest.size() : 0];
        java.util.Arrays.fill(tailMovedTo, -1);
        blocks = new Block[nest.size()];
        for (int node = 0; node < nest.size(); node++) {
            Block block = new Block(nest.parent(node), nest.body(node));
            blocks[node] = block;
            for (int c = nest.firstChild(node); c >= 0; c = nest.nextSibling(c)) {
                block.children.add(c);
            }
            block.liveChildren = block.children.size();
            for (int i = 0; i < block.lets.size(); i++) {
                Let let = block.lets.get(i);
                Expr expr = let.expr();
                for (int k = 0, n = let.operandCount(); k < n; k++) {
                    use(let.operand(k), 1);
                }
                for (int k = 0; k < let.arity(); k++) {
                    definer[let.var(k).id()] = node;
                    position[let.var(k).id()] = i;
                }
                if (fold && let.arity() == 1 && (expr instanceof Expr.Prim || expr instanceof Expr.Select)) {
                    for (int k = 0, n = expr.operandCount(); k < n; k++) {
                        if (expr.operand(k) instanceof Atom.Var v) {
                            occurs(v.id(), let.var(0).id());
                        }
                    }
                }
            }
            Tail tail = block.tail;
            if (fold) {
                switch (tail) {
                    case Tail.Branch b when b.condition() instanceof Atom.Var v -> occurs(v.id(), -(node + 1));
                    case Tail.Switch sw when sw.value() instanceof Atom.Var v -> occurs(v.id(), -(node + 1));
                    default -> { }
                }
            }
            tail.uses().forEach(a -> use(a, 1));
            for (int k = 0, n = tail.jumpCount(); k < n; k++) {
                tail.jump(k).args().forEach(a -> use(a, 1));
            }
        }
        for (int node = 0; node < nest.size(); node++) {
            for (int k = 0, n = nest.jumpCount(node); k < n; k++) {
                Block target = blocks[nest.target(node, k)];
                target.calls++;
                target.callers += node;
            }
        }
    }

    /**
     * {@code function} with the reductions applied until none applies: the same object when none applied.
     *
     * @throws IllegalArgumentException when a jump of the function goes to no local function or passes the
     *                                  wrong number of arguments (the verifier says where)
     */
    static Function shrink(Function function, Set<Reduction> reductions) {
        Shrinker shrinker = new Shrinker(function, reductions);
        shrinker.run();
        return shrinker.changed ? shrinker.rebuild() : function;
    }

    // ---------------------------------------------------------------- counts

    private void use(Atom atom, int delta) {
        if (atom instanceof Atom.Var v) {
            uses[v.id()] += delta;
            if (uses[v.id()] == 0) {
                deadVariables.add(v.id());
            }
        }
    }

    /** The atom that stands for {@code atom} now: its replacement chain followed, and compressed, to its end. */
    private Atom resolve(Atom atom) {
        if (!(atom instanceof Atom.Var v) || replacement[v.id()] == null) {
            return atom;
        }
        Atom end = replacement[v.id()];
        while (end instanceof Atom.Var w && replacement[w.id()] != null) {
            end = replacement[w.id()];
        }
        Atom step = atom;
        while (step instanceof Atom.Var w && replacement[w.id()] != null && replacement[w.id()] != end) {
            step = replacement[w.id()];
            replacement[w.id()] = end;
        }
        return end;
    }

    /** Every use of {@code var} becomes a use of {@code atom}. */
    private void replace(Atom.Var var, Atom atom) {
        if (atom instanceof Atom.Var v) {
            uses[v.id()] += uses[var.id()];
        }
        uses[var.id()] = 0;
        replacement[var.id()] = atom;
        changed = true;
        if (fold) {
            if (atom instanceof Atom.Var v) {
                moveSites(var.id(), v.id());
            } else {
                literals.add(var.id());
            }
        }
    }

    // ---------------------------------------------------------------- occurrence lists

    /** Records that {@code site} (see {@link #firstSite}) reads variable {@code var}. */
    private void occurs(int var, int site) {
        int cell = siteValue.size();
        siteValue.add(site);
        siteNext.add(-1);
        if (firstSite[var] < 0) {
            firstSite[var] = cell;
        } else {
            siteNext.set(lastSite[var], cell);
        }
        lastSite[var] = cell;
    }

    /** The occurrences of {@code from}, which is now {@code to}, become {@code to}'s. */
    private void moveSites(int from, int to) {
        if (firstSite[from] < 0) {
            return;
        }
        if (firstSite[to] < 0) {
            firstSite[to] = firstSite[from];
        } else {
            siteNext.set(lastSite[to], firstSite[from]);
        }
        lastSite[to] = lastSite[from];
        firstSite[from] = -1;
    }

    /**
     * Looks again at what reads {@code var}, now a literal: an operation the walk has already simplified is
     * simplified once more, a node whose tail tests it is visited again. The list is not needed afterwards: a
     * variable is replaced once.
     */
    private void reconsider(int var) {
        for (int cell = firstSite[var]; cell >= 0; cell = siteNext.get(cell)) {
            int site = siteValue.get(cell);
            if (site < 0) {
                int node = tailNode(-site - 1);
                if (!blocks[node].dead) {
                    revisit(node);
                }
                continue;
            }
            int node = definer[site];
            if (node < 0 || blocks[node].dead) {
                continue;
            }
            int i = position[site];
            if (i < blocks[node].cursor && blocks[node].lets.get(i) != null) {
                simplify(node, i);
            }
        }
        firstSite[var] = -1;
    }

    /** The node whose tail is now the one {@code node} had: past every concatenation into a caller. */
    private int tailNode(int node) {
        int end = node;
        while (tailMovedTo[end] >= 0) {
            end = tailMovedTo[end];
        }
        while (tailMovedTo[node] >= 0 && tailMovedTo[node] != end) {
            int next = tailMovedTo[node];
            tailMovedTo[node] = end;
            node = next;
        }
        return end;
    }

    /** The node jumps to {@code label} go to now: past every η-reduced block. */
    private int node(Label label) {
        int node = nest.node(label);
        int end = node;
        while (blocks[end].forward >= 0) {
            end = blocks[end].forward;
        }
        while (blocks[node].forward >= 0 && blocks[node].forward != end) {
            int next = blocks[node].forward;
            blocks[node].forward = end;
            node = next;
        }
        return end;
    }

    /** One jump less from {@code caller} to {@code target}. */
    private void uncall(int target, int caller) {
        Block block = blocks[target];
        jumpsRemoved = true;
        if (block.dead) {
            return;
        }
        block.calls--;
        block.callers -= caller;
        if (block.calls == 0) {
            deadBlocks.add(target);
        } else if (block.calls == 1) {
            revisit((int) block.callers);
        }
    }

    /** Puts a node the walk has passed back on it, to look at its tail and emptiness again. */
    private void revisit(int node) {
        if (blocks[node].visited && !blocks[node].dead) {
            visits.add(node);
        }
    }

    // ---------------------------------------------------------------- the walk

    private void run() {
        visits.add(Nest.ROOT);
        while (true) {
            if (!deadBlocks.isEmpty()) {
                delete(deadBlocks.pop());
            } else if (!deadVariables.isEmpty()) {
                dropIfDead(deadVariables.pop());
            } else if (!literals.isEmpty()) {
                reconsider(literals.pop());
            } else if (!visits.isEmpty()) {
                visit(visits.pop());
            } else if (jumpsRemoved) {
                jumpsRemoved = false;
                sweep();
            } else {
                return;
            }
        }
    }

    private void visit(int node) {
        Block block = blocks[node];
        if (block.dead) {
            return;
        }
        block.visited = true;
        while (true) {
            while (block.cursor < block.lets.size()) {
                int i = block.cursor++;
                if (block.lets.get(i) != null) {
                    simplify(node, i);
                }
            }
            simplifyTail(node);
            if (!(concatenation && block.tail instanceof Tail.Jump jump && concatenate(node, jump))) {
                break;
            }
        }
        if (emptyBlocks) {
            etaReduce(node);
        }
        for (int k = block.children.size() - 1; k >= block.childCursor; k--) {
            visits.add(block.children.get(k));
        }
        block.childCursor = block.children.size();
    }

    private void simplify(int node, int i) {
        Block block = blocks[node];
        Let let = block.lets.get(i);
        if (deadLets && isDead(let)) {
            remove(node, i);
            return;
        }
        Option<Atom> value = switch (let.expr()) {
            case Expr.Copy c when copy -> Option.of(resolve(c.value()));
            case Expr.Prim p when fold -> fold(p);
            case Expr.Select s when fold && resolve(s.condition()) instanceof Atom.IntLit c
                    && bits(c.type()) <= 64 ->
                    Option.of(resolve(literal(c) != 0 ? s.ifTrue() : s.ifFalse()));
            default -> Option.none();
        };
        if (value.isDefined()) {
            replace(let.var(0), value.get());
            remove(node, i);
        }
    }

    /** Whether no variable of the let is used and its expression has no effect (see {@link Shrink}). */
    private boolean isDead(Let let) {
        if (let.expr() instanceof Expr.Store || let.expr() instanceof Expr.Call) {
            return false;
        }
        for (int k = 0; k < let.arity(); k++) {
            if (uses[let.var(k).id()] != 0) {
                return false;
            }
        }
        return true;
    }

    /** Deletes let {@code i} of the node: its operands are used once less each. */
    private void remove(int node, int i) {
        Block block = blocks[node];
        Let let = block.lets.set(i, null);
        block.liveLets--;
        block.edited = true;
        changed = true;
        for (int k = 0, n = let.operandCount(); k < n; k++) {
            use(resolve(let.operand(k)), -1);
        }
        if (block.liveLets == 0) {
            revisit(node);
        }
    }

    private void dropIfDead(int var) {
        int node = definer[var];
        if (!deadLets || node < 0 || blocks[node].dead) {
            return;
        }
        Let let = blocks[node].lets.get(position[var]);
        if (let != null && isDead(let)) {
            remove(node, position[var]);
        }
    }

    /** The literal's value as the interpreter holds it: sign-extended from its width. */
    private static long literal(Atom.IntLit lit) {
        return Arith.normalize(bits(lit.type()), lit.value().longValue());
    }

    private static int bits(Type type) {
        return ((Type.Data) type).lir() instanceof LirType.Int t ? t.bits() : 0;
    }

    /**
     * The literal an integer operation on literals yields, with the interpreter's arithmetic; none when an
     * operand is not an integer literal, the width exceeds 64 bits, the operator is a float conversion, or the
     * operation would trap (division by zero, {@code MIN / −1}): that trap is the program's to raise.
     */
    private Option<Atom> fold(Expr.Prim prim) {
        int width = bits(prim.type());
        if (width == 0 || width > 64) {
            return Option.none();
        }
        long[] values = new long[prim.operands().size()];
        int from = 0;
        for (int k = 0; k < values.length; k++) {
            if (!(resolve(prim.operands().get(k)) instanceof Atom.IntLit lit) || bits(lit.type()) > 64) {
                return Option.none();
            }
            values[k] = literal(lit);
            from = bits(lit.type());
        }
        return value(prim.op(), width, from, values).map(v -> Atom.IntLit.of(prim.type(), v));
    }

    /** {@code op} on integer values as the interpreter computes it; none for float conversions and traps. */
    private static Option<Long> value(Op op, int width, int from, long[] values) {
        try {
            return switch (op.kind()) {
                case ARITHMETIC, SHIFT -> Option.of(Arith.binary(op, width, values[0], values[1]));
                case COMPARE -> Option.of(Arith.compare(op, from, values[0], values[1]) ? 1L : 0L);
                case UNARY -> Option.of(op == Op.NEG ? Arith.neg(width, values[0]) : Arith.bnot(width, values[0]));
                case CONVERSION -> switch (op) {
                    case CONVSX, CONVIT -> Option.of(Arith.normalize(width, values[0]));
                    case CONVZX -> Option.of(Arith.zeroExtend(from, width, values[0]));
                    default -> Option.none();
                };
            };
        } catch (RuntimeTrap trap) {
            return Option.none();
        }
    }

    /** Folds a branch or switch on a literal into the jump it takes; the jumps not taken are removed. */
    private void simplifyTail(int node) {
        Block block = blocks[node];
        if (!fold) {
            return;
        }
        Option<Tail.Jump> choice = switch (block.tail) {
            case Tail.Branch b when resolve(b.condition()) instanceof Atom.IntLit c && bits(c.type()) <= 64 ->
                    Option.of(literal(c) != 0 ? b.ifTrue() : b.ifFalse());
            case Tail.Switch s when resolve(s.value()) instanceof Atom.IntLit v && bits(v.type()) <= 64 -> {
                int width = bits(v.type());
                long value = literal(v);
                yield Option.of(s.cases().find(c -> Arith.normalize(width, c.value().longValue()) == value)
                        .map(Tail.Case::target).getOrElse(s.otherwise()));
            }
            default -> Option.none();
        };
        if (choice.isEmpty()) {
            return;
        }
        Tail.Jump taken = choice.get();
        Tail tail = block.tail;
        boolean kept = false;
        for (int k = 0, n = tail.jumpCount(); k < n; k++) {
            Tail.Jump jump = tail.jump(k);
            if (jump == taken && !kept) {
                kept = true;
                continue;
            }
            jump.args().forEach(a -> use(resolve(a), -1));
            uncall(node(jump.target()), node);
        }
        block.tail = taken;
        changed = true;
    }

    // ---------------------------------------------------------------- seed 004 §6.11: concatenation

    /**
     * Concatenates the local function {@code jump} goes to into the node when the jump is its only call (β):
     * its parameters are replaced by the arguments, its lets, local functions and tail become the node's.
     * Not when the node is nested in that function: then the function is a cycle no tail reaches any more,
     * which the sweep deletes.
     */
    private boolean concatenate(int node, Tail.Jump jump) {
        int target = node(jump.target());
        Block callee = blocks[target];
        if (target == node || callee.calls != 1 || nestedIn(node, target)) {
            return false;
        }
        Block block = blocks[node];
        Vector<Atom.Var> params = nest.params(target);
        for (int k = 0; k < params.size(); k++) {
            Atom arg = resolve(jump.args().get(k));
            replace(params.get(k), arg);
            use(arg, -1);
        }
        callee.calls = 0;
        callee.dead = true;
        for (int i = 0; i < callee.lets.size(); i++) {
            Let let = callee.lets.get(i);
            if (let != null) {
                for (int k = 0; k < let.arity(); k++) {
                    definer[let.var(k).id()] = node;
                    position[let.var(k).id()] = block.lets.size();
                }
            }
            block.lets.add(let);
        }
        block.liveLets += callee.liveLets;
        for (int k = 0; k < callee.children.size(); k++) {
            int child = callee.children.get(k);
            block.children.add(child);
            if (!blocks[child].dead) {
                blocks[child].parent = node;
                block.liveChildren++;
            }
        }
        block.tail = callee.tail;
        if (fold) {
            tailMovedTo[target] = node;
        }
        for (int k = 0, n = block.tail.jumpCount(); k < n; k++) {
            Block next = blocks[node(block.tail.jump(k).target())];
            next.callers += node - target;
        }
        block.edited = true;
        lostChild(callee.parent);
        changed = true;
        return true;
    }

    /** Whether {@code node} is {@code fn} or nested in it; {@code fn}'s parent encloses {@code node}. */
    private boolean nestedIn(int node, int fn) {
        int stop = blocks[fn].parent;
        for (int n = node; n != stop && n >= 0; n = blocks[n].parent) {
            if (n == fn) {
                return true;
            }
        }
        return false;
    }

    private void lostChild(int parent) {
        Block block = blocks[parent];
        block.liveChildren--;
        block.edited = true;
        if (block.liveChildren == 0) {
            revisit(parent);
        }
    }

    // ---------------------------------------------------------------- seed 004 §6.10: empty blocks

    /**
     * η-reduces the node when it is a local function with no lets and no local functions that jumps on with
     * its parameters in order: its calls go to the jump's target from now on. That target is in scope at every
     * call: it is defined in a body enclosing the node's, which encloses every call of the node.
     */
    private void etaReduce(int node) {
        Block block = blocks[node];
        if (node == Nest.ROOT || block.dead || block.liveLets != 0 || block.liveChildren != 0
                || !(block.tail instanceof Tail.Jump jump)) {
            return;
        }
        Vector<Atom.Var> params = nest.params(node);
        if (jump.args().size() != params.size()) {
            return;
        }
        for (int k = 0; k < params.size(); k++) {
            if (!resolve(jump.args().get(k)).equals(params.get(k))) {
                return;
            }
        }
        int target = node(jump.target());
        if (target == node) {
            return;
        }
        Block next = blocks[target];
        block.forward = target;
        block.dead = true;
        next.calls += block.calls - 1;
        next.callers += block.callers - node;
        lostChild(block.parent);
        changed = true;
        if (next.calls == 1) {
            revisit((int) next.callers);
        }
    }

    // ---------------------------------------------------------------- deletion

    /** Deletes a local function no jump goes to, and everything in it: what it used is used less. */
    private void delete(int root) {
        if (blocks[root].dead) {
            return;
        }
        lostChild(blocks[root].parent);
        changed = true;
        IntList stack = new IntList();
        stack.add(root);
        while (!stack.isEmpty()) {
            int node = stack.pop();
            Block block = blocks[node];
            if (block.dead) {
                continue;
            }
            block.dead = true;
            for (Let let : block.lets) {
                if (let != null) {
                    for (int k = 0, n = let.operandCount(); k < n; k++) {
                        use(resolve(let.operand(k)), -1);
                    }
                }
            }
            block.tail.uses().forEach(a -> use(resolve(a), -1));
            for (int k = 0, n = block.tail.jumpCount(); k < n; k++) {
                Tail.Jump jump = block.tail.jump(k);
                jump.args().forEach(a -> use(resolve(a), -1));
                uncall(node(jump.target()), node);
            }
            for (int k = 0; k < block.children.size(); k++) {
                stack.add(block.children.get(k));
            }
        }
    }

    /**
     * Deletes the local functions that no tail reaches any more, though jumps from a cycle among them keep
     * their counts up: the verifier's rule (each local function is reached from the tail of its body, through
     * its siblings) checked over the whole nest, as {@code Verifier} checks it, in one walk.
     */
    private void sweep() {
        int n = blocks.length;
        IntList order = new IntList();
        int[] depth = new int[n];
        int[] path = new int[n + 1];
        IntList stack = new IntList();
        stack.add(Nest.ROOT);
        IntList[] fromTail = new IntList[n];
        IntList[] fromInside = new IntList[n];
        while (!stack.isEmpty()) {
            int node = stack.pop();
            Block block = blocks[node];
            depth[node] = node == Nest.ROOT ? 0 : depth[block.parent] + 1;
            path[depth[node]] = node;
            order.add(node);
            for (int k = 0, count = block.tail.jumpCount(); k < count; k++) {
                int target = node(block.tail.jump(k).target());
                int owner = blocks[target].parent;
                if (owner == node) {
                    add(fromTail, node, target);
                } else {
                    add(fromInside, path[depth[owner] + 1], target);
                }
            }
            for (int k = block.children.size() - 1; k >= 0; k--) {
                if (!blocks[block.children.get(k)].dead) {
                    stack.add(block.children.get(k));
                }
            }
        }
        boolean[] reached = new boolean[n];
        IntList work = new IntList();
        for (int i = 0; i < order.size(); i++) {
            int node = order.get(i);
            if (fromTail[node] == null) {
                continue;
            }
            for (int k = 0; k < fromTail[node].size(); k++) {
                work.add(fromTail[node].get(k));
            }
            while (!work.isEmpty()) {
                int fn = work.pop();
                if (reached[fn]) {
                    continue;
                }
                reached[fn] = true;
                for (int k = 0; fromInside[fn] != null && k < fromInside[fn].size(); k++) {
                    work.add(fromInside[fn].get(k));
                }
            }
        }
        for (int i = 0; i < order.size(); i++) {
            int node = order.get(i);
            if (node != Nest.ROOT && !reached[node]) {
                deadBlocks.add(node);
            }
        }
    }

    private static void add(IntList[] lists, int at, int value) {
        if (lists[at] == null) {
            lists[at] = new IntList();
        }
        lists[at].add(value);
    }

    // ---------------------------------------------------------------- rebuilding

    /** The function the blocks now describe; what no reduction touched is kept by identity. */
    private Function rebuild() {
        IntList order = new IntList();
        IntList stack = new IntList();
        stack.add(Nest.ROOT);
        while (!stack.isEmpty()) {
            int node = stack.pop();
            order.add(node);
            Block block = blocks[node];
            for (int k = block.children.size() - 1; k >= 0; k--) {
                if (!blocks[block.children.get(k)].dead) {
                    stack.add(block.children.get(k));
                }
            }
        }
        Fn[] built = new Fn[blocks.length];
        for (int i = order.size() - 1; i > 0; i--) {
            int node = order.get(i);
            built[node] = nest.fn(node).withBody(body(node, built));
        }
        return function.withBody(body(Nest.ROOT, built));
    }

    private Body body(int node, Fn[] built) {
        Block block = blocks[node];
        Body original = nest.body(node);
        Vector<Let> lets;
        Vector<Fn> functions;
        if (block.edited) {
            ArrayList<Let> live = new ArrayList<>(block.liveLets);
            for (Let let : block.lets) {
                if (let != null) {
                    live.add(let.mapAtoms(this::resolve));
                }
            }
            lets = Vector.ofAll(live);
            ArrayList<Fn> local = new ArrayList<>(block.liveChildren);
            for (int k = 0; k < block.children.size(); k++) {
                int child = block.children.get(k);
                if (!blocks[child].dead) {
                    local.add(built[child]);
                    built[child] = null;
                }
            }
            functions = Vector.ofAll(local);
        } else {
            lets = Images.map(original.lets(), let -> let.mapAtoms(this::resolve));
            functions = original.functions();
            for (int k = 0; k < block.children.size(); k++) {
                Fn fresh = built[block.children.get(k)];
                built[block.children.get(k)] = null;
                if (fresh != functions.get(k)) {
                    functions = functions.update(k, fresh);
                }
            }
        }
        Tail tail = block.tail.mapAtoms(this::resolve).mapJumps(jump -> {
            int target = node(jump.target());
            return target == nest.node(jump.target()) ? jump : new Tail.Jump(nest.fn(target).label(), jump.args());
        });
        return block.edited ? new Body(lets, functions, tail) : original.with(lets, functions, tail);
    }
}
