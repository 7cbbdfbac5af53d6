package org.funssa.cps.opt;

import org.funssa.core.testing.Exhaustive;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.testkit.Generators;
import org.funssa.cps.testkit.Law;
import org.funssa.cps.testkit.LawRunner;
import org.junit.jupiter.api.Test;

/**
 * Laws between passes and {@code shrink} (issue 31) on 1,000 generated programs with {@code -Pexhaustive}, 200 by
 * default; each pass's own laws are in {@link OptimizationLawsTest}.
 */
class ShrinkFixpointTest {

    private static final LawRunner RUNNER = LawRunner.on(Generators.ir(Construction.PRUNED))
            .samples(Exhaustive.ON ? 1000 : 200);

    /** Copy propagation first leaves shrink nothing different to do: shrink subsumes it. */
    @Test
    void copyPropagationThenShrinkIsShrink() {
        Pass both = Pass.of("cpyp/shrink", f -> Shrink.PASS.apply(CopyPropagation.PASS.apply(f)));
        RUNNER.check(Law.alphaEquivalent(both, Shrink.PASS)).assertHolds();
    }

    /** Copy and constant propagation in either order reach the same program once shrink has cleaned up. */
    @Test
    void copyAndConstantPropagationCommuteUnderShrink() {
        Pass cpypThenCstp = Pass.of("cpyp/cstp/shrink",
                f -> Shrink.PASS.apply(ConstantPropagation.PASS.apply(CopyPropagation.PASS.apply(f))));
        Pass cstpThenCpyp = Pass.of("cstp/cpyp/shrink",
                f -> Shrink.PASS.apply(CopyPropagation.PASS.apply(ConstantPropagation.PASS.apply(f))));
        RUNNER.check(Law.alphaEquivalent(cpypThenCstp, cstpThenCpyp)).assertHolds();
    }
}
