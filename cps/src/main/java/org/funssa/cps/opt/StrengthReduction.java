package org.funssa.cps.opt;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import org.funssa.core.graph.DiGraph;
import org.funssa.core.graph.IntSeq;
import org.funssa.core.graph.LoopNestingForest;
import org.funssa.core.graph.StrongComponents;
import org.funssa.core.interp.Arith;
import org.funssa.core.lir.Op;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.ir.Type;
import org.funssa.cps.ir.VarSupply;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.rewrite.Nest;

/*
 * Seed 004 §6.5 "Operator Strength Reduction and Test Replacement for Induction Variables": §6.5.1 induction
 * variables (Figure 6.10), §6.5.2 operator strength reduction (Figures 6.11 to 6.14), §6.5.3 linear function
 * test replacement, after Cooper, Simpson and Vick, "Operator strength reduction" (TOPLAS 23(5), 2001).
 *
 * The SSA graph has a node per variable and an edge from each definition to each variable it reads: a let's
 * operands (and guard), a parameter's (φ's) arguments at every jump to its local function. Its strongly connected
 * components come from Tarjan's search of Figure 6.11 (org.funssa.core.graph.StrongComponents, an explicit
 * stack), operands' components first, and each is processed as Figure 6.12 says:
 *   - ClassifyIV: a component of several variables is an induction variable when every member is a φ, a copy,
 *     IV + RC, RC + IV or IV − RC (the one IV operand a member, the other a region constant: IV + IV is not
 *     linear, although the figure lets it through), all of one integer type of at most 64 bits. Its header is
 *     the member block first in the nest's preorder (the dominator tree's, for the figure's reverse postorder),
 *     which must head a reducible loop of the loop nesting forest (Havlak; org.funssa.core.graph) holding every
 *     member, and RegionConst(x, header) holds for literals, addresses and variables bound in a body strictly
 *     enclosing the header (dominating it, so bound before the loop is entered and fixed while it runs).
 *   - A variable that is no induction variable and is a candidate of the figure's note (IV × RC, RC × IV,
 *     IV ± RC, RC + IV, IV ≪ RC, the IV maybe one replaced before; and the sign extension of a counter, below)
 *     is replaced (Figure 6.13): Reduce (Figure 6.14) makes the induction variable IV op RC, and the
 *     candidate's uses read it. (The figure replaces the
 *     node by a COPY for copy propagation to remove; the pass does both at once and the let goes. Figure 6.12 as
 *     printed lost the "else" of the paper: candidates are replaced in components that are not induction
 *     variables.) A sum IV ± RC is replaced only once an operation on it is: alone, its induction variable
 *     would replace one addition by another and add a φ (and, where its old and new values interfere, a copy).
 * Reduce copies the whole component at once: a new variable for each member, a new parameter beside each φ
 * member (its argument at every jump: the member's image, or Apply(op, argument, RC) for a value from before the
 * loop) and a new let after each other member, its region constant scaled by Apply when op multiplies (× and
 * ≪) and kept when it adds. Apply folds literals with the interpreter's arithmetic (Folding) and otherwise puts
 * its let at the end of the lets of the deeper of its operands' bodies, both enclosing the header, as the paper
 * places it after the later definition.
 *
 * Exactness: integer arithmetic wraps (core's Arith), and modulo 2^n multiplication and shifting left distribute
 * over addition, so (i + c)·rc = i·rc + c·rc and (i + c) ≪ k = (i ≪ k) + (c ≪ k) hold for every value, overflow
 * included: each new variable equals its candidate on every execution. Floating point is never reduced (its
 * arithmetic does not distribute), and nothing reduced can trap. Predicated lets and ψs are not members or
 * candidates; their results are ordinary operands.
 *
 * Sign extension (CONVSX), how C's int index becomes a 64-bit address, distributes over a sum only when the sum
 * does not wrap, so it is a candidate only on a counter proven never to wrap: k = φ(init…, k2), k2 = k + 1,
 * entered with literals below the type's maximum, going round only where a branch found k2 < x. Then the
 * address arithmetic of a[k] (sign extension, scaling, base) becomes one induction variable of 64 bits.
 *
 * Test replacement (§6.5.3): a comparison of an induction variable iv with a region constant rc, iv having been
 * reduced along iv ⇒ iv2 ⇒ … ⇒ ivk (the first reduction of each), compares ivk with rc pushed through the same
 * operations. With wrap-around arithmetic the comparison's result is kept only by what is exact on every value:
 * an equality (TSTEQ, TSTNE) follows the chain when every step is injective modulo 2^n (+ RC, − RC, × an odd
 * literal, sign extension); a signed ordered test follows the chain only from a counter that never wraps, and only
 * as far as the steps are increasing and exact on every value of its type (sign extension, then products by
 * positive literals and sums with literals while the wider type holds the results): k2 < n becomes 4·(long) k2 <
 * 4·(long) n, not x + 4·(long) k2 < x + 4·(long) n. Other tests stay (i < n against 4·i < 4·n would differ once
 * 4·i wraps). The variables no longer used — often the original induction variable — are left to dead code
 * elimination (§6.7), as the seed says.
 *
 * Apply does not reduce an operand that is an induction variable of an outer loop, which Figure 6.14 does by
 * calling Reduce (it only reuses a reduction made already): that would recurse once per loop level. The operation it inserts instead, in the outer loop, is
 * that loop's candidate in the next round; the pass repeats until nothing changes, so it is idempotent, and
 * each round is linear in the function.
 */

