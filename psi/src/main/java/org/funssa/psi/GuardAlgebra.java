package org.funssa.psi;

import io.vavr.collection.Vector;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.funssa.core.lir.Op;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;

/*
 * The relations between guards that seed 000 §"Psi-SSA algorithms" and seed 001 §3.1 speak of (inclusion,
 * disjointness, inclusion in a union), decided on truth tables. A guard is read as a boolean function of leaf
 * conditions through the lets that define it: `tstne x 0` is x's truth, `tsteq x 0` its negation, `band`/`bor` of
 * 0/1 predicates are ∧/∨, `bxor p 1` is ¬p, a literal is a constant; anything else (a comparison of data, a
 * parameter) is a leaf, an independent condition, except that two leaves `v = k₁` and `v = k₂` with k₁ ≠ k₂ never
 * hold together (the cases of one switch). A query decides over every assignment of the leaves its guards mention
 * (at most MAX_LEAVES of them, else it answers no). Treating a dependent value as an independent leaf only adds
 * assignments, so every answer "yes" is sound.
 *
 * The ψ transformations do not ask it: seed 002 §5.2 has the Predicate Partition Graph answer them
 * (org.funssa.psi.guard.GuardPartitions). This algebra decides disjunctions too, which have no predicate in the
 * PPG, so it stays what checks seed 001's Condition 1 on any ψ-SSA code (PsiConditions) and what out-of-ψ-SSA
 * compares guards with (org.funssa.destruct.psi).
 */

/** Inclusion, disjointness and union of guards, decided on truth tables over their leaf conditions. */
public final class GuardAlgebra {

    /** Queries mentioning more leaves than this answer no (2^16 assignments at most). */
    public static final int MAX_LEAVES = 16;

    /** Queries whose guards are built of more lets than this answer no (it bounds the evaluation's depth). */
    public static final int MAX_NODES = 1024;

    private final PredicateDefinitions definitions;

    private GuardAlgebra(Function function) {
        definitions = PredicateDefinitions.of(function);
    }

    /** The algebra of the guards of {@code function}. */
    public static GuardAlgebra of(Function function) {
        return new GuardAlgebra(function);
    }

    /** Whether {@code p} holds only where {@code q} holds: {@code p ⊆ q}. */
    public boolean implies(Atom p, Atom q) {
        return table(Vector.of(p, q)).always((v) -> !v[0] || v[1]);
    }

    /** Whether {@code p} and {@code q} never hold together. */
    public boolean disjoint(Atom p, Atom q) {
        return table(Vector.of(p, q)).always((v) -> !(v[0] && v[1]));
    }

    /** Whether {@code p} holds only where one of {@code qs} holds: {@code p ⊆ ∪ qs}. */
    public boolean coveredBy(Atom p, Vector<Atom> qs) {
        return table(qs.prepend(p)).always(v -> {
            if (!v[0]) {
                return true;
            }
            for (int i = 1; i < v.length; i++) {
                if (v[i]) {
                    return true;
                }
            }
            return false;
        });
    }

    /** Whether one of {@code ps} always holds: {@code ∪ ps = true}. */
    public boolean exhaustive(Vector<Atom> ps) {
        return coveredBy(Atom.i32(1), ps);
    }

    /** Whether {@code p} is an i32 known to be 0 or 1 (a comparison, a combination of such, a literal 0 or 1). */
    public boolean isBoolean(Atom p) {
        return definitions.isBoolean(p);
    }

    @FunctionalInterface
    private interface Condition {
        boolean holds(boolean[] values);
    }

    /** The guards' values under every assignment of their leaves, or a table that answers no. */
    private Table table(Vector<Atom> guards) {
        List<Atom> leaves = new ArrayList<>();
        Map<Atom, Integer> leafIndex = new HashMap<>();
        int nodes = 0;
        for (Atom g : guards) {
            nodes += collectLeaves(g, leaves, leafIndex);
        }
        return new Table(guards, leafIndex, nodes > MAX_NODES ? Integer.MAX_VALUE : leaves.size());
    }

    /** Collects the leaves of a guard with an explicit stack; returns how many atoms it is built of. */
    private int collectLeaves(Atom guard, List<Atom> leaves, Map<Atom, Integer> leafIndex) {
        ArrayList<Atom> stack = new ArrayList<>();
        stack.add(guard);
        int nodes = 0;
        while (!stack.isEmpty() && nodes++ <= MAX_NODES) {
            Atom a = stack.remove(stack.size() - 1);
            Vector<Atom> parts = parts(a);
            if (parts == null) {
                if (!(a instanceof Atom.IntLit) && !leafIndex.containsKey(a)) {
                    leafIndex.put(a, leaves.size());
                    leaves.add(a);
                }
            } else {
                stack.addAll(parts.asJava());
            }
        }
        return nodes;
    }

