package org.funssa.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.funssa.cli.FunssaTest.funssa;

import org.funssa.core.corpus.Corpus;
import org.funssa.core.corpus.TestCorpus;
import org.funssa.core.lir.LirReader;
import org.funssa.core.testing.Exhaustive;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.construct.Ssa;
import org.funssa.cps.history.ProgramSize;
import org.funssa.cps.ir.Program;
import org.funssa.cps.opt.ConstantPropagation;
import org.funssa.cps.opt.CopyPropagation;
import org.funssa.cps.opt.SsaGraphCongruence;
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

    /** On every fourth program by default, on all with {@code -Pexhaustive}. */
    @Test
    void optWithSsagChecksOnEveryCorpusProgram() {
        int checked = 0;
        int index = 0;
        for (Corpus.Program program : TestCorpus.require().programs()) {
            boolean slow = Corpus.knownFailingPrograms().get(program.path()).exists(r -> r.startsWith("budget"));
            if (slow || !Exhaustive.everyNth(index++, 4)) {
                continue;
            }
            FunssaTest.Outcome o = funssa("opt", program.frontEnd().toString(), "--passes", "prun/ssag/srd3",
                    "--check");
            assertThat(o.status()).as(program.path() + ": " + o.err()).isZero();
            checked++;
        }
        assertThat(checked).isGreaterThan(Exhaustive.ON ? 690 : 170);
    }

    /**
     * The lets ssag deletes from the whole corpus after {@code prun/cpyp/cstp} (each replaced by a congruent one
     * that dominates it; cse finds some of them too), and the executed operations after {@value #WITH} and
     * {@value #WITHOUT}: ssag never adds a let, deletes some, and the outputs still print each program's .ans.
     * The figures are printed. A measurement of the whole corpus: it runs with {@code -Pexhaustive} (.ci/run).
     */
    @Test
    void ssagOnTheWholeCorpus() {
        Assumptions.assumeTrue(Exhaustive.ON, "a whole-corpus measurement: runs with -Pexhaustive");
        long before = 0;
        long after = 0;
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
            changed += output != input ? 1 : 0;
        }
        CorpusOperations.Comparison c = CorpusOperations.compare(WITH, WITHOUT);
        System.out.printf("ssag after prun/cpyp/cstp on %d corpus programs: %d lets of %d deleted, %d programs "
                + "changed%n%s%n", TestCorpus.require().programs().size(), before - after, before, changed,
                c.report("ssag"));
        assertThat(after).isLessThan(before);
        assertThat(c.programs()).isGreaterThan(690);
    }
}
