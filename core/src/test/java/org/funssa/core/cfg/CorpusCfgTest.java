package org.funssa.core.cfg;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.Tuple;
import io.vavr.Tuple3;
import io.vavr.collection.Vector;
import java.nio.file.Path;
import java.util.List;
import org.funssa.core.corpus.TestCorpus;
import org.funssa.core.graph.BruteForce;
import org.funssa.core.graph.DepthFirst;
import org.funssa.core.graph.DominatorTree;
import org.funssa.core.graph.Dominators;
import org.funssa.core.graph.LoopNestingForest;
import org.funssa.core.graph.PostDominators;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Stmt;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every function of every corpus program, in both LIR forms, as a Cfg with register liveness. */
class CorpusCfgTest {

    /** (file, function, its Cfg) for every function of every .before.lir and .fe.lir. */
    private static Vector<Tuple3<Path, Module.Function, Cfg>> all;

    @BeforeAll
    static void readCorpus() {
        all = TestCorpus.require().programs()
                .flatMap(p -> p.lirFiles())
                .flatMap(file -> LirReader.read(file).functions().map(f -> Tuple.of(file, f, Cfg.of(f))));
    }

    private static boolean standardForm(Path file) {
        return file.toString().endsWith(".before.lir");
    }

    @Test
    void everyFunctionOfBothFormsBuilds() {
        assertThat(all.size()).isGreaterThan(3000);
        assertThat(all.count(t -> standardForm(t._1))).isEqualTo(all.count(t -> !standardForm(t._1)));
    }

    @Test
    void blocksAreTheEntryPlusOnePerDefLabelPlusDeadCodeAfterJumpsAndOnlyFrontEndLirFallsThrough() {
        int fallThroughs = 0;
        int deadAfterJump = 0;
        for (Tuple3<Path, Module.Function, Cfg> t : all) {
            Cfg cfg = t._3;
            String where = t._1 + " " + t._2.name();
            long defLabels = t._2.body().count(s -> s instanceof Stmt.DefLabel);
            assertThat(cfg.entry()).as(where).isZero();
            assertThat(cfg.block(0).synthetic()).as(where).isTrue();
            // Every other unlabelled block is code after a jump: it follows a jump and nothing jumps to it.
            for (int b = 1; b < cfg.size(); b++) {
                if (cfg.block(b).synthetic()) {
                    assertThat(cfg.block(b - 1).terminator()).as(where).isNotEmpty();
                    assertThat(cfg.predecessors(b).isEmpty()).as(where).isTrue();
                    deadAfterJump++;
                }
            }
            long unlabelled = cfg.blocks().count(Cfg.Block::synthetic);
            assertThat(cfg.size()).as(where).isEqualTo(defLabels + unlabelled);
            // One EPILOGUE block, the only exit: post-dominators need no virtual exit.
            assertThat(cfg.blocks().count(b -> b.terminator().exists(s -> s instanceof Stmt.Epilogue))).as(where)
                    .isEqualTo(1);
            int falling = cfg.blocks().count(b -> b.terminator().isEmpty());
            if (standardForm(t._1)) {
                // Standard form: blocks end in explicit jumps and are all labelled except the PROLOGUE block.
                assertThat(falling).as(where).isZero();
                assertThat(unlabelled).as(where).isEqualTo(1);
            }
            fallThroughs += falling;
        }
        assertThat(fallThroughs).isGreaterThan(1000);
        assertThat(deadAfterJump).isGreaterThan(0);
    }

    @Test
    void registerLivenessSatisfiesTheDataflowEquations() {
        for (Tuple3<Path, Module.Function, Cfg> t : all) {
            Cfg cfg = t._3;
            RegisterLiveness live = RegisterLiveness.of(cfg);
            for (int b = 0; b < cfg.size(); b++) {
                java.util.TreeSet<Integer> out = new java.util.TreeSet<>();
                for (int s : cfg.successors(b).toArray()) {
                    out.addAll(BruteForce.set(live.liveIn(s)));
                }
                java.util.TreeSet<Integer> in = new java.util.TreeSet<>(out);
                in.removeAll(BruteForce.set(live.defs(b)));
                in.addAll(BruteForce.set(live.uses(b)));
                assertThat(BruteForce.set(live.liveOut(b))).as("%s %s out(%d)", t._1, t._2.name(), b).isEqualTo(out);
                assertThat(BruteForce.set(live.liveIn(b))).as("%s %s in(%d)", t._1, t._2.name(), b).isEqualTo(in);
            }
        }
    }

    @Test
    void dominatorsAndLoopsOfCorpusFunctionsMatchTheDefinitions() {
        int loops = 0;
        for (Tuple3<Path, Module.Function, Cfg> t : all.filter(t -> t._3.size() <= 60)) {
            Cfg cfg = t._3;
            String where = t._1 + " " + t._2.name();
            List<List<Integer>> succ = BruteForce.successors(cfg);
            boolean[][] dom = BruteForce.dominance(succ, cfg.entry());
            DominatorTree tree = Dominators.of(cfg);
            for (int x = 0; x < cfg.size(); x++) {
                assertThat(tree.idom(x)).as("%s idom(%d)", where, x).isEqualTo(BruteForce.idom(dom, x));
            }
            BruteForce.Augmented aug = BruteForce.augment(cfg);
            boolean[][] pdom = BruteForce.postDominance(aug, cfg.entry());
            PostDominators post = PostDominators.of(cfg);
            for (int x = 0; x < cfg.size(); x++) {
                assertThat(post.ipdom(x)).as("%s ipdom(%d)", where, x).isEqualTo(BruteForce.idom(pdom, x));
            }
            LoopNestingForest forest = LoopNestingForest.of(cfg);
            boolean reducible = DepthFirst.of(cfg).backEdges().forAll(e -> dom[e.target()][e.source()]);
            assertThat(forest.isReducible()).as(where).isEqualTo(reducible);
            loops += forest.loopCount();
            // In a reducible CFG a loop's header dominates its body (seed 004 §2.2.6).
            for (int l = 0; l < forest.loopCount() && reducible; l++) {
                int header = forest.header(l);
                assertThat(forest.body(l).stream().allMatch(x -> tree.dominates(header, x))).as(where).isTrue();
            }
        }
        assertThat(loops).isGreaterThan(500);
    }
}
