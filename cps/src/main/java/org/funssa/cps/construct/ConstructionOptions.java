package org.funssa.cps.construct;

import io.vavr.collection.Vector;

/**
 * The switches of construction, after COINS's driver options (seed 004 appendix A): copy folding during
 * renaming (A.3), redundant-φ elimination afterwards (A.4), the three loop transformations done before
 * (A.2), and frame-scalar promotion of front-end LIR, all on by default; and ψ construction during renaming
 * (seed 000 §"Construction"), off by default because COINS has no ψ-functions.
 *
 * @param copyFolding           a copy {@code r ← a} binds nothing: later uses of r use a (seed 004 §4.2.2)
 * @param redundantPhiElimination remove the parameters of seed 004 §6.14 / A.4's three cases afterwards
 * @param mergeSharedHeaders    give loops that share a header one latch (A.2 step 1)
 * @param preheaders            give every loop a preheader (A.2 step 2)
 * @param loopRotation          turn while loops into do-while loops (A.2 step 3)
 * @param framePromotion        turn FRAME scalars whose address never escapes into registers (*.fe.lir)
 * @param psiConstruction       a predicated definition, written in LIR as a select of a register into itself
 *                              ({@code (SET r (IF c a r))}: r = a when c holds), becomes a guarded definition and
 *                              a ψ-function merging it with r's value before (seed 000 §"Construction")
 */
public record ConstructionOptions(boolean copyFolding, boolean redundantPhiElimination, boolean mergeSharedHeaders,
                                  boolean preheaders, boolean loopRotation, boolean framePromotion,
                                  boolean psiConstruction) {

    /** Every switch of COINS on, as COINS does by default; no ψ construction. */
    public static final ConstructionOptions DEFAULTS = new ConstructionOptions(true, true, true, true, true, true,
            false);

    /**
     * Only what construction itself needs: no copy folding, no redundant-φ elimination, no loop changes, no
     * promotion. The blocks are those of the LIR, and each definition is its own variable.
     */
    public static final ConstructionOptions PLAIN = new ConstructionOptions(false, false, false, false, false, false,
            false);

    /** The names {@link #with(String)} understands, as in COINS's {@code -coins:ssa-no-…} options. */
    public static final Vector<String> SWITCHES = Vector.of("copy-folding", "redundant-phi-elimination",
            "merge-shared-headers", "preheaders", "loop-rotation", "change-loop", "frame-promotion", "psi");

    public ConstructionOptions withCopyFolding(boolean on) {
        return new ConstructionOptions(on, redundantPhiElimination, mergeSharedHeaders, preheaders, loopRotation,
                framePromotion, psiConstruction);
    }

    public ConstructionOptions withRedundantPhiElimination(boolean on) {
        return new ConstructionOptions(copyFolding, on, mergeSharedHeaders, preheaders, loopRotation, framePromotion,
                psiConstruction);
    }

    /** All three loop transformations of A.2 on or off ({@code -coins:ssa-no-change-loop}). */
    public ConstructionOptions withLoopChanges(boolean on) {
        return new ConstructionOptions(copyFolding, redundantPhiElimination, on, on, on, framePromotion,
                psiConstruction);
    }

    public ConstructionOptions withMergeSharedHeaders(boolean on) {
        return new ConstructionOptions(copyFolding, redundantPhiElimination, on, preheaders, loopRotation,
                framePromotion, psiConstruction);
    }

    public ConstructionOptions withPreheaders(boolean on) {
        return new ConstructionOptions(copyFolding, redundantPhiElimination, mergeSharedHeaders, on, loopRotation,
                framePromotion, psiConstruction);
    }

    public ConstructionOptions withLoopRotation(boolean on) {
        return new ConstructionOptions(copyFolding, redundantPhiElimination, mergeSharedHeaders, preheaders, on,
                framePromotion, psiConstruction);
    }

    public ConstructionOptions withFramePromotion(boolean on) {
        return new ConstructionOptions(copyFolding, redundantPhiElimination, mergeSharedHeaders, preheaders,
                loopRotation, on, psiConstruction);
    }

    public ConstructionOptions withPsiConstruction(boolean on) {
        return new ConstructionOptions(copyFolding, redundantPhiElimination, mergeSharedHeaders, preheaders,
                loopRotation, framePromotion, on);
    }

    /**
     * These options with one switch set from a command-line word: {@code no-copy-folding} (A.3),
     * {@code no-redundant-phi-elimination} (A.4), {@code no-change-loop} (A.2: all three loop changes),
     * {@code no-merge-shared-headers}, {@code no-preheaders}, {@code no-loop-rotation},
     * {@code no-frame-promotion}, {@code psi} (ψ construction), and each with or without {@code no-}.
     *
     * @throws IllegalArgumentException naming the valid words for any other word
     */
    public ConstructionOptions with(String word) {
        boolean on = !word.startsWith("no-");
        String name = on ? word : word.substring(3);
        return switch (name) {
            case "copy-folding" -> withCopyFolding(on);
            case "redundant-phi-elimination" -> withRedundantPhiElimination(on);
            case "merge-shared-headers" -> withMergeSharedHeaders(on);
            case "preheaders" -> withPreheaders(on);
            case "loop-rotation" -> withLoopRotation(on);
            case "change-loop" -> withLoopChanges(on);
            case "frame-promotion" -> withFramePromotion(on);
            case "psi" -> withPsiConstruction(on);
            default -> throw new IllegalArgumentException("unknown construction option \"" + word
                    + "\"; expected one of " + SWITCHES.mkString(", ") + ", each optionally preceded by no-");
        };
    }
}
