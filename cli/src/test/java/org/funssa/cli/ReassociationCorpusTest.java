package org.funssa.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Map;
import io.vavr.collection.Vector;
import org.funssa.core.corpus.Corpus;
import org.funssa.core.corpus.TestCorpus;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.funssa.core.testing.Exhaustive;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.construct.Ssa;
import org.funssa.cps.history.ProgramSize;
import org.funssa.cps.ir.Program;
import org.funssa.cps.opt.Optimizations;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * {@code gra} on every corpus program through the command line, checked, and what it changes when {@code hli} and
 * {@code cse} follow it: the operations the LIR interpreter executes and the lets left before destruction, with and
 * without it.
 */
class ReassociationCorpusTest {

    private static final String WITH = "prun/cpyp/cstp/gra/hli/cse/dce/srd3";
    private static final String WITHOUT = "prun/cpyp/cstp/hli/cse/dce/srd3";

    /** {@code prun/gra/srd3} and {@value #WITH}, checked, on every sixteenth program (all with -Pexhaustive). */
    @Test
    void optWithGraChecksOnEveryCorpusProgram() {
        for (String passes : new String[] {"prun/gra/srd3", WITH}) {
            assertThat(CorpusOperations.checkEach(passes, 16)).isGreaterThan(Exhaustive.ON ? 690 : 40);
        }
    }

    /**
     * The executed operations and the lets left before destruction over the whole corpus (the programs that print
     * their .ans within the default budget) after {@value #WITH} and after {@value #WITHOUT}; every output still
     * prints the program's .ans. The totals are printed. A measurement of the whole corpus: it runs with -Pexhaustive.
     */
    @Test
    void theCorpusExecutesWithAndWithoutGra() {
        Assumptions.assumeTrue(Exhaustive.ON, "a whole-corpus measurement: runs with -Pexhaustive");
        Map<String, String> failing = Corpus.knownFailingPrograms();
        long[] with = new long[2];
        long[] without = new long[2];
        int programs = 0;
        int lowered = 0;
        int raised = 0;
        for (Corpus.Program program : TestCorpus.require().programs()) {
            if (failing.containsKey(program.path())) {
                continue;
            }
            Module input = LirReader.read(program.frontEnd());
            Module w = CorpusOperations.optimized(program, input, WITH);
            Module wo = CorpusOperations.optimized(program, input, WITHOUT);
            long ow = CorpusOperations.operations(program, w);
            long owo = CorpusOperations.operations(program, wo);
            with[0] += ow;
            without[0] += owo;
            with[1] += lets(input, WITH);
            without[1] += lets(input, WITHOUT);
            lowered += ow < owo ? 1 : 0;
            raised += ow > owo ? 1 : 0;
            programs++;
        }
        System.out.printf("over %d corpus programs, executed operations: %s %d, %s %d (lower on %d programs, higher "
                + "on %d); lets left before destruction: %d and %d%n", programs, WITH, with[0], WITHOUT, without[0],
                lowered, raised, with[1], without[1]);
        assertThat(programs).isGreaterThan(690);
        assertThat(with[0]).isLessThan(without[0]);
    }

    /** The lets of the input in pruned SSA form after the optimizations the pass string names. */
    private static long lets(Module input, String passes) {
        Program program = Ssa.construct(input, Construction.PRUNED);
        for (String name : Vector.of(passes.split("/")).drop(1).dropRight(1)) {
            program = Optimizations.named(name).get().apply(program);
        }
        return ProgramSize.of(program).lets();
    }
}
