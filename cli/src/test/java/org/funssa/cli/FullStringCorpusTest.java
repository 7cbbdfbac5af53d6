package org.funssa.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.funssa.core.testing.Exhaustive;
import org.junit.jupiter.api.Test;

/**
 * Every global optimization of seed 004 chapter 6 in one pass string, after the scalar ones and before the clean-up
 * ({@value #FULL}), through the command line with {@code --check} on the corpus: each pass's output verifies and
 * {@code main} behaves as the input's after each. The same string is what {@code bench/run-quality --passes}
 * measures against COINS (bench/README.md).
 */
class FullStringCorpusTest {

    /** The full string; a new global optimization is one word here. */
    static final String FULL = "prun/cpyp/cstp/preqp/hli/osr/gra/ssag/cse/dce/srd3";

    /**
     * On every 64th program by default (each pass has its own corpus check on more), on all with
     * {@code -Pexhaustive}.
     */
    @Test
    void optWithEveryGlobalOptimizationChecksOnEveryCorpusProgram() {
        assertThat(CorpusOperations.checkEach(FULL, 64)).isGreaterThan(Exhaustive.ON ? 690 : 10);
    }
}
