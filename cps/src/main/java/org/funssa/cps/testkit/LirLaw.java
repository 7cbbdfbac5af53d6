package org.funssa.cps.testkit;

import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.funssa.core.lir.Module;
import org.funssa.cps.ir.Program;

/**
 * A law about translations that start from LIR (issue 5): "destruction ∘ construction is the identity on
 * meaning", "construction by λ-dropping and by Cytron prun are α-equivalent". Checked on one
 * {@link LirSample} or on many generated ones with a {@link LirLawRunner}. As with {@link Law}, a translation
 * that throws, or makes IR the verifier rejects, breaks the law.
 */
public interface LirLaw {

    /** The law as a person would state it. */
    String name();

    /** Whether the law holds on this sample. */
    Verdict check(LirSample sample);

    /**
     * {@code run(translation(m)) = run(m)} under the LIR interpreter: the same outcome (return values and
     * status, exit status, or error kind) and the same stdout, the translated module within four times the
     * sample's step budget. A sample whose own run exhausts its budget is inconclusive.
     *
     * @param name the law's name, e.g. {@code "srd3 ∘ prun is the identity on meaning"}
     */
    static LirLaw preservesMeaning(String name, UnaryOperator<Module> translation) {
        return new LirMeaning(name, translation);
    }

    /**
     * {@code f(m) ≡α g(m)}: both translations into the IR give verified, α-equivalent programs.
     *
     * @param name the law's name, e.g. {@code "dropped is α-equivalent to prun"}
     */
    static LirLaw alphaEquivalent(String name, Function<Module, Program> f, Function<Module, Program> g) {
        return new LirAlphaEquivalence(name, f, g);
    }
}
