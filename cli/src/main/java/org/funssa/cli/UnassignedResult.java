package org.funssa.cli;

import org.funssa.core.cfg.Cfg;
import org.funssa.core.cfg.CfgException;
import org.funssa.core.cfg.RegisterLiveness;
import org.funssa.core.lir.LExp;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Stmt;
import org.funssa.cps.prep.FrameScalarPromotion;

/**
 * Whether {@code main} may return a value that no statement assigned: a C {@code main} that falls off its
 * end returns its result slot unassigned. Construction turns such a read into ⊥, which an optimization may
 * replace by any value (cps.interp's package documentation), so {@code --check} compares how such a program
 * ends only up to its exit status.
 */
final class UnassignedResult {

    private UnassignedResult() {}

    /**
     * Whether a result of {@code main}'s EPILOGUE is a register or promotable frame slot live on entry: some
     * path from the PROLOGUE reaches the EPILOGUE without assigning it.
     */
    static boolean inMain(Module module) {
        return module.function("main").exists(f -> mayBeUnassigned(FrameScalarPromotion.apply(f)));
    }

    private static boolean mayBeUnassigned(Module.Function function) {
        if (!(function.body().lastOption().getOrNull() instanceof Stmt.Epilogue epilogue)) {
            return false;
        }
        Cfg cfg;
        RegisterLiveness liveness;
        try {
            cfg = Cfg.of(function);
            liveness = RegisterLiveness.of(cfg);
        } catch (CfgException e) {
            return false;
        }
        return epilogue.results().exists(r -> r instanceof LExp.Reg reg && liveness.numberOf(reg.name())
                .exists(n -> liveness.liveIn(cfg.entry()).contains(n)));
    }
}