/** Operator strength reduction ({@code osr}): induction variables' products become additions, tests follow. */
public final class StrengthReduction {

    /** The pass. */
    public static final Pass PASS = Pass.of("osr", StrengthReduction::apply);

    /**
     * The most members an induction variable may have to be copied by Reduce. Each reduction copies a whole
     * family, so families as large as a loop, each reduced by many candidates, would make the output grow with
     * the square of the loop; with this bound a round adds at most a constant per candidate. A loop counter and
     * its steps are a handful of members.
     */
    private static final int LARGEST_COPIED = 16;

    private StrengthReduction() {}

    /** The function with every candidate of every loop strength-reduced; the function itself when none is. */
    public static Function apply(Function function) {
        return Pass.untilUnchanged(function, StrengthReduction::once);
    }

    /** One round: the SSA graph's components processed in order, then the tests replaced. */
    private static Function once(Function function) {
        return LoopNest.of(function).map(l -> new Reducer(l.nest(), l.loops()).run()).getOrElse(function);
    }

    /** A member of an induction variable: a φ (with its argument at each jump to its block) or a let. */
    private sealed interface Member {
        Atom.Var var();

        int node();
    }

    /** A parameter of {@code node}; {@code incoming[e]} is its argument on the e-th jump to the node. */
    private record Phi(Atom.Var var, int node, Atom[] incoming) implements Member {}

    /** {@code let var = expr} (a copy, an addition or a subtraction), placed after the let binding {@code anchor}. */
    private record Step(Atom.Var var, int node, int anchor, Expr expr) implements Member {}

    /**
     * An induction variable: its members and the header of its loop; {@code counted} when it is a counter that
     * never wraps (see {@code counts}).
     */
    private record Family(int header, List<Member> members, boolean counted) {}

    /** Reduce's and Apply's tables: an operation (opcode, result type, operands) to the name of its result. */
    private record Key(Op op, Type.Data type, Vector<Atom> operands) {}

    /**
     * A reduction done: {@code result} is the reduced variable under {@code op} of type {@code type} with the
     * further operands {@code rest} (the region constant, or none for a sign extension).
     */
    private record Reduced(Op op, Type.Data type, Vector<Atom> rest, Atom.Var result) {}

    /**
     * A candidate IV ± RC (or RC + IV) whose reduction waits for an operation on it to be reduced: alone, the new
     * induction variable would only replace one addition by another beside a new φ.
     */
    private record Deferred(Op op, Type.Data type, Atom.Var iv, Atom rc, String hint) {}

    /** A comparison whose induction variable operand is {@code side}. */
    private record Test(Atom.Var var, Let let, int side) {}

