package org.funssa.psi;

import io.vavr.collection.Vector;
import org.funssa.cps.pass.Registry;
import org.funssa.psi.ifcv.IfConversion;
import org.funssa.psi.lowering.PsiLowering;
import org.funssa.psi.transform.PsiInlining;
import org.funssa.psi.transform.PsiPermutation;
import org.funssa.psi.transform.PsiProjection;
import org.funssa.psi.transform.PsiPromotion;
import org.funssa.psi.transform.PsiReduction;

/**
 * The ψ-SSA passes a pass string may name between construction and destruction, beside the optimizations
 * ({@code prun/ifcv/psired/srd3}). Destruction lowers whatever ψ-SSA code is left, so naming {@code psilower} is
 * needed only to optimize the lowered code before destruction.
 */
public final class PsiPasses {

    /** Every ψ-SSA pass. */
    public static final Registry REGISTRY = new Registry(Vector.of(
            IfConversion.PASS,
            PsiInlining.PASS,
            PsiReduction.PASS,
            PsiProjection.PASS,
            PsiPermutation.PASS,
            PsiPromotion.PASS,
            PsiLowering.PASS
    ));

    private PsiPasses() {}
}
