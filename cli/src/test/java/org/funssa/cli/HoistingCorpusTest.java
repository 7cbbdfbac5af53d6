package org.funssa.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.funssa.core.testing.Exhaustive;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * {@code hli} on every corpus program through the command line, checked, and what it saves: the operations the
 * LIR interpreter executes (RunResult.operations) in funssa's output with and without hli, beside COINS's
 * optimized LIR of the same program.
 */
class HoistingCorpusTest {

    private static final String WITH = "prun/cpyp/cstp/hli/cse/dce/srd3";
    private static final String WITHOUT = "prun/cpyp/cstp/cse/dce/srd3";

    /** On every fourth program by default, on all with {@code -Pexhaustive}. */
    @Test
    void optWithHliChecksOnEveryCorpusProgram() {
        assertThat(CorpusOperations.checkEveryFourth("prun/hli/srd3")).isGreaterThan(Exhaustive.ON ? 690 : 170);
    }

    /**
     * The executed operations of the whole corpus (the programs that print their .ans within the default budget)
     * after {@value #WITH} and after {@value #WITHOUT}, and in COINS's {@code .coins-opt.lir}: hli lowers the total,
     * and every output still prints the program's .ans. The totals are printed. A measurement of the whole
     * corpus: it runs with {@code -Pexhaustive} (.ci/run).
     */
    @Test
    void hliLowersTheOperationsTheCorpusExecutes() {
        Assumptions.assumeTrue(Exhaustive.ON, "a whole-corpus measurement: runs with -Pexhaustive");
        CorpusOperations.Measurement m = CorpusOperations.measure(WITH, WITHOUT);
        System.out.println(m.report("hli"));
        assertThat(m.programs()).isGreaterThan(690);
        assertThat(m.withOps()).isLessThan(m.withoutOps());
    }
}