    /** One round's analysis and rewrite of one function. */
    private static final class Reducer {
        private final Nest nest;
        private final LoopNestingForest loops;
        private final Function function;
        private final VarSupply vars;
        private final int count;
        /** By original variable: its body, and its let's index there (−1 for a parameter); −1 if unbound. */
        private final int[] defNode;
        private final int[] defLet;
        /** Node b's jumps are numbered jumpBase[b] …; the e-th jump to node t is inEdges[inStart[t] + e]. */
        private final int[] jumpBase;
        private final int[] inStart;
        private final int[] inEdges;
        private final int[] jumpSource;
        /** By jump number: its position among the jumps to its target. */
        private final int[] inIndex;
        /** By variable number (new ones included): its induction variable, or null. */
        private Family[] familyOf;
        /** By variable number: the body binding a variable made by Apply or Reduce. */
        private int[] newDefNode;
        /** By original variable: the reduced variable that replaced it, or null. */
        private final Atom.Var[] replacedBy;
        /** Reduce's table: (op, induction variable, RC) to the reduced variable; Apply's: (op, a, b) to a ∘ b. */
        private final Map<Key, Atom.Var> reduced = new HashMap<>();
        private final Map<Key, Atom> applied = new HashMap<>();
        /** By variable number: its first reduction, the edges test replacement follows. */
        private final Map<Integer, Reduced> reductions = new HashMap<>();
        private final List<Test> tests = new ArrayList<>();
        /** By original variable: the sums IV ± RC not reduced yet. */
        private final Map<Integer, Deferred> deferred = new HashMap<>();
        private final Map<Integer, Let> replacedTests = new HashMap<>();
        /** New parameters by node, new lets after an original let (by its variable) and at the end of a body. */
        private final Map<Integer, List<Phi>> newParams = new HashMap<>();
        private final Map<Integer, List<Let>> after = new HashMap<>();
        private final Map<Integer, List<Let>> appended = new HashMap<>();

        Reducer(Nest nest, LoopNestingForest loops) {
            this.nest = nest;
            this.loops = loops;
            this.function = nest.function();
            this.vars = VarSupply.after(function);
            this.count = function.varCount();
            defNode = new int[count];
            defLet = new int[count];
            Arrays.fill(defNode, -1);
            familyOf = new Family[count];
            newDefNode = new int[count];
            replacedBy = new Atom.Var[count];
            int size = nest.size();
            jumpBase = new int[size + 1];
            for (int node = 0; node < size; node++) {
                jumpBase[node + 1] = jumpBase[node] + nest.jumpCount(node);
            }
            int jumps = jumpBase[size];
            jumpSource = new int[jumps];
            inIndex = new int[jumps];
            inStart = new int[size + 1];
            for (int node = 0; node < size; node++) {
                for (int k = 0; k < nest.jumpCount(node); k++) {
                    jumpSource[jumpBase[node] + k] = node;
                    int target = nest.target(node, k);
                    if (target >= 0) {
                        inIndex[jumpBase[node] + k] = inStart[target + 1]++;
                    }
                }
            }
            for (int node = 0; node < size; node++) {
                inStart[node + 1] += inStart[node];
            }
            inEdges = new int[jumps];
            for (int g = 0; g < jumps; g++) {
                int node = jumpSource[g];
                int target = nest.target(node, g - jumpBase[node]);
                if (target >= 0) {
                    inEdges[inStart[target] + inIndex[g]] = g;
                }
            }
        }

        Function run() {
            StrongComponents components = StrongComponents.of(ssaGraph());
            for (int c = 0; c < components.count(); c++) {
                IntSeq members = components.members(c);
                if (members.size() == 1 || !classify(members, components, c)) {
                    for (int k = 0; k < members.size(); k++) {
                        consider(members.get(k));
                    }
                }
            }
            tests.forEach(this::replaceTest);
            boolean changed = replacedTests.size() > 0
                    || Arrays.stream(replacedBy).anyMatch(v -> v != null);
            return changed ? rewrite() : function;
        }

        /** The SSA graph: an edge from each variable to each variable its definition reads. */
        private DiGraph ssaGraph() {
            DiGraph.Builder graph = DiGraph.builder(Math.max(1, count));
            for (int node = 0; node < nest.size(); node++) {
                Vector<Atom.Var> params = nest.params(node);
                for (int i = 0; i < params.size(); i++) {
                    defNode[params.get(i).id()] = node;
                    defLet[params.get(i).id()] = -1;
                    for (int e = inStart[node]; e < inStart[node + 1]; e++) {
                        if (argument(inEdges[e], i) instanceof Atom.Var a) {
                            graph.edge(params.get(i).id(), a.id());
                        }
                    }
                }
                Vector<Let> lets = nest.body(node).lets();
                for (int l = 0; l < lets.size(); l++) {
                    Let let = lets.get(l);
                    for (int v = 0; v < let.arity(); v++) {
                        int id = let.var(v).id();
                        defNode[id] = node;
                        defLet[id] = l;
                        for (int k = 0; k < let.operandCount(); k++) {
                            if (let.operand(k) instanceof Atom.Var a) {
                                graph.edge(id, a.id());
                            }
                        }
                    }
                }
            }
            return graph.build();
        }

        /** Argument {@code i} of jump number {@code g}. */
        private Atom argument(int g, int i) {
            int node = jumpSource[g];
            return nest.body(node).tail().jump(g - jumpBase[node]).args().get(i);
        }

