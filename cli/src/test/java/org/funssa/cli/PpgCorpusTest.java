package org.funssa.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.funssa.core.cfg.CfgException;
import org.funssa.core.corpus.Corpus;
import org.funssa.core.corpus.TestCorpus;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.funssa.psi.ppg.PredicatePartitionForest;
import org.funssa.psi.ppg.PredicatePartitionGraph;
import org.junit.jupiter.api.Test;

/**
 * {@code funssa ppg} on every function of every corpus program: each region's PPG is complete (seed 002
 * Definition 16) and gives every block of the region a predicate, or the function is refused as irreducible.
 */
class PpgCorpusTest {

    @Test
    void everyCorpusFunctionGetsCompleteGraphsOrIsRefusedAsIrreducible() {
        int functions = 0;
        int partitions = 0;
        for (Corpus.Program program : TestCorpus.require().programs()) {
            LirReader.Parsed parsed = LirReader.readWithPositions(program.frontEnd());
            for (Module.Function f : parsed.module().functions()) {
                PpgView view;
                try {
                    view = PpgView.of(f, parsed.positions());
                } catch (CfgException e) {
                    assertThat(e.getMessage()).as(program + " " + f.name()).contains("irreducible");
                    continue;
                }
                functions++;
                for (PredicatePartitionForest.Region region : view.forest().regions()) {
                    PredicatePartitionGraph ppg = region.ppg();
                    assertThat(ppg.isComplete()).as(program + " " + f.name() + "\n" + ppg).isTrue();
                    for (int node = 0; node < ppg.cfg().graph().size(); node++) {
                        boolean named = ppg.predicateOf(node) != PredicatePartitionGraph.NONE;
                        assertThat(named || !ppg.cfg().isReachable(node))
                                .as(program + " " + f.name() + " node " + ppg.cfg().label(node)).isTrue();
                    }
                    partitions += ppg.partitions().size();
                }
            }
        }
        assertThat(functions).isGreaterThan(500);
        assertThat(partitions).isGreaterThan(1000);
    }
}
