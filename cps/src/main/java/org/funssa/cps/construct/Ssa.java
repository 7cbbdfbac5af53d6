package org.funssa.cps.construct;

import org.funssa.core.lir.Module;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;
import org.funssa.cps.prep.PhiPlacement;

/*
 * The entry point of construction (issue 3): per function, the normal form (NormalForm: promotion,
 * division, loop changes, the memory token as a register), then one of
 *   lifted   LiftedConstruction (seed 003 §6.2.1);
 *   dropped  lifted, then BlockSinking and ParameterDropping (seed 003 §6.2.2);
 *   mini, semi, prun  CytronConstruction with PhiPlacement's variant (seed 004 chapter 4);
 * and, when the options ask for it, redundant-φ elimination (seed 004 §6.14, A.4) on everything but the
 * lifted form, which stays closed: RedundantPhiElimination after the dropped form, and within
 * CytronConstruction, on the blocks renaming wrote, for the other three (the same decision, AgreedParameters',
 * and the same result).
 */

/** LIR to the functional IR: SSA construction. */
public final class Ssa {

    private Ssa() {}

    /**
     * The module in functional form, every function constructed the same way.
     *
     * @throws IllegalArgumentException naming the function and the statement, for LIR the IR cannot express
     *                                  (SUBREG, PHI, a jump to the entry block)
     * @throws org.funssa.core.cfg.CfgException for a body that is not a control-flow graph
     */
    public static Program construct(Module module, Construction construction, ConstructionOptions options) {
        return new Program(module.name(), module.symbols(), module.data(),
                module.functions().map(f -> construct(f, construction, options)));
    }

    /** {@link #construct(Module, Construction, ConstructionOptions)} with the default options. */
    public static Program construct(Module module, Construction construction) {
        return construct(module, construction, ConstructionOptions.DEFAULTS);
    }

    /** One function in functional form. */
    public static Function construct(Module.Function function, Construction construction,
                                     ConstructionOptions options) {
        return construct(NormalForm.of(function, options), construction, options);
    }

    /** One function in normal form in functional form: the constructions after the common preparation. */
    static Function construct(NormalForm form, Construction construction, ConstructionOptions options) {
        return switch (construction) {
            case LIFTED -> LiftedConstruction.construct(form, options);
            case DROPPED -> {
                Function dropped = ParameterDropping.PASS.apply(
                        BlockSinking.PASS.apply(LiftedConstruction.construct(form, options)));
                yield options.redundantPhiElimination() ? RedundantPhiElimination.PASS.apply(dropped) : dropped;
            }
            case MINIMAL -> CytronConstruction.construct(form, PhiPlacement.Variant.MINIMAL, options);
            case SEMI_PRUNED -> CytronConstruction.construct(form, PhiPlacement.Variant.SEMI_PRUNED, options);
            case PRUNED -> CytronConstruction.construct(form, PhiPlacement.Variant.PRUNED, options);
        };
    }
}