        /** The let binding original variable {@code id}, if a let binds it. */
        private Option<Let> letOf(int id) {
            return defNode[id] < 0 || defLet[id] < 0 ? Option.none()
                    : Option.some(nest.body(defNode[id]).lets().get(defLet[id]));
        }

        /** ClassifyIV (Figure 6.12): whether the component is an induction variable; if so it is recorded. */
        private boolean classify(IntSeq members, StrongComponents components, int c) {
            int header = Integer.MAX_VALUE;
            for (int k = 0; k < members.size(); k++) {
                int node = defNode[members.get(k)];
                if (node < 0) {
                    return false;
                }
                header = Math.min(header, node);
            }
            int loop = loops.loopHeadedBy(header);
            if (loop == LoopNestingForest.NONE || loops.isIrreducible(loop)) {
                return false;
            }
            Type type = null;
            List<Member> family = new ArrayList<>();
            for (int k = 0; k < members.size(); k++) {
                int id = members.get(k);
                int node = defNode[id];
                if (!loops.contains(loop, node) || !nest.encloses(header, node)) {
                    return false;
                }
                Option<Member> member = member(id, header, type, a -> a instanceof Atom.Var v
                        && components.component(v.id()) == c);
                if (member.isEmpty()) {
                    return false;
                }
                type = member.get().var().type();
                family.add(member.get());
            }
            if (family.size() > LARGEST_COPIED) {
                return false;
            }
            Family iv = new Family(header, family, counts(family, header));
            family.forEach(m -> familyOf[m.var().id()] = iv);
            return true;
        }

        /**
         * Variable {@code id} as a member of an induction variable of {@code type} (any, if null) whose component
         * {@code inside} tells; none when its definition is not a φ, copy, IV ± RC or RC + IV.
         */
        private Option<Member> member(int id, int header, Type type, Predicate<Atom> inside) {
            if (defLet[id] < 0) {
                Atom.Var param = nest.params(defNode[id]).find(p -> p.id() == id).get();
                if (!reducible(param.type()) || type != null && !type.equals(param.type())) {
                    return Option.none();
                }
                int node = defNode[id];
                int index = nest.params(node).indexOf(param);
                Atom[] incoming = new Atom[inStart[node + 1] - inStart[node]];
                for (int e = 0; e < incoming.length; e++) {
                    incoming[e] = argument(inEdges[inStart[node] + e], index);
                    if (!inside.test(incoming[e]) && !regionConstant(incoming[e], header, param.type())) {
                        return Option.none();
                    }
                }
                return Option.some(new Phi(param, node, incoming));
            }
            Let let = letOf(id).get();
            Atom.Var var = let.var(0);
            if (let.isGuarded() || let.arity() != 1 || !reducible(var.type())
                    || type != null && !type.equals(var.type())) {
                return Option.none();
            }
            boolean linear = switch (let.expr()) {
                case Expr.Copy copy -> inside.test(copy.value());
                case Expr.Prim p when p.type().equals(var.type()) && (p.op() == Op.ADD || p.op() == Op.SUB) -> {
                    Atom a = p.operands().get(0);
                    Atom b = p.operands().get(1);
                    yield inside.test(a) && regionConstant(b, header, var.type())
                            || p.op() == Op.ADD && inside.test(b) && regionConstant(a, header, var.type());
                }
                default -> false;
            };
            return linear ? Option.some(new Step(var, defNode[id], id, let.expr())) : Option.none();
        }

        /**
         * Whether an induction variable is a counter that never wraps, so that its sign extension is one too:
         * {@code k = φ(init…, k2)} at the header and {@code k2 = k + 1}, entered with literals below the type's
         * maximum and going round only from the true arm of a branch on {@code tstlts k2 x} (or {@code tstgts x k2}).
         * Every value of k is then an init or a k2 below some x, so at most the maximum minus one, and k + 1 never
         * overflows: sign-extending k2 is adding 1 to k's sign extension.
         */
        private boolean counts(List<Member> family, int header) {
            if (family.size() != 2) {
                return false;
            }
            boolean phiFirst = family.get(0) instanceof Phi;
            if (!(family.get(phiFirst ? 0 : 1) instanceof Phi phi) || phi.node() != header
                    || !(family.get(phiFirst ? 1 : 0) instanceof Step step) || !(step.expr() instanceof Expr.Prim p)
                    || p.op() != Op.ADD) {
                return false;
            }
            Atom by = p.operands().get(0).equals(phi.var()) ? p.operands().get(1) : p.operands().get(0);
            if (!(by instanceof Atom.IntLit one) || signed(one) != 1) {
                return false;
            }
            int bits = p.type().lir().bits();
            long max = bits == 64 ? Long.MAX_VALUE : (1L << (bits - 1)) - 1;
            for (int e = 0; e < phi.incoming().length; e++) {
                Atom a = phi.incoming()[e];
                boolean ok = a instanceof Atom.IntLit init ? signed(init) < max
                        : a.equals(step.var()) && continuesBelow(inEdges[inStart[header] + e], step.var());
                if (!ok) {
                    return false;
                }
            }
            return true;
        }