    /** The atoms a guard is a boolean function of, or null for a leaf or a literal. */
    private Vector<Atom> parts(Atom a) {
        Expr.Prim def = definitions.definition(a).getOrNull();
        if (def == null) {
            return null;
        }
        return switch (def.op()) {
            case TSTNE, TSTEQ -> isZero(def.operands().get(1)) ? Vector.of(def.operands().get(0)) : null;
            case BAND, BOR -> def.operands().forAll(this::isBoolean) ? def.operands() : null;
            case BXOR -> def.operands().forAll(this::isBoolean) && isOne(def.operands().get(1))
                    ? Vector.of(def.operands().get(0)) : null;
            default -> null;
        };
    }

    private static boolean isZero(Atom a) {
        return Predicates.isFalse(a);
    }

    private static boolean isOne(Atom a) {
        return a instanceof Atom.IntLit lit && lit.value().equals(BigInteger.ONE);
    }

    /** The truth of a guard under one assignment of the leaves ({@code bit i} of {@code assignment}: leaf i). */
    private boolean truth(Atom a, long assignment, Map<Atom, Integer> leafIndex) {
        if (a instanceof Atom.IntLit) {
            return Predicates.isTrue(a);
        }
        Vector<Atom> parts = parts(a);
        if (parts == null) {
            return (assignment >>> leafIndex.get(a) & 1) != 0;
        }
        Expr.Prim def = definitions.definition(a).get();
        return switch (def.op()) {
            case TSTNE -> truth(parts.get(0), assignment, leafIndex);
            case TSTEQ, BXOR -> !truth(parts.get(0), assignment, leafIndex);
            case BAND -> truth(parts.get(0), assignment, leafIndex) && truth(parts.get(1), assignment, leafIndex);
            default -> truth(parts.get(0), assignment, leafIndex) || truth(parts.get(1), assignment, leafIndex);
        };
    }

    /** The case value {@code k} of a leaf {@code v = k} (a {@code tsteq} of a variable and a literal), or null. */
    private Expr.Prim caseTest(Atom leaf) {
        Expr.Prim def = definitions.definition(leaf).getOrNull();
        return def != null && def.op() == Op.TSTEQ && def.operands().get(0) instanceof Atom.Var
                && def.operands().get(1) instanceof Atom.IntLit lit && lit.value().signum() != 0 ? def : null;
    }

    /** The guards evaluated under every assignment of their leaves. */
    private final class Table {
        private final Vector<Atom> guards;
        private final Map<Atom, Integer> leafIndex;
        private final int leaves;

        Table(Vector<Atom> guards, Map<Atom, Integer> leafIndex, int leaves) {
            this.guards = guards;
            this.leafIndex = leafIndex;
            this.leaves = leaves;
        }

        /** Whether the condition holds under every assignment; no when there are too many leaves. */
        boolean always(Condition condition) {
            if (leaves > MAX_LEAVES) {
                return false;
            }
            long[] exclusive = exclusivePairs();
            boolean[] values = new boolean[guards.size()];
            for (long assignment = 0; assignment < 1L << leaves; assignment++) {
                if (impossible(assignment, exclusive)) {
                    continue;
                }
                for (int i = 0; i < values.length; i++) {
                    values[i] = truth(guards.get(i), assignment, leafIndex);
                }
                if (!condition.holds(values)) {
                    return false;
                }
            }
            return true;
        }

        /** The pairs of leaves that cannot both hold ({@code v = k₁}, {@code v = k₂}), as two bits each. */
        private long[] exclusivePairs() {
            List<Long> pairs = new ArrayList<>();
            List<Map.Entry<Atom, Integer>> entries = new ArrayList<>(leafIndex.entrySet());
            for (int i = 0; i < entries.size(); i++) {
                Expr.Prim a = caseTest(entries.get(i).getKey());
                for (int j = i + 1; a != null && j < entries.size(); j++) {
                    Expr.Prim b = caseTest(entries.get(j).getKey());
                    if (b != null && a.operands().get(0).equals(b.operands().get(0))
                            && !a.operands().get(1).equals(b.operands().get(1))) {
                        pairs.add(1L << entries.get(i).getValue() | 1L << entries.get(j).getValue());
                    }
                }
            }
            return pairs.stream().mapToLong(Long::longValue).toArray();
        }

        private static boolean impossible(long assignment, long[] exclusive) {
            for (long pair : exclusive) {
                if ((assignment & pair) == pair) {
                    return true;
                }
            }
            return false;
        }
    }
}
