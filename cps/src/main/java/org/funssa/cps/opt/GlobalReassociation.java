package org.funssa.cps.opt;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.funssa.core.lir.Op;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Type;
import org.funssa.cps.ir.VarSupply;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.rewrite.Nest;
import org.funssa.cps.rewrite.Uses;

/*
 * Seed 004 §6.13 "Global Reassociation" (Briggs and Cooper, without their forward propagation of expressions,
 * which the seed leaves out because it does not keep SSA form; the seed's Figure 6.35 is the tree of a + b + c):
 * §6.13.1 ranks every value (Ranks), §6.13.2 sorts the operands of every tree of ADD, MUL, BAND, BOR, BXOR by
 * rank, subtractions read as additions of negated operands (AssociativeChain), and §6.13.3 distributes a
 * low-ranked multiplier over a higher-ranked sum, partially: a·((c + d) + e), with a, c, d of rank 1 and e of
 * rank 2, becomes a·(c + d) + a·e, whose first product is as invariant as its operands; the sum is re-sorted.
 *
 * A tree is what LIR writes as one expression: its inner nodes are lets of the same body used once, by the node
 * above them, of the same integer type; in a sum they are additions and subtractions, in a product
 * multiplications, and the distributive law also looks through a sum used once by a product and a product used
 * once by a sum. Each tree is rebuilt at its root's place as a left-leaning chain, the constant first, then the
 * operands by rank (x + y + z of ranks 3, 1, 1 becomes (y + z) + x), a sum with negated operands as differences:
 * −c − d + i becomes i − (c + d); its inner lets' variables are reused for the chain's partial results. A tree
 * already so written is kept as it is, so the pass is idempotent and returns an unchanged body by identity.
 *
 * Only integer operations of at most 64 bits take part, which cannot trap and wrap around in both interpreters,
 * so every reordering and the distributive law give exactly the value the tree gave (the overflow the seed warns
 * of in §6.13.3 is a wrap-around that both sides share); floating point is never touched, nor a predicated let.
 * The pass only moves pure computations later within one body, so nothing executes where it did not.
 */

/** {@code gra}: global reassociation, each integer expression tree rebuilt with its operands sorted by rank. */
public final class GlobalReassociation {

    /** The pass. */
    public static final Pass PASS = Pass.of("gra", GlobalReassociation::apply);

    private GlobalReassociation() {}

    /** The function with every tree of ADD, SUB, MUL, BAND, BOR, BXOR reassociated; itself when all are sorted. */
    public static Function apply(Function function) {
        Nest nest = Nest.checked(function);
        Ranks ranks = Ranks.of(nest);
        Uses uses = Uses.of(function);
        VarSupply vars = VarSupply.after(function);
        int[] position = new int[function.varCount()];
        Arrays.fill(position, -1);
        Function out = nest.rewrite((node, body) -> new Trees(body, ranks, uses, vars, position).rebuild());
        return out == function ? function : out.withBody(out.body(), vars.count());
    }

    /**
     * The operator whose tree a let may belong to: ADD for additions and subtractions, MUL, BAND, BOR, BXOR; none
     * for any other let, a predicated one, one on floating point or on integers of more than 64 bits, or one with
     * an operand of another type than its result.
     */
    private static Option<Op> family(Let let) {
        if (let.isGuarded() || !(let.expr() instanceof Expr.Prim p) || !p.type().isInteger()
                || p.type().lir().bits() > 64 || !p.operands().forAll(a -> a.type().equals(p.type()))) {
            return Option.none();
        }
        return switch (p.op()) {
            case ADD, SUB -> Option.some(Op.ADD);
            case MUL, BAND, BOR, BXOR -> Option.some(p.op());
            default -> Option.none();
        };
    }

    /** Whether a tree of {@code inner}'s operator may sit below one of {@code outer}'s. */
    private static boolean nests(Op inner, Op outer) {
        return inner == outer || inner == Op.ADD && outer == Op.MUL || inner == Op.MUL && outer == Op.ADD;
    }

    /** The trees of one body: found, flattened, distributed and rebuilt. */
    private static final class Trees {
        private final Body body;
        private final Vector<Let> lets;
        private final Ranks ranks;
        private final Uses uses;
        private final VarSupply vars;
        /** By variable number: the index of the let of this body binding it, or −1 (shared, left all −1). */
        private final int[] position;
        /** By let: its tree operator, or null for a let outside every tree. */
        private final Op[] family;
        /** By let: the let of this body that takes it into its tree, or −1 when it is a root. */
        private final int[] user;
        /** By let: whether its tree's root absorbed it. */
        private final boolean[] inner;
        private final AssociativeChain[] chains;

