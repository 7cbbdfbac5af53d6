package org.funssa.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.funssa.core.testing.Exhaustive;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * {@code preqp} on every corpus program through the command line, checked, and what it saves: the operations the
 * LIR interpreter executes (RunResult.operations) in funssa's output with preqp in place of cse, beside COINS's
 * optimized LIR of the same program.
 */
class QuestionPropagationCorpusTest {

    private static final String WITH = "prun/cpyp/cstp/preqp/dce/srd3";
    private static final String WITHOUT = "prun/cpyp/cstp/cse/dce/srd3";

    /** On every fourth program by default, on all with {@code -Pexhaustive}. */
    @Test
    void optWithPreqpChecksOnEveryCorpusProgram() {
        assertThat(CorpusOperations.checkEach("prun/preqp/srd3", 4)).isGreaterThan(Exhaustive.ON ? 690 : 170);
    }

    /**
     * The executed operations of the whole corpus (the programs that print their .ans within the default budget)
     * after {@value #WITH} and after {@value #WITHOUT}, and in COINS's {@code .coins-opt.lir}: preqp, which finds
     * what cse finds and more, lowers the total, and every output still prints the program's .ans. The totals are
     * printed. A measurement of the whole corpus: it runs with {@code -Pexhaustive} (.ci/run).
     */
    @Test
    void preqpLowersTheOperationsTheCorpusExecutes() {
        Assumptions.assumeTrue(Exhaustive.ON, "a whole-corpus measurement: runs with -Pexhaustive");
        CorpusOperations.Comparison c = CorpusOperations.compare(WITH, WITHOUT);
        System.out.println(c.report("preqp"));
        assertThat(c.programs()).isGreaterThan(690);
        assertThat(c.withOperations()).isLessThan(c.withoutOperations());
    }
}
