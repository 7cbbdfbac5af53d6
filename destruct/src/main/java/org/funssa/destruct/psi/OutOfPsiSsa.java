package org.funssa.destruct.psi;

/*
 * Source: seed 001 §4 "An out of Psi-SSA algorithm": ψ-normalize (§4.3), ψ-congruence (§4.4), φ-congruence
 * (§4.5) and the improvements of §4.6, each of which can be switched off to measure it (§5's experiment).
 *
 * φ-congruence is any destruction method of this module (srd3 as the seed uses Sreedhar's, bois as its
 * alternative), run on the select form of Figure 7 (PsiLowering.selectForm): there each ψ argument's predicated
 * definition reads its left neighbour as the value it keeps when its guard does not hold, and the ψ is a copy of
 * its last argument, so a ψ-congruence class is one value flowing through selects and φ-congruence is the
 * method's own, on φ-SSA. The ψ-congruence classes are handed to the method as pairs (Congruence) that it puts in
 * one class before looking at any φ, which is §4.5's "the congruence classes must not be initialized at the
 * beginning of this process". The seed asks φ-congruence to use ψ liveness; the select form's ordinary liveness
 * is ψ liveness (Figure 7), so the method's own liveness serves. Once the method has named each class, a
 * select whose arms are a value and the class itself is the predicated write `(SET r (IF p e r))` in LIR, and the
 * class's ψ a copy of r to itself, which vanishes: "the final step ... is a simple renaming of all the variables
 * in the same congruence class into a representative name. The ψ and φ operations are then removed."
 */

import io.vavr.collection.Vector;
import org.funssa.cps.ir.Function;
import org.funssa.destruct.Congruence;
import org.funssa.destruct.CopyStats;
import org.funssa.destruct.Destruction;
import org.funssa.psi.PsiForm;
import org.funssa.psi.lowering.PsiLowering;

/** Out of ψ-SSA: seed 001's algorithm, with a destruction method as its φ-congruence step. */
public final class OutOfPsiSsa {

    private OutOfPsiSsa() {}

    /**
     * Seed 001 §4.6's four improvements and one of this implementation's, each on or off.
     *
     * @param reorderDisjoint              "non-normalized ψ operations with disjoint predicates": reorder
     *                                     arguments with disjoint guards instead of copying them
     * @param disjointGuardsDoNotInterfere "interference with disjoint predicates": two variables whose
     *                                     definitions' guards are disjoint do not interfere
     * @param repairLeftOnly               "repair interference on the left argument only"
     * @param ignoreResultInterference     "interference with the result of a ψ operation" is ignored
     * @param readFirstArgument            in select form a ψ's first argument is only read, by its second
     *                                     argument's select (or the ψ's copy): nothing writes the class before
     *                                     it, so it needs no copy for its guard, and it stays out of the class,
     *                                     a value the class starts from. On a target with selects rather than
     *                                     predicated writes, a two-way ψ of two speculated values is then one
     *                                     select of both, as the branches were (seed 001 §5 leaves the copies
     *                                     if-conversion adds as future work; promotion, Figure 10, removes the
     *                                     first argument's guard copy only where speculation allows)
     */
    public record Improvements(boolean reorderDisjoint, boolean disjointGuardsDoNotInterfere,
                               boolean repairLeftOnly, boolean ignoreResultInterference, boolean readFirstArgument) {

        /** All five: the default. */
        public static final Improvements ALL = new Improvements(true, true, true, true, true);

        /** None: the algorithm of §4.3–4.5 alone. */
        public static final Improvements NONE = new Improvements(false, false, false, false, false);

        /** The improvements' short names, the seed's four in its order and then this implementation's. */
        public static final Vector<String> NAMES = Vector.of("reorder", "disjoint", "left-only", "result",
                "read-first");

        /** These improvements with the one named {@code name} (one of {@link #NAMES}) switched off. */
        public Improvements without(String name) {
            return switch (name) {
                case "reorder" -> new Improvements(false, disjointGuardsDoNotInterfere, repairLeftOnly,
                        ignoreResultInterference, readFirstArgument);
                case "disjoint" -> new Improvements(reorderDisjoint, false, repairLeftOnly, ignoreResultInterference,
                        readFirstArgument);
                case "left-only" -> new Improvements(reorderDisjoint, disjointGuardsDoNotInterfere, false,
                        ignoreResultInterference, readFirstArgument);
                case "result" -> new Improvements(reorderDisjoint, disjointGuardsDoNotInterfere, repairLeftOnly, false,
                        readFirstArgument);
                case "read-first" -> new Improvements(reorderDisjoint, disjointGuardsDoNotInterfere, repairLeftOnly,
                        ignoreResultInterference, false);
                default -> throw new IllegalArgumentException("no improvement " + name + "; improvements: "
                        + NAMES.mkString(", "));
            };
        }
    }

    /**
     * What each step made of a function: the ψ-normalized function and its copies, the ψ-congruent function and
     * its copies, the select form φ-congruence starts from, and the ψ-congruence classes as pairs.
     */
    public record Steps(Function normalized, int normalizeCopies, Function congruent, int congruenceCopies,
                        Function selectForm, Vector<Congruence> classes) {}

    /** The steps before φ-congruence, on a verified ψ-SSA function whose ψs meet seed 001's Condition 1. */
    public static Steps steps(Function function, Improvements improvements) {
        PsiNormalization.Normalized normalized = PsiNormalization.apply(function, improvements);
        PsiCongruence.Congruent congruent = PsiCongruence.apply(normalized, improvements);
        Function select = PsiLowering.selectForm(congruent.function(), congruent.leftNeighbour());
        return new Steps(normalized.function(), normalized.copies(), congruent.function(), congruent.copies(),
                select, congruent.classes());
    }

    /**
     * {@code phiCongruence} as a destruction that takes a ψ-SSA function out of ψ-SSA with {@code improvements}
     * (every destruction does so with all of them), a φ-SSA function as {@code phiCongruence} alone does.
     */
    public static Destruction withImprovements(Destruction phiCongruence, Improvements improvements) {
        return new WithImprovements(phiCongruence, improvements);
    }

    private record WithImprovements(Destruction method, Improvements improvements) implements Destruction {

        @Override
        public String name() {
            return method.name();
        }

        @Override
        public DestructedFunction destruct(Function function) {
            return method.destruct(function);
        }

        @Override
        public DestructedFunction destruct(Function function, Vector<Congruence> congruent) {
            return method.destruct(function, congruent);
        }

        @Override
        public DestructedFunction outOfSsa(Function function) {
            return PsiForm.isPsiSsa(function) ? OutOfPsiSsa.destruct(function, method, improvements)
                    : method.destruct(function);
        }
    }

    /** The function out of ψ-SSA with every improvement, {@code phiCongruence} as its third step. */
    public static Destruction.DestructedFunction destruct(Function function, Destruction phiCongruence) {
        return destruct(function, phiCongruence, Improvements.ALL);
    }

    /** The function out of ψ-SSA with {@code improvements}, {@code phiCongruence} as its third step. */
    public static Destruction.DestructedFunction destruct(Function function, Destruction phiCongruence,
                                                          Improvements improvements) {
        Steps steps = steps(function, improvements);
        Destruction.DestructedFunction d = phiCongruence.destruct(steps.selectForm(), steps.classes());
        CopyStats stats = d.stats().withPsi(steps.normalizeCopies(), steps.congruenceCopies());
        return new Destruction.DestructedFunction(d.function(), stats);
    }
}
