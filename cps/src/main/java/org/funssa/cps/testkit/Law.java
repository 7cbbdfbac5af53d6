package org.funssa.cps.testkit;

import io.vavr.control.Option;
import org.funssa.cps.ir.Program;
import org.funssa.cps.pass.Pass;

/**
 * An equation a pass (or a pair of passes) must satisfy, as a first-class test object (issue 5): it can be
 * checked on one {@link Sample}, on many generated ones with a {@link LawRunner}, and names itself in reports.
 * Laws never throw for what a pass does: a pass that throws, or returns a program the verifier rejects,
 * breaks the law.
 */
public interface Law {

    /** The law as a person would state it, e.g. {@code cse preserves meaning}. */
    String name();

    /** Whether the law holds on this sample. */
    Verdict check(Sample sample);

    /**
     * {@code run(pass(p)) = run(p)}: the IR interpreter gives the same outcome (return values and status, exit
     * status, or error kind) and the same stdout, the original within the sample's step budget. A sample
     * without a budget, or whose original run exhausts it, is inconclusive.
     */
    static Law preservesMeaning(Pass pass) {
        return new Meaning(pass, false, Option.none());
    }

    /**
     * {@link #preservesMeaning(Pass)} for a pass whose output is not in SSA form, such as a destruction (its
     * copies bind names again): {@code wellFormed} names the first problem of the output, or none, in place of
     * the verifier.
     */
    static Law preservesMeaning(Pass pass, java.util.function.Function<Program, Option<String>> wellFormed) {
        return new Meaning(pass, false, Option.of(wellFormed));
    }

    /**
     * {@code pass} refines {@code p}'s meaning: as {@link #preservesMeaning}, except that when the original
     * run stops on undefined behaviour (division by zero or overflow, a bad memory access or free, a call of a
     * non-function, a library call with bad arguments) anything the transformed program does is allowed.
     */
    static Law refines(Pass pass) {
        return new Meaning(pass, true, Option.none());
    }

    /** {@code pass(pass(p)) ≡α pass(p)}. */
    static Law idempotent(Pass pass) {
        return new Idempotence(pass);
    }

    /** {@code p(q(x)) ≡α q(p(x))}. */
    static Law commutes(Pass p, Pass q) {
        return new Commutation(p, q);
    }

    /** {@code f(x) ≡α g(x)}. */
    static Law alphaEquivalent(Pass f, Pass g) {
        return new AlphaEquivalence(f, g);
    }
}