        /** The value of an integer literal, sign-extended from its width. */
        private static long signed(Atom.IntLit literal) {
            return Arith.normalize(literal.type().lir().bits(), literal.value().longValue());
        }

        /** Whether jump number {@code g} is the true arm of a branch on {@code tstlts v x} or {@code tstgts x v}. */
        private boolean continuesBelow(int g, Atom.Var v) {
            int node = jumpSource[g];
            if (g != jumpBase[node] || !(nest.body(node).tail() instanceof Tail.Branch branch)
                    || !(branch.condition() instanceof Atom.Var c) || c.id() >= count) {
                return false;
            }
            return letOf(c.id()).exists(let -> !let.isGuarded() && let.expr() instanceof Expr.Prim test
                    && test.operands().get(0).type().equals(test.operands().get(1).type())
                    && (test.op() == Op.TSTLTS && test.operands().get(0).equals(v)
                            || test.op() == Op.TSTGTS && test.operands().get(1).equals(v)));
        }

        /** Whether strength reduction may touch values of this type: integers of at most 64 bits. */
        private static boolean reducible(Type type) {
            return type instanceof Type.Data d && type.isInteger() && d.lir().bits() <= 64;
        }

        /** RegionConst (Figure 6.13): a literal, an address or a variable bound in a body enclosing the header's. */
        private boolean regionConstant(Atom atom, int header, Type type) {
            if (!atom.type().equals(type)) {
                return false;
            }
            return switch (atom) {
                case Atom.IntLit i -> true;
                case Atom.Addr a -> true;
                case Atom.Var v -> {
                    int node = v.id() < count ? defNode[v.id()] : newDefNode[v.id()];
                    yield node >= 0 && nest.strictlyEncloses(node, header);
                }
                case Atom.FloatLit f -> false;
                case Atom.Undef u -> false;
            };
        }

        /** The induction variable an atom names, through replacements; null when it names none. */
        private Atom.Var inductionVariable(Atom atom) {
            if (!(atom instanceof Atom.Var v)) {
                return null;
            }
            Atom.Var var = v.id() < count && replacedBy[v.id()] != null ? replacedBy[v.id()] : v;
            return var.id() < familyOf.length && familyOf[var.id()] != null ? var : null;
        }

        /** A variable that is no induction variable: replaced if it is a candidate, noted if it is a test. */
        private void consider(int id) {
            Option<Let> found = letOf(id);
            if (found.isEmpty() || found.get().isGuarded() || found.get().arity() != 1
                    || !(found.get().expr() instanceof Expr.Prim p)) {
                return;
            }
            Let let = found.get();
            if (p.op() == Op.CONVSX) {
                Atom.Var iv = inductionVariable(p.operands().get(0));
                if (iv != null && familyOf[iv.id()].counted() && reducible(p.type())
                        && p.type().lir().bits() > ((Type.Data) iv.type()).lir().bits()) {
                    replacedBy[id] = reduce(p.op(), p.type(), iv, Vector.empty(), let.var(0).hint());
                }
                return;
            }
            if (p.operands().size() != 2) {
                return;
            }
            Atom a = p.operands().get(0);
            Atom b = p.operands().get(1);
            switch (p.op()) {
                case ADD, MUL, SUB, LSHS, LSHU -> {
                    boolean commutes = p.op() == Op.ADD || p.op() == Op.MUL;
                    int side = !reducible(p.type()) ? -1 : candidate(a, b, p) ? 0
                            : commutes && candidate(b, a, p) ? 1 : -1;
                    if (side < 0) {
                        return;
                    }
                    Atom iv = side == 0 ? a : b;
                    Atom rc = side == 0 ? b : a;
                    Deferred sum = iv instanceof Atom.Var v ? deferred.get(v.id()) : null;
                    if (identity(p.op(), a, b).contains(iv)) {
                        if (sum != null) {
                            deferred.put(id, sum);
                        } else {
                            replacedBy[id] = inductionVariable(iv);
                        }
                    } else if (p.op() == Op.ADD || p.op() == Op.SUB) {
                        deferred.put(id, new Deferred(p.op(), p.type(), materialize(iv), rc, let.var(0).hint()));
                    } else {
                        replacedBy[id] = reduce(p.op(), p.type(), materialize(iv), Vector.of(rc), let.var(0).hint());
                    }
                }
                case TSTEQ, TSTNE, TSTLTS, TSTLES, TSTGTS, TSTGES -> {
                    if (test(a, b)) {
                        tests.add(new Test(let.var(0), let, 0));
                    } else if (test(b, a)) {
                        tests.add(new Test(let.var(0), let, 1));
                    }
                }
                default -> { }
            }
        }

