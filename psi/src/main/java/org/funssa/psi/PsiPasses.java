package org.funssa.psi;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import org.funssa.cps.pass.Pass;
import org.funssa.psi.ifcv.IfConversion;
import org.funssa.psi.lowering.PsiLowering;
import org.funssa.psi.transform.PsiInlining;
import org.funssa.psi.transform.PsiPermutation;
import org.funssa.psi.transform.PsiProjection;
import org.funssa.psi.transform.PsiPromotion;
import org.funssa.psi.transform.PsiReduction;

/**
 * The ψ-SSA passes a pass string may name between construction and destruction, beside the optimizations
 * ({@code prun/ifcv/srd3}). Destruction lowers whatever ψ-SSA code is left, so naming {@code psilower} is needed
 * only to optimize the lowered code before destruction.
 */
public final class PsiPasses {

    private static final Vector<Pass> ALL = Vector.of(
            IfConversion.PASS,
            PsiInlining.PASS,
            PsiReduction.PASS,
            PsiProjection.PASS,
            PsiPermutation.PASS,
            PsiPromotion.PASS,
            PsiLowering.PASS
    );

    private PsiPasses() {}

    /** Every ψ-SSA pass. */
    public static Vector<Pass> all() {
        return ALL;
    }

    /** Their names, as pass strings spell them. */
    public static Vector<String> names() {
        return ALL.map(Pass::name);
    }

    /** The ψ-SSA pass called {@code name} in pass strings, if there is one. */
    public static Option<Pass> named(String name) {
        return ALL.find(p -> p.name().equals(name));
    }
}
