package org.funssa.destruct.sreedhar;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import org.funssa.core.corpus.TestCorpus;
import org.funssa.core.lir.LirReader;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.construct.Ssa;
import org.funssa.cps.ir.Program;
import org.funssa.destruct.coalesce.Chaitin;
import org.funssa.destruct.naive.Naive;
import org.junit.jupiter.api.Test;

/**
 * Issue 4's target on copies, as the copies report counts them (pruned SSA of each program's .before.lir,
 * {@code CopyStats.remaining}): Method III with its SSA-based coalescing leaves no more copies than the naive
 * method followed by Chaitin's coalescing, on every corpus program.
 */
class SreedharCorpusCopiesTest {

    @Test
    void methodThreeLeavesNoMoreCopiesThanNaiveAndChaitinOnAnyCorpusProgram() {
        Vector<String> worse = TestCorpus.require().programs().toJavaParallelStream()
                .map(program -> {
                    Program ssa = Ssa.construct(LirReader.read(program.before()), Construction.PRUNED);
                    int srd3 = new Sreedhar(Method.III).destruct(ssa).stats().remaining();
                    int chaitin = new Chaitin(new Naive()).destruct(ssa).stats().remaining();
                    return srd3 > chaitin ? program.path() + ": srd3 " + srd3 + ", naive + Chaitin " + chaitin : "";
                })
                .filter(s -> !s.isEmpty())
                .collect(Vector.collector());
        assertThat(worse).isEmpty();
    }
}