        /**
         * The induction variable {@code atom} names, made now if it is a deferred sum: Replace of the sum
         * (Figure 6.13), done when an operation on it is reduced.
         */
        private Atom.Var materialize(Atom atom) {
            Deferred sum = atom instanceof Atom.Var v ? deferred.remove(v.id()) : null;
            if (sum == null) {
                return inductionVariable(atom);
            }
            Atom.Var made = reduce(sum.op(), sum.type(), sum.iv(), Vector.of(sum.rc()), sum.hint());
            replacedBy[((Atom.Var) atom).id()] = made;
            return made;
        }

        /** Whether {@code iv op rc} is a candidate of Figure 6.12's note (iv maybe a deferred sum). */
        private boolean candidate(Atom iv, Atom rc, Expr.Prim p) {
            Deferred sum = iv instanceof Atom.Var w ? deferred.get(w.id()) : null;
            Atom.Var v = sum != null ? sum.iv() : inductionVariable(iv);
            if (v == null || !v.type().equals(p.type())) {
                return false;
            }
            Type rcType = shifts(p.op()) ? rc.type() : p.type();
            return rcType.isInteger() && regionConstant(rc, familyOf[v.id()].header(), rcType);
        }

        /** Whether {@code op} shifts left (LSHS and LSHU are the same operation on the bits). */
        private static boolean shifts(Op op) {
            return op == Op.LSHS || op == Op.LSHU;
        }

        /** Whether {@code iv} is an induction variable and {@code rc} a region constant of its loop. */
        private boolean test(Atom iv, Atom rc) {
            Atom.Var v = inductionVariable(iv);
            return v != null && regionConstant(rc, familyOf[v.id()].header(), v.type());
        }

        /**
         * Reduce (Figure 6.14): the induction variable {@code op(iv, rest…)} of type {@code type}, made by copying
         * iv's whole family once (the figure's recursion over the family's members, done member by member); its
         * variables are printed after {@code hint}, the candidate's name.
         */
        private Atom.Var reduce(Op op, Type.Data type, Atom.Var iv, Vector<Atom> rest, String hint) {
            Atom.Var known = reduced.get(new Key(op, type, rest.prepend(iv)));
            if (known != null) {
                return known;
            }
            Family source = familyOf[iv.id()];
            Map<Atom.Var, Atom.Var> image = new HashMap<>();
            List<Member> members = new ArrayList<>();
            Family copy = new Family(source.header(), members, false);
            for (Member m : source.members()) {
                Atom.Var v = vars.fresh(hint, type);
                image.put(m.var(), v);
                reduced.put(new Key(op, type, rest.prepend(m.var())), v);
                reductions.putIfAbsent(m.var().id(), new Reduced(op, type, rest, v));
                grow(v.id());
                familyOf[v.id()] = copy;
                newDefNode[v.id()] = m.node();
            }
            boolean scales = op != Op.ADD && op != Op.SUB;
            for (Member m : source.members()) {
                Atom.Var v = image.get(m.var());
                UnaryOperator<Atom> map = a -> a instanceof Atom.Var w && image.containsKey(w) ? image.get(w)
                        : null;
                switch (m) {
                    case Phi phi -> {
                        Atom[] incoming = new Atom[phi.incoming().length];
                        for (int e = 0; e < incoming.length; e++) {
                            Atom a = phi.incoming()[e];
                            Atom mapped = map.apply(a);
                            incoming[e] = mapped != null ? mapped : apply(op, type, rest.prepend(a));
                        }
                        Phi made = new Phi(v, phi.node(), incoming);
                        members.add(made);
                        newParams.computeIfAbsent(phi.node(), n -> new ArrayList<>()).add(made);
                    }
                    case Step step -> {
                        UnaryOperator<Atom> operand = a -> {
                            Atom mapped = map.apply(a);
                            return mapped != null ? mapped : scales ? apply(op, type, rest.prepend(a)) : a;
                        };
                        Expr expr = switch (step.expr()) {
                            case Expr.Prim p -> new Expr.Prim(p.op(), type, p.operands().map(operand));
                            default -> step.expr().mapAtoms(operand);
                        };
                        members.add(new Step(v, step.node(), step.anchor(), expr));
                        after.computeIfAbsent(step.anchor(), n -> new ArrayList<>()).add(Let.of(v, expr));
                    }
                }
            }
            return image.get(iv);
        }