        Trees(Body body, Ranks ranks, Uses uses, VarSupply vars, int[] position) {
            this.body = body;
            this.lets = body.lets();
            this.ranks = ranks;
            this.uses = uses;
            this.vars = vars;
            this.position = position;
            int n = lets.size();
            family = new Op[n];
            user = new int[n];
            inner = new boolean[n];
            chains = new AssociativeChain[n];
            Arrays.fill(user, -1);
        }

        Body rebuild() {
            int n = lets.size();
            for (int j = 0; j < n; j++) {
                Let let = lets.get(j);
                family[j] = family(let).getOrNull();
                if (family[j] == null) {
                    continue;
                }
                for (int k = 0; k < let.expr().operandCount(); k++) {
                    if (let.expr().operand(k) instanceof Atom.Var v && position[v.id()] >= 0) {
                        int d = position[v.id()];
                        if (nests(family[d], family[j]) && uses.count(v) == 1) {
                            user[d] = j;
                        }
                    }
                }
                position[let.var(0).id()] = j;
            }
            try {
                for (int j = 0; j < n; j++) {
                    if (family[j] != null) {
                        chains[j] = flatten(j);
                    }
                }
                return replaceRoots();
            } finally {
                for (int j = 0; j < n; j++) {
                    if (family[j] != null) {
                        position[lets.get(j).var(0).id()] = -1;
                    }
                }
            }
        }

        /** The chain of let j's tree, its operands' trees joined in; a product also distributed when complete. */
        private AssociativeChain flatten(int j) {
            Expr.Prim prim = (Expr.Prim) lets.get(j).expr();
            AssociativeChain chain = new AssociativeChain(family[j], prim.type());
            for (int k = 0; k < 2; k++) {
                Atom operand = prim.operands().get(k);
                boolean minus = prim.op() == Op.SUB && k == 1;
                int d = operand instanceof Atom.Var v ? position[v.id()] : -1;
                if (d < 0 || user[d] != j) {
                    chain.add(operand, ranks.of(operand), minus);
                } else if (chains[d].op() == family[j]) {
                    inner[d] = true;
                    chains[d].interior().addLast((Atom.Var) operand);
                    chain = AssociativeChain.join(chain, chains[d], minus);
                } else if (family[j] == Op.MUL) {
                    chain.factors().add(new AssociativeChain.Factor((Atom.Var) operand, chains[d]));
                } else {
                    chain.add(operand, chains[d].rank(), minus);
                }
            }
            boolean openProduct = family[j] == Op.MUL && user[j] >= 0 && family[user[j]] == Op.MUL;
            return family[j] == Op.MUL && !openProduct ? distribute(chain) : chain;
        }

        /**
         * §6.13.3: a complete product over the highest-ranked sum among its operands, when the multiplier (the
         * other operands) has a lower rank than some of the sum's. The sum's operands are grouped by the rank their
         * product with the multiplier has, max(rank of multiplier, rank of operand), so there is one product per
         * group and no more: a·(c + d) + a·e, not a·c + a·d + a·e. The result is a sum of the products, with their
         * lets as its prelude; the product itself when there is only one group.
         */
        private AssociativeChain distribute(AssociativeChain product) {
            List<AssociativeChain.Factor> factors = product.factors();
            if (factors.isEmpty()) {
                return product;
            }
            AssociativeChain.Factor over = factors.get(0);
            for (AssociativeChain.Factor f : factors) {
                if (f.sum().rank() > over.sum().rank()) {
                    over = f;
                }
            }
            for (AssociativeChain.Factor f : factors) {
                if (f != over) {
                    product.add(f.var(), f.sum().rank(), false);
                }
            }
            int multiplierRank = product.rank();
            List<AssociativeChain.Term> terms = over.sum().sorted();
            if (terms.isEmpty() || Math.max(multiplierRank, terms.get(terms.size() - 1).rank())
                    == Math.max(multiplierRank, terms.get(0).rank())) {
                product.add(over.var(), over.sum().rank(), false);
                return product;
            }
            inner[position[over.var().id()]] = true;
            AssociativeChain sum = new AssociativeChain(Op.ADD, product.type());
            sum.interior().addAll(product.interior());
            sum.interior().addAll(over.sum().interior());
            sum.interior().add(over.var());
            sum.addPrelude(product.prelude());
            sum.addPrelude(over.sum().prelude());
            Names names = new Names(sum.interior(), vars, product.type());
            List<Let> out = new ArrayList<>();
            List<AssociativeChain.Term> factorsOfMultiplier = product.sorted();
            Option<Atom> multiplier = factorsOfMultiplier.isEmpty() ? Option.none()
                    : Option.some(chain(Op.MUL, factorsOfMultiplier, names, out, Option.none()).atom());
            for (int from = 0; from < terms.size(); ) {
                int group = Math.max(multiplierRank, terms.get(from).rank());
                int to = from;
                while (to < terms.size() && Math.max(multiplierRank, terms.get(to).rank()) == group) {
                    to++;
                }
                Signed part = chain(Op.ADD, terms.subList(from, to), names, out, Option.none());
                Atom productOfPart = part.atom();
                if (multiplier.isDefined()) {
                    AssociativeChain two = new AssociativeChain(Op.MUL, product.type());
                    two.add(multiplier.get(), multiplierRank, false);
                    two.add(part.atom(), terms.get(to - 1).rank(), false);
                    List<AssociativeChain.Term> pair = two.sorted();
                    productOfPart = pair.isEmpty() ? two.identity() : chain(Op.MUL, pair, names, out,
                            Option.none()).atom();
                }
                sum.add(productOfPart, group, part.negated());
                from = to;
            }
            sum.addPrelude(Vector.ofAll(out));
            return sum;
        }

