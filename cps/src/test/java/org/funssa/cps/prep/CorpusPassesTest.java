package org.funssa.cps.prep;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Stream;
import java.nio.file.Path;
import java.util.BitSet;
import org.funssa.core.cfg.Cfg;
import org.funssa.core.corpus.Corpus;
import org.funssa.core.corpus.TestCorpus;
import org.funssa.core.graph.IntSeq;
import org.funssa.core.interp.RunResult;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.funssa.core.testing.Exhaustive;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every corpus program, in both LIR forms, goes through the whole pipeline of this package
 * (promotion, merging shared headers, preheaders, rotation, division); each stage's output is checked
 * for its structural law, and the final module, printed and read back, prints exactly the program's
 * .ans. (Each pass alone is run against the interpreter on generated programs, GeneratedMeaningTest;
 * interpreting the corpus once per pass would multiply this test's time by five.) By default the {@code k}th
 * program goes through in one form, {@code .before.lir} for even {@code k} and {@code .fe.lir} for odd;
 * {@link Exhaustive#ON} takes both forms of every program.
 */
class CorpusPassesTest {

    @TestFactory
    Stream<DynamicTest> pipelineKeepsEveryProgramsOutput() {
        return Stream.ofAll(TestCorpus.require().programs())
                .filter(p -> !Runs.KNOWN_FAILURES.contains(p.path()))
                .zipWithIndex()
                .flatMap(numbered -> numbered._1.lirFiles().zipWithIndex()
                        .filter(form -> Exhaustive.inTurn(numbered._2, form._2, 2))
                        .map(form -> DynamicTest.dynamicTest(name(numbered._1, form._1),
                                () -> check(form._1, numbered._1.expectedOutput()))));
    }

    private static String name(Corpus.Program program, Path file) {
        String f = file.getFileName().toString();
        return program.path() + f.substring(f.indexOf('.'));
    }

    private static void check(Path file, String expected) {
        Module module = LirReader.read(file);
        Module promoted = FrameScalarPromotion.PASS.apply(module);
        Module merged = MergeSharedHeaders.PASS.apply(promoted);
        merged.functions().forEach(f -> assertOneLatchPerHeader(f));
        Module preheaded = Preheaders.PASS.apply(merged);
        preheaded.functions().forEach(f -> assertPreheaders(f));
        Module rotated = LoopRotation.PASS.apply(preheaded);
        rotated.functions().forEach(f -> assertThat(LoopRotation.rotatableHeaders(f)).as(f.name()).isEmpty());
        Module divided = TreeDivision.PASS.apply(rotated);
        divided.functions().forEach(f -> assertThat(f.body().filter(s -> !TreeDivision.isDivided(s)))
                .as(f.name()).isEmpty());
        RunResult result = Runs.run(divided, 1_000_000_000L);
        assertThat(result).isNotInstanceOf(RunResult.Failed.class);
        assertThat(result.stdout()).isEqualTo(expected);
    }

    /** The loop passes are not vacuous on the corpus: they change many functions of both forms. */
    @Test
    void loopPassesFindWorkInTheCorpus() {
        int[] changed = new int[3];
        int functions = 0;
        for (Corpus.Program program : TestCorpus.require().programs()) {
            for (Path file : program.lirFiles()) {
                for (Module.Function f : FrameScalarPromotion.PASS.apply(LirReader.read(file)).functions()) {
                    functions++;
                    Module.Function merged = MergeSharedHeaders.apply(f);
                    Module.Function preheaded = Preheaders.apply(merged);
                    Module.Function rotated = LoopRotation.apply(preheaded);
                    changed[0] += merged == f ? 0 : 1;
                    changed[1] += preheaded == merged ? 0 : 1;
                    changed[2] += rotated == preheaded ? 0 : 1;
                }
            }
        }
        // Measured: 3440 functions; 2 merge shared headers, 13 get preheaders, 548 rotate.
        assertThat(functions).isGreaterThan(3000);
        assertThat(changed[0]).as("functions with merged headers").isGreaterThanOrEqualTo(2);
        assertThat(changed[1]).as("functions given preheaders").isGreaterThanOrEqualTo(10);
        assertThat(changed[2]).as("functions with rotated loops").isGreaterThanOrEqualTo(500);
    }

    /** MergeSharedHeaders' law: every header has back edges from one block at most. */
    static void assertOneLatchPerHeader(Module.Function f) {
        NaturalLoops loops = NaturalLoops.of(Cfg.of(f));
        for (int h = 0; h < loops.cfg().size(); h++) {
            assertThat(loops.latches(h).size()).as("%s: latches of %s", f.name(), loops.cfg().block(h).label())
                    .isLessThanOrEqualTo(1);
        }
    }

    /** Preheaders' law: each reachable header has exactly one predecessor outside its loop, and is its only successor. */
    static void assertPreheaders(Module.Function f) {
        Cfg cfg = Cfg.of(f);
        NaturalLoops loops = NaturalLoops.of(cfg);
        for (int h = 0; h < cfg.size(); h++) {
            if (!loops.dominators().contains(h) || !loops.isHeader(h)) {
                continue;
            }
            BitSet outside = new BitSet();
            int edges = 0;
            IntSeq preds = cfg.predecessors(h);
            for (int i = 0; i < preds.size(); i++) {
                if (loops.dominators().contains(preds.get(i)) && !loops.isBackEdge(preds.get(i), h)) {
                    outside.set(preds.get(i));
                    edges++;
                }
            }
            String where = f.name() + ": header " + cfg.block(h).label();
            assertThat(h).as(where + " is the entry").isNotEqualTo(cfg.entry());
            assertThat(edges).as(where + " entry edges").isEqualTo(1);
            assertThat(cfg.successors(outside.nextSetBit(0)).size()).as(where + " preheader successors").isEqualTo(1);
        }
    }

}
