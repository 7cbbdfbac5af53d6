package org.funssa.cps.construct;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import org.funssa.core.cfg.Cfg;
import org.funssa.core.graph.DominatorTree;
import org.funssa.core.lir.LirPrinter;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Stmt;
import org.funssa.core.lir.Symbol;
import org.funssa.core.names.NameSupply;
import org.funssa.cps.ir.Type;
import org.funssa.cps.prep.FrameScalarPromotion;
import org.funssa.cps.prep.LirNames;
import org.funssa.cps.prep.LoopPreparation;
import org.funssa.cps.prep.TreeDivision;

/*
 * The normal form SSA construction starts from (seed 004 chapter 4: "translation from normal form"):
 * front-end frame scalars promoted to registers (org.funssa.cps.prep.FrameScalarPromotion), the trees whose
 * division needs statements or blocks divided (seed 004 §6.9, TreeDivision.beforeLowering; lazy IFs become
 * JUMPC first, §3.2; Lowering divides the other trees into lets), then the loop changes of A.2 in their order
 * (MergeSharedHeaders, Preheaders, LoopRotation), each as the options say (LoopPreparation, which lets them
 * share their analyses); then the memory token made a register (MemoryRegister). With it, the control-flow
 * graph and the dominator tree every construction uses: those loop preparation computed last, since the memory
 * markers go inside blocks. Register liveness is not kept here: a construction computes it and lets it go once
 * it has placed its parameters, so that its live sets, as large as the function, are not live, and copied
 * by the collector, while the IR is written.
 */

/**
 * A function ready for construction, with the analyses construction needs. {@code symbols} are the function's own,
 * after frame-scalar promotion: the IR keeps them, not the temporaries and the memory register that the normal
 * form declares for itself (no IR term names those registers, and tree division declares a temporary for each
 * operator it splits off in the statements it divides, so the IR would carry declarations for nothing). The
 * function's other statements keep their trees, which lowering divides into lets.
 */
record NormalForm(Vector<Symbol> symbols, Cfg cfg, MemoryRegister memory,
                  DominatorTree dominators, RegisterTypes registerTypes, Vector<Type> results) {

    /**
     * The function in normal form.
     *
     * @throws IllegalArgumentException naming the function and statement when it has something the IR cannot
     *                                  express (SUBREG, PHI), or when its entry block is jumped to
     */
    static NormalForm of(Module.Function original, ConstructionOptions options) {
        Module.Function f = original;
        NameSupply names = LirNames.supply(original); // one scan of the function's names for all the passes
        if (options.framePromotion()) {
            f = FrameScalarPromotion.apply(f, names);
        }
        Vector<Symbol> symbols = f.symbols();
        f = TreeDivision.beforeLowering(f, names, options.psiConstruction());
        LoopPreparation.Prepared prepared = LoopPreparation.prepare(f, options.mergeSharedHeaders(),
                options.preheaders(), options.loopRotation(), names);
        MemoryRegister.Marked marked = MemoryRegister.mark(prepared.cfg(), names);
        Cfg cfg = marked.cfg();
        if (!cfg.predecessors(cfg.entry()).isEmpty()) {
            throw new IllegalArgumentException("function " + cfg.name() + ": the entry block \""
                    + cfg.block(cfg.entry()).label() + "\" (the one with PROLOGUE) is the target of a jump; "
                    + "construction needs an entry without predecessors, which preheaders give it: leave out "
                    + "`--option no-preheaders` (ConstructionOptions.withPreheaders(true))");
        }
        Option<Vector<Type>> results = Option.none();
        for (Cfg.Block block : cfg.blocks()) { // an EPILOGUE ends its block
            Vector<Stmt> statements = block.statements();
            if (!statements.isEmpty() && statements.last() instanceof Stmt.Epilogue e) {
                Vector<Type> these = e.results().map(r -> (Type) Type.of(r.type())).append(Type.MEM);
                if (results.exists(r -> !r.equals(these))) {
                    throw new IllegalArgumentException("function " + cfg.name() + ": " + LirPrinter.print(e)
                            + " returns " + these.init().mkString(", ") + " where an earlier EPILOGUE returns "
                            + results.get().init().mkString(", "));
                }
                results = Option.of(these);
            }
        }
        return new NormalForm(symbols, cfg, marked.memory(), prepared.dominators(),
                new RegisterTypes(cfg, marked.memory()),
                results.getOrElse(Vector.of(Type.MEM)));
    }

    /** The function's name. */
    String name() {
        return cfg.name();
    }

    /**
     * The function in normal form, its body assembled from the graph's blocks when first asked for: construction
     * itself needs only the blocks.
     */
    Module.Function function() {
        return cfg.function();
    }

    /** The type of a register. */
    Type typeOf(String register) {
        return registerTypes.of(register);
    }
}