        /**
         * Apply (Figure 6.14): the name of {@code a op b}, both region constants of the loop being reduced: an
         * earlier Apply's or Reduce's name for it (an outer loop's induction variable reduced already), a literal
         * when they fold, else a new let at the end of the deeper of their bodies.
         */
        private Atom apply(Op op, Type.Data type, Vector<Atom> operands) {
            Key key = new Key(op, type, operands);
            Atom known = applied.containsKey(key) ? applied.get(key) : reduced.get(key);
            if (known != null) {
                return known;
            }
            Atom a = operands.get(0);
            Option<Atom> folded = Folding.evaluate(op, type, operands)
                    .orElse(() -> operands.size() == 2 ? identity(op, a, operands.get(1)) : Option.none());
            Atom result;
            if (folded.isDefined()) {
                result = folded.get();
            } else {
                int node = operands.map(this::bodyOf).max().get();
                Atom.Var t = vars.fresh(a instanceof Atom.Var v ? v.hint() : "k", type);
                grow(t.id());
                newDefNode[t.id()] = node;
                appended.computeIfAbsent(node, n -> new ArrayList<>()).add(Let.of(t, new Expr.Prim(op, type,
                        operands)));
                result = t;
            }
            applied.put(key, result);
            return result;
        }

        /** {@code a op b} when an operand is the operation's identity (or zero for ×), which C's wrap keeps. */
        private static Option<Atom> identity(Op op, Atom a, Atom b) {
            boolean aZero = a instanceof Atom.IntLit i && i.value().signum() == 0;
            boolean bZero = b instanceof Atom.IntLit i && i.value().signum() == 0;
            boolean aOne = a instanceof Atom.IntLit i && i.value().equals(BigInteger.ONE);
            boolean bOne = b instanceof Atom.IntLit i && i.value().equals(BigInteger.ONE);
            return switch (op) {
                case ADD -> aZero ? Option.some(b) : bZero ? Option.some(a) : Option.none();
                case SUB, LSHS, LSHU -> bZero ? Option.some(a) : Option.none();
                case MUL -> aZero ? Option.some(a) : bZero ? Option.some(b) : aOne ? Option.some(b)
                        : bOne ? Option.some(a) : Option.none();
                default -> Option.none();
            };
        }

        /** The body binding an atom: the root for a literal or an address. */
        private int bodyOf(Atom atom) {
            return atom instanceof Atom.Var v ? v.id() < count ? defNode[v.id()] : newDefNode[v.id()] : Nest.ROOT;
        }

        private void grow(int id) {
            if (id >= familyOf.length) {
                int size = Math.max(id + 1, familyOf.length * 2);
                familyOf = Arrays.copyOf(familyOf, size);
                newDefNode = Arrays.copyOf(newDefNode, size);
            }
        }

        /**
         * Linear function test replacement (§6.5.3) of one test: it compares the last variable of a chain of
         * reductions of its induction variable with its bound pushed through the same chain. An equality test
         * follows the whole chain when every step is injective modulo 2^n; an ordered (signed) test follows the
         * longest prefix that is exact and increasing on every value, which needs a counter that never wraps.
         */
        private void replaceTest(Test test) {
            Expr.Prim p = (Expr.Prim) test.let().expr();
            Atom.Var iv = inductionVariable(p.operands().get(test.side()));
            List<Reduced> chain = p.op() == Op.TSTEQ || p.op() == Op.TSTNE ? injectiveChain(iv) : increasingChain(iv);
            if (chain.isEmpty()) {
                return;
            }
            Atom bound = p.operands().get(1 - test.side());
            for (Reduced r : chain) {
                bound = apply(r.op(), r.type(), r.rest().prepend(bound));
            }
            Atom.Var last = chain.get(chain.size() - 1).result();
            Vector<Atom> operands = test.side() == 0 ? Vector.of(last, bound) : Vector.of(bound, last);
            replacedTests.put(test.var().id(), test.let().withExpr(new Expr.Prim(p.op(), p.type(), operands)));
        }

