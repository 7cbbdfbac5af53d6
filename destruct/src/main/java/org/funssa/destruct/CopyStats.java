package org.funssa.destruct;

/**
 * Copy counts of one destruction run, over value copies only (copies of memory tokens produce no code).
 *
 * @param inserted      copies the φ method inserted (sequentialization temporaries included): seed 001's
 *                      φ-congruence step on a ψ-SSA program
 * @param remaining     copies of those left in the result after the method's coalescing (equal to
 *                      {@code inserted} for a method that does not coalesce)
 * @param psiNormalize  predicated copies ψ-normalize inserted (seed 001 §4.3), 0 on φ-SSA
 * @param psiCongruence predicated copies ψ-congruence inserted (seed 001 §4.4), 0 on φ-SSA
 */
public record CopyStats(int inserted, int remaining, int psiNormalize, int psiCongruence) {

    /** No copies. */
    public static final CopyStats NONE = new CopyStats(0, 0);

    /** The counts of a φ method on φ-SSA. */
    public CopyStats(int inserted, int remaining) {
        this(inserted, remaining, 0, 0);
    }

    /** The copies of seed 001's φ-congruence step: the φ method's. */
    public int phiCongruence() {
        return inserted;
    }

    /** These counts with {@code remaining} instead (a coalescing run after the method). */
    public CopyStats withRemaining(int newRemaining) {
        return new CopyStats(inserted, newRemaining, psiNormalize, psiCongruence);
    }

    /** These counts with the copies of out-of-ψ-SSA's first two steps. */
    public CopyStats withPsi(int normalize, int congruence) {
        return new CopyStats(inserted, remaining, normalize, congruence);
    }

    /** The sum of two counts. */
    public CopyStats plus(CopyStats other) {
        return new CopyStats(inserted + other.inserted, remaining + other.remaining,
                psiNormalize + other.psiNormalize, psiCongruence + other.psiCongruence);
    }
}
