package org.funssa.cps.opt;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import org.funssa.cps.construct.RedundantPhiElimination;
import org.funssa.cps.pass.Pass;

/**
 * The optimizations a pass string may name between its construction and its destruction (seed 004 appendix
 * A.1), in the order {@code funssa opt --help} lists them. Each may appear any number of times.
 */
public final class Optimizations {

    private static final Vector<Pass> ALL = Vector.of(
            CopyPropagation.PASS,
            ConstantPropagation.PASS,
            DeadCodeElimination.PASS,
            CommonSubexpressionElimination.PASS,
            QuestionPropagation.PASS,
            LoopInvariantHoisting.PASS,
            SsaGraphCongruence.PASS,
            StrengthReduction.PASS,
            GlobalReassociation.PASS,
            RedundantPhiElimination.PASS,
            EmptyBlockElimination.PASS,
            BlockConcatenation.PASS,
            CriticalEdgeSplitting.PASS,
            ThreeAddressCode.PASS,
            Shrink.PASS
    );

    private Optimizations() {}

    /** Every optimization. */
    public static Vector<Pass> all() {
        return ALL;
    }

    /** Their names, as pass strings spell them. */
    public static Vector<String> names() {
        return ALL.map(Pass::name);
    }

    /** The optimization called {@code name} in pass strings, if there is one. */
    public static Option<Pass> named(String name) {
        return ALL.find(p -> p.name().equals(name));
    }
}
