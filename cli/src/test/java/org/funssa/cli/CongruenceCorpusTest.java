package org.funssa.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.funssa.core.corpus.Corpus;
import org.funssa.core.corpus.TestCorpus;
import org.funssa.core.lir.LirReader;
import org.funssa.core.testing.Exhaustive;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.construct.Ssa;
import org.funssa.cps.history.ProgramSize;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;
import org.funssa.cps.opt.CommonSubexpressionElimination;
import org.funssa.cps.opt.ConstantPropagation;
import org.funssa.cps.opt.CopyPropagation;
import org.funssa.cps.opt.DeadCodeElimination;
import org.funssa.cps.opt.SsaGraphCongruence;
import org.funssa.cps.rewrite.Nest;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * {@code ssag} on every corpus program through the command line, checked, and what it does: the lets and
 * parameters it deletes after {@code prun/cpyp/cstp}, and the operations the LIR interpreter executes
 * (RunResult.operations) in funssa's output with and without it, beside COINS's optimized LIR.
 */
class CongruenceCorpusTest {

    private static final String WITH = "prun/cpyp/cstp/ssag/cse/dce/srd3";
    private static final String WITHOUT = "prun/cpyp/cstp/cse/dce/srd3";

    /**
     * On every eighth program by default (the default run has hli's check on every fourth already), on all with
     * {@code -Pexhaustive}.
     */
    @Test
    void optWithSsagChecksOnEveryCorpusProgram() {
        assertThat(CorpusOperations.checkEach("prun/ssag/srd3", 8)).isGreaterThan(Exhaustive.ON ? 690 : 85);
    }

    /**
     * What ssag deletes from the whole corpus after {@code prun/cpyp/cstp}: lets (each replaced by a congruent one
     * that dominates it) and parameters; the lets left by {@code cse/dce} after it and without it (what ssag finds
     * that cse does not); and the executed operations after {@value #WITH} and {@value #WITHOUT}, beside COINS's.
     * ssag never adds a let, and every output still prints the program's .ans. The figures are printed. A
     * measurement of the whole corpus: it runs with {@code -Pexhaustive} (.ci/run).
     */
    @Test
    void ssagOnTheWholeCorpus() {
        Assumptions.assumeTrue(Exhaustive.ON, "a whole-corpus measurement: runs with -Pexhaustive");
        long before = 0;
        long after = 0;
        long paramsBefore = 0;
        long paramsAfter = 0;
        long withCse = 0;
        long withoutCse = 0;
        int changed = 0;
        for (Corpus.Program program : TestCorpus.require().programs()) {
            Program input = ConstantPropagation.PASS.apply(CopyPropagation.PASS.apply(
                    Ssa.construct(LirReader.read(program.frontEnd()), Construction.PRUNED)));
            Program output = SsaGraphCongruence.PASS.apply(input);
            long lets = ProgramSize.of(input).lets();
            long left = ProgramSize.of(output).lets();
            assertThat(left).as(program.path()).isLessThanOrEqualTo(lets);
            before += lets;
            after += left;
            paramsBefore += parameters(input);
            paramsAfter += parameters(output);
            changed += output != input ? 1 : 0;
            withCse += ProgramSize.of(cseDce(output)).lets();
            withoutCse += ProgramSize.of(cseDce(input)).lets();
        }
        CorpusOperations.Comparison c = CorpusOperations.compare(WITH, WITHOUT);
        System.out.printf("ssag after prun/cpyp/cstp on %d corpus programs (%d changed): %d lets of %d deleted, %d "
                + "parameters of %d; lets left by cse/dce %d with ssag before them, %d without%n%s%n",
                TestCorpus.require().programs().size(), changed, before - after, before, paramsBefore - paramsAfter,
                paramsBefore, withCse, withoutCse, c.report("ssag"));
        assertThat(after).isLessThan(before);
        assertThat(withCse).isLessThanOrEqualTo(withoutCse);
        assertThat(c.programs()).isGreaterThan(690);
    }

    private static Program cseDce(Program program) {
        return DeadCodeElimination.PASS.apply(CommonSubexpressionElimination.PASS.apply(program));
    }

    /** The parameters of the program's local functions (its blocks' φs). */
    private static long parameters(Program program) {
        long count = 0;
        for (Function f : program.functions()) {
            Nest nest = Nest.of(f);
            for (int node = Nest.ROOT + 1; node < nest.size(); node++) {
                count += nest.params(node).size();
            }
        }
        return count;
    }
}
