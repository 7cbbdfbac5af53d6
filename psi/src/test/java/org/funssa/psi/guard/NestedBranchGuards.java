package org.funssa.psi.guard;

/** Guards as if-conversion makes them for a branch on s whose then arm branches on t: the lets of a function. */
public final class NestedBranchGuards {

    /** p = (s ≠ 0), ¬p, q = (t < 5), ¬q, p ∧ q and p ∧ ¬q, named p, np, q, nq, pq and pnq. */
    public static final String LETS = """
              let p = tstne.i32 s 0
              let np = tsteq.i32 p 0
              let q = tstlts.i32 t 5
              let nq = bxor.i32 q 1
              let pq = band.i32 p q
              let pnq = band.i32 p nq
            """;

    private NestedBranchGuards() {}
}