        /**
         * The body with each root's tree rebuilt in its place (its prelude, then its chain into the root's
         * variable) and the inner lets gone; a tree whose rebuilt lets are its own stays as it was.
         */
        private Body replaceRoots() {
            int n = lets.size();
            @SuppressWarnings("unchecked")
            List<Let>[] replacement = new List[n];
            boolean changed = false;
            for (int j = 0; j < n; j++) {
                if (family[j] == null || inner[j]) {
                    continue;
                }
                AssociativeChain chain = chains[j];
                List<Atom.Var> below = new ArrayList<>(chain.interior());
                below.sort((a, b) -> Integer.compare(position[a.id()], position[b.id()]));
                chain.interior().clear();
                chain.interior().addAll(below);
                List<Let> rebuilt = new ArrayList<>(chain.prelude().asJava());
                Atom.Var root = lets.get(j).var(0);
                Names names = new Names(chain.interior(), vars, chain.type());
                List<AssociativeChain.Term> terms = chain.sorted();
                if (terms.isEmpty()) {
                    rebuilt.add(Let.of(root, new Expr.Copy(chain.identity())));
                } else {
                    boolean negated = terms.stream().allMatch(AssociativeChain.Term::negated);
                    Signed value = chain(chain.op(), terms, names, rebuilt, negated ? Option.none()
                            : Option.some(root));
                    if (negated) {
                        rebuilt.add(Let.of(root, new Expr.Prim(Op.NEG, chain.type(), Vector.of(value.atom()))));
                    } else if (value.atom() != root) {
                        rebuilt.add(Let.of(root, new Expr.Copy(value.atom())));
                    }
                }
                List<Let> original = new ArrayList<>(below.size() + 1);
                below.forEach(v -> original.add(lets.get(position[v.id()])));
                original.add(lets.get(j));
                if (rebuilt.equals(original)) {
                    below.forEach(v -> inner[position[v.id()]] = false);
                } else {
                    replacement[j] = rebuilt;
                    changed = true;
                }
            }
            if (!changed) {
                return body;
            }
            List<Let> result = new ArrayList<>(n);
            for (int j = 0; j < n; j++) {
                if (replacement[j] != null) {
                    result.addAll(replacement[j]);
                } else if (family[j] == null || !inner[j]) {
                    result.add(lets.get(j));
                }
            }
            return body.withLets(Vector.ofAll(result));
        }
    }

    /** A value up to sign: {@code atom}, or its negation when {@code negated}. */
    private record Signed(Atom atom, boolean negated) {}

    /**
     * The left-leaning chain of {@code op} over the sorted operands, its lets appended to {@code out}, the last
     * one binding {@code target} if given (the others names' next variables): for a sum, the accumulated value is
     * kept up to sign, so that a negated operand is subtracted and a negated prefix subtracted from the next
     * positive operand; the value is negated only when every operand is.
     */
    private static Signed chain(Op op, List<AssociativeChain.Term> terms, Names names, List<Let> out,
                                Option<Atom.Var> target) {
        Type.Data type = names.type();
        AssociativeChain.Term first = terms.get(0);
        Atom value = first.atom();
        boolean negated = first.negated();
        for (int i = 1; i < terms.size(); i++) {
            AssociativeChain.Term t = terms.get(i);
            Atom.Var v = i == terms.size() - 1 && target.isDefined() ? target.get() : names.next();
            Expr e;
            if (op != Op.ADD || t.negated() == negated) {
                e = new Expr.Prim(op, type, Vector.of(value, t.atom()));
            } else if (!negated) {
                e = new Expr.Prim(Op.SUB, type, Vector.of(value, t.atom()));
            } else {
                e = new Expr.Prim(Op.SUB, type, Vector.of(t.atom(), value));
                negated = false;
            }
            out.add(Let.of(v, e));
            value = v;
        }
        return new Signed(value, negated);
    }

    /** Variables for the partial results of rebuilt trees: the trees' own inner ones first, then new ones. */
    private record Names(ArrayDeque<Atom.Var> reused, VarSupply vars, Type.Data type) {
        Atom.Var next() {
            return reused.isEmpty() ? vars.fresh("t", type) : reused.pollFirst();
        }
    }
}