        /**
         * iv's chain of first reductions when each is injective modulo 2^n (± RC, × an odd literal, sign
         * extension), so that x = y exactly when their images are equal, wrapped or not; else none.
         */
        private List<Reduced> injectiveChain(Atom.Var iv) {
            List<Reduced> chain = new ArrayList<>();
            for (Reduced r = reductions.get(iv.id()); r != null; r = reductions.get(r.result().id())) {
                boolean injective = r.op() == Op.ADD || r.op() == Op.SUB || r.op() == Op.CONVSX
                        || r.op() == Op.MUL && r.rest().head() instanceof Atom.IntLit i && i.value().testBit(0);
                if (!injective) {
                    return List.of();
                }
                chain.add(r);
            }
            return chain;
        }

        /**
         * The longest prefix of iv's chain of first reductions that maps every value of iv's type (iv's own values
         * and the bound alike) exactly and increasingly: sign extensions, then products by positive literals and
         * sums with literals while the widened type holds every result (tracked as a bound on the magnitude). Only
         * for a counter that never wraps, whose values are the ones the original test compared.
         */
        private List<Reduced> increasingChain(Atom.Var iv) {
            List<Reduced> chain = new ArrayList<>();
            if (!familyOf[iv.id()].counted()) {
                return chain;
            }
            BigInteger magnitude = BigInteger.ONE.shiftLeft(((Type.Data) iv.type()).lir().bits() - 1);
            for (Reduced r = reductions.get(iv.id()); r != null; r = reductions.get(r.result().id())) {
                Atom by = r.rest().isEmpty() ? null : r.rest().head();
                BigInteger next = switch (r.op()) {
                    case CONVSX -> magnitude;
                    case MUL -> by instanceof Atom.IntLit c && signed(c) > 0
                            ? magnitude.multiply(BigInteger.valueOf(signed(c))) : null;
                    case ADD, SUB -> by instanceof Atom.IntLit c
                            ? magnitude.add(BigInteger.valueOf(signed(c)).abs()) : null;
                    default -> null;
                };
                if (next == null || next.bitLength() >= r.type().lir().bits()) {
                    break;
                }
                magnitude = next;
                chain.add(r);
            }
            return chain;
        }

        /** The function with the new parameters and lets, the candidates' uses renamed, the tests replaced. */
        private Function rewrite() {
            UnaryOperator<Atom> rename = a -> a instanceof Atom.Var v && v.id() < count
                    && replacedBy[v.id()] != null ? replacedBy[v.id()] : a;
            Function rewritten = nest.rewrite((node, body) -> {
                Vector<Let> lets = Vector.empty();
                boolean changed = false;
                for (Let let : body.lets()) {
                    int id = let.arity() == 0 ? -1 : let.var(0).id();
                    if (id >= 0 && replacedBy[id] != null) {
                        changed = true;
                        continue;
                    }
                    Let kept = replacedTests.getOrDefault(id, let).mapAtoms(rename);
                    changed |= kept != let;
                    lets = lets.append(kept);
                    List<Let> inserted = after.get(id);
                    if (inserted != null) {
                        lets = lets.appendAll(inserted.stream().map(l -> l.mapAtoms(rename)).toList());
                        changed = true;
                    }
                }
                List<Let> atEnd = appended.get(node);
                if (atEnd != null) {
                    lets = lets.appendAll(atEnd.stream().map(l -> l.mapAtoms(rename)).toList());
                    changed = true;
                }
                int[] k = {0};
                Tail tail = body.tail().mapAtoms(rename).mapJumps(jump -> {
                    int g = jumpBase[node] + k[0]++;
                    List<Phi> extra = newParams.get(nest.target(node, g - jumpBase[node]));
                    return extra == null ? jump : jump.withArgs(jump.args().appendAll(
                            extra.stream().map(phi -> rename.apply(phi.incoming()[inIndex[g]])).toList()));
                });
                return changed || tail != body.tail() ? body.with(changed ? lets : body.lets(), body.functions(), tail)
                        : body;
            }, (node, fn) -> {
                List<Phi> extra = newParams.get(node);
                return extra == null ? fn : fn.withParams(fn.params().appendAll(extra.stream().map(Phi::var).toList()));
            });
            return rewritten.withBody(rewritten.body(), vars.count());
        }
    }
}
