package org.funssa.destruct.sreedhar;

/*
 * Source: seed 004 §5.4.6, "Method I", "Method II" and "Method III" (after Sreedhar et al., SAS 1999, §4):
 * the three ways of choosing the φ resources that receive a copy so that the resources of each φ-congruence
 * class stop interfering. They share everything else (the preprocessing, where copies go, how the classes
 * are merged and renamed, the coalescing of §5.5.1).
 */

/** Sreedhar et al.'s three ways of choosing which φ resources get copies (seed 004 §5.4.6). */
public enum Method {

    /** Method I: a copy for every resource of every φ, target and sources alike. */
    I,

    /**
     * Method II: a copy for both resources of every pair whose φ-congruence classes interfere (the
     * interference graph alone decides, no liveness sets); resources that interfere with none get none.
     */
    II,

    /**
     * Method III: the LiveIn/LiveOut sets choose, for an interfering pair, the resource or resources whose
     * copy removes the interference (the four cases and the deferred Case 4 of the seed's algorithm).
     */
    III;

    /** The method's name in pass strings: {@code srd1}, {@code srd2}, {@code srd3} (seed 004 §5.4.6). */
    public String passName() {
        return "srd" + (ordinal() + 1);
    }
}
