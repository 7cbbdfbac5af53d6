package org.funssa.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.funssa.core.testing.Exhaustive;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * {@code osr} on every corpus program through the command line, checked, and its effect on the operations the LIR
 * interpreter executes, beside COINS's optimized LIR of the same program.
 */
class StrengthReductionCorpusTest {

    private static final String WITH = "prun/cpyp/cstp/osr/cse/dce/srd3";
    private static final String WITHOUT = "prun/cpyp/cstp/cse/dce/srd3";

    /** On every eighth program by default, on all with {@code -Pexhaustive}. */
    @Test
    void optWithOsrChecksOnEveryCorpusProgram() {
        assertThat(CorpusOperations.checkEach("prun/osr/srd3", 8)).isGreaterThan(Exhaustive.ON ? 690 : 85);
    }

    /**
     * The executed operations of the whole corpus after {@value #WITH} and after {@value #WITHOUT}, and in COINS's
     * {@code .coins-opt.lir}; every output prints the program's .ans. The totals are printed. A measurement of the
     * whole corpus: it runs with {@code -Pexhaustive} (.ci/run).
     */
    @Test
    void osrOnTheOperationsTheCorpusExecutes() {
        Assumptions.assumeTrue(Exhaustive.ON, "a whole-corpus measurement: runs with -Pexhaustive");
        CorpusOperations.Comparison m = CorpusOperations.compare(WITH, WITHOUT);
        System.out.println(m.report("osr"));
        assertThat(m.programs()).isGreaterThan(690);
        assertThat(m.withOperations()).isLessThan(m.withoutOperations());
    }
}
