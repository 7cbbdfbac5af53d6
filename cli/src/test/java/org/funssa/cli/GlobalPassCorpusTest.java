package org.funssa.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.funssa.core.testing.Exhaustive;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The global optimizations that exist to lower the operations a program executes ({@code preqp}, {@code hli},
 * {@code osr}: seed 004 §6.3–§6.5) on the corpus through the command line: each checked on every program, and
 * its effect measured beside COINS's optimized LIR of the same program. {@code ssag} and {@code gra} have corpus
 * tests of their own, which measure what is particular to them.
 */
class GlobalPassCorpusTest {

    /**
     * A pass, the scalar string it is measured in (the pass put in place of, or before, {@code cse}) against the
     * string without it, and which programs the default run checks (every {@code stride}-th).
     */
    record Case(String pass, String with, String without, int stride) {
        @Override
        public String toString() {
            return pass;
        }
    }

    static Stream<Case> cases() {
        return Stream.of(
                new Case("preqp", "prun/cpyp/cstp/preqp/dce/srd3", "prun/cpyp/cstp/cse/dce/srd3", 4),
                new Case("hli", "prun/cpyp/cstp/hli/cse/dce/srd3", "prun/cpyp/cstp/cse/dce/srd3", 4),
                new Case("osr", "prun/cpyp/cstp/osr/cse/dce/srd3", "prun/cpyp/cstp/cse/dce/srd3", 8));
    }

    /** {@code funssa opt FILE --passes prun/PASS/srd3 --check}: on a sample by default, on all with -Pexhaustive. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void optWithThePassChecksOnEveryCorpusProgram(Case c) {
        int programs = CorpusOperations.checkEach("prun/" + c.pass() + "/srd3", c.stride());
        assertThat(programs).isGreaterThan(Exhaustive.ON ? 690 : 690 / c.stride() - 5);
    }

    /**
     * The executed operations of the whole corpus (the programs that print their .ans within the default budget)
     * with and without the pass, and in COINS's {@code .coins-opt.lir}: the pass lowers the total, and every
     * output still prints the program's .ans. The totals are printed. A measurement of the whole corpus: it runs
     * with {@code -Pexhaustive} (.ci/run).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void thePassLowersTheOperationsTheCorpusExecutes(Case c) {
        Assumptions.assumeTrue(Exhaustive.ON, "a whole-corpus measurement: runs with -Pexhaustive");
        CorpusOperations.Comparison comparison = CorpusOperations.compare(c.with(), c.without());
        System.out.println(comparison.report(c.pass()));
        assertThat(comparison.programs()).isGreaterThan(690);
        assertThat(comparison.withOperations()).isLessThan(comparison.withoutOperations());
    }
}
