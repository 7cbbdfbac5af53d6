package org.funssa.cps.prep;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import java.nio.file.Path;
import org.funssa.core.cfg.Cfg;
import org.funssa.core.corpus.Corpus;
import org.funssa.core.corpus.TestCorpus;
import org.funssa.core.gen.GeneratorConfig;
import org.funssa.core.gen.LirGenerator;
import org.funssa.core.gen.Shape;
import org.funssa.core.graph.DominatorTree;
import org.funssa.core.graph.Dominators;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.funssa.core.names.NameSupply;
import org.junit.jupiter.api.Test;

/**
 * LoopPreparation is the three loop passes applied one after the other, for every combination of the switches:
 * the analyses it shares must never be those of a function a pass has since changed.
 */
class LoopPreparationTest {

    @Test
    void isThePassesOneAfterTheOtherOnEveryCorpusFunction() {
        int changed = 0;
        for (Corpus.Program program : TestCorpus.require().programs()) {
            for (Path file : program.lirFiles()) {
                Module module = TreeDivision.PASS.apply(FrameScalarPromotion.PASS.apply(LirReader.read(file)));
                for (Module.Function f : module.functions()) {
                    changed += checkEveryCombination(f);
                }
            }
        }
        // The comparison is only worth something where the passes change functions (548 rotate, CorpusPassesTest).
        assertThat(changed).isGreaterThan(500);
    }

    @Test
    void isThePassesOneAfterTheOtherOnGeneratedFunctions() {
        int changed = 0;
        for (Module.Function f : generatedFunctions()) {
            changed += checkEveryCombination(f);
        }
        assertThat(changed).isGreaterThan(20);
    }

    @Test
    void theGraphAndDominatorTreeHandedOnAreThoseOfTheFunctionReadAgain() {
        int changed = 0;
        for (Module.Function f : generatedFunctions()) {
            LoopPreparation.Prepared prepared = LoopPreparation.prepare(f, true, true, true, LirNames.supply(f));
            Cfg read = Cfg.of(prepared.cfg().function());
            assertThat(prepared.cfg().blocks()).isEqualTo(read.blocks());
            assertThat(prepared.cfg().entry()).isEqualTo(read.entry());
            DominatorTree tree = Dominators.of(read);
            for (int b = 0; b < read.size(); b++) {
                assertThat(prepared.cfg().successors(b)).as("successors of %d", b).isEqualTo(read.successors(b));
                assertThat(prepared.cfg().blockOf(read.block(b).label())).contains(b);
                assertThat(prepared.dominators().contains(b)).isEqualTo(tree.contains(b));
                if (tree.contains(b)) {
                    assertThat(prepared.dominators().idom(b)).as("idom of %d", b).isEqualTo(tree.idom(b));
                }
            }
            changed += prepared.cfg().function() == f ? 0 : 1;
        }
        assertThat(changed).isGreaterThan(20);
    }

    @Test
    void theDominatorTreePreheadersHandOnIsThatOfTheirResult() {
        int changed = 0;
        for (Module.Function f : generatedFunctions().append(ENTRY_HEADER_INSIDE_ANOTHER_HEADERS_LOOP)) {
            for (boolean merge : new boolean[] {false, true}) {
                NameSupply supply = LirNames.supply(f);
                NaturalLoops loops = NaturalLoops.of(Cfg.of(f));
                if (merge) {
                    loops = MergeSharedHeaders.apply(loops, supply);
                }
                NaturalLoops after = Preheaders.apply(loops, supply);
                DominatorTree tree = Dominators.of(after.cfg());
                assertThat(after.dominators().root()).isEqualTo(tree.root()).isEqualTo(after.cfg().entry());
                for (int b = 0; b < after.cfg().size(); b++) {
                    assertThat(after.dominators().contains(b)).as("%s: block %d", f.name(), b)
                            .isEqualTo(tree.contains(b));
                    assertThat(after.dominators().idom(b)).as("%s: idom of %d", f.name(), b).isEqualTo(tree.idom(b));
                }
                changed += after == loops ? 0 : 1;
            }
        }
        assertThat(changed).isGreaterThan(40);
    }

    @Test
    void theDominatorTreeMergingHandsOnIsThatOfItsResult() {
        int changed = 0;
        for (Module.Function f : generatedFunctions().appendAll(corpusFunctions())
                .append(ENTRY_HEADER_INSIDE_ANOTHER_HEADERS_LOOP).append(TWO_BLOCK_TEST_WITH_SEVERAL_LATCHES)) {
            NaturalLoops loops = NaturalLoops.of(Cfg.of(f));
            NaturalLoops after = MergeSharedHeaders.apply(loops, LirNames.supply(f));
            assertSameTree(f, after);
            changed += after == loops ? 0 : 1;
        }
        assertThat(changed).isGreaterThanOrEqualTo(14);
    }

    /** The dominator tree the loops carry is the one computed afresh on their graph. */
    private static void assertSameTree(Module.Function f, NaturalLoops loops) {
        DominatorTree tree = Dominators.of(loops.cfg());
        assertThat(loops.dominators().root()).isEqualTo(tree.root());
        for (int b = 0; b < loops.cfg().size(); b++) {
            assertThat(loops.dominators().contains(b)).as("%s: block %d", f.name(), b).isEqualTo(tree.contains(b));
            assertThat(loops.dominators().idom(b)).as("%s: idom of %d", f.name(), b).isEqualTo(tree.idom(b));
        }
    }

    @Test
    void theDominatorTreeRotationHandsOnIsThatOfItsResult() {
        int changed = 0;
        for (Module.Function f : generatedFunctions().appendAll(corpusFunctions())
                .append(ENTRY_HEADER_INSIDE_ANOTHER_HEADERS_LOOP).append(TWO_BLOCK_TEST_WITH_SEVERAL_LATCHES)) {
            for (boolean preheaders : new boolean[] {false, true}) {
                NameSupply supply = LirNames.supply(f);
                NaturalLoops loops = NaturalLoops.of(Cfg.of(f));
                if (preheaders) {
                    loops = Preheaders.apply(loops, supply);
                }
                NaturalLoops after = LoopRotation.rotated(loops, supply);
                assertSameTree(f, after);
                changed += after == loops ? 0 : 1;
            }
        }
        assertThat(changed).isGreaterThan(500);
    }

    /** The functions of the corpus as construction reads them, before loop preparation. */
    private static Vector<Module.Function> corpusFunctions() {
        Vector<Module.Function> functions = Vector.empty();
        for (Corpus.Program program : TestCorpus.require().programs()) {
            for (Path file : program.lirFiles()) {
                functions = functions.appendAll(
                        TreeDivision.PASS.apply(FrameScalarPromotion.PASS.apply(LirReader.read(file))).functions());
            }
        }
        return functions;
    }

    /**
     * The entry block heads a loop (so its preheader becomes the root) that holds a second loop, whose header's
     * immediate dominator is a header given a preheader too, and an unreachable block jumps into it.
     */
    private static final Module.Function ENTRY_HEADER_INSIDE_ANOTHER_HEADERS_LOOP = LirReader.read("t.lir", """
            (MODULE "t"
              (SYMTAB ("main" STATIC UNKNOWN 4 ".text" XDEF))
              (FUNCTION "main" (SYMTAB ("n%" REG I32 4 0) ("s%" REG I32 4 0))
                (DEFLABEL "TOP")
                (PROLOGUE (0 0) (REG I32 "n%"))
                (SET I32 (REG I32 "s%") (INTCONST I32 1))
                (JUMPC (TSTGTS I32 (REG I32 "n%") (INTCONST I32 0)) (LABEL I64 "H") (LABEL I64 "X"))
                (DEFLABEL "H")
                (SET I32 (REG I32 "n%") (SUB I32 (REG I32 "n%") (INTCONST I32 1)))
                (JUMPC (TSTGTS I32 (REG I32 "n%") (INTCONST I32 0)) (LABEL I64 "H") (LABEL I64 "X"))
                (DEFLABEL "DEAD")
                (JUMP (LABEL I64 "H"))
                (DEFLABEL "X")
                (JUMPC (TSTEQ I32 (REG I32 "s%") (INTCONST I32 1)) (LABEL I64 "TOP") (LABEL I64 "END"))
                (DEFLABEL "END")
                (EPILOGUE (0 0) (REG I32 "s%"))))""").functions().head();

    /**
     * A while loop whose exit test is two blocks, H and H2, each with several predecessors in the loop: their copies
     * are immediately dominated by B, a block none of their predecessors is; and L1 → H2 is the back edge of a loop
     * nested in H's that holds H2, so it waits for a second round.
     */
    private static final Module.Function TWO_BLOCK_TEST_WITH_SEVERAL_LATCHES = LirReader.read("t.lir", """
            (MODULE "t"
              (SYMTAB ("main" STATIC UNKNOWN 4 ".text" XDEF))
              (FUNCTION "main" (SYMTAB ("n%" REG I32 4 0) ("s%" REG I32 4 0))
                (PROLOGUE (0 0) (REG I32 "n%"))
                (SET I32 (REG I32 "s%") (INTCONST I32 1))
                (JUMP (LABEL I64 "H"))
                (DEFLABEL "H")
                (JUMPC (TSTGTS I32 (REG I32 "n%") (INTCONST I32 0)) (LABEL I64 "H2") (LABEL I64 "X"))
                (DEFLABEL "H2")
                (JUMPC (TSTEQ I32 (REG I32 "s%") (INTCONST I32 1)) (LABEL I64 "B") (LABEL I64 "X"))
                (DEFLABEL "B")
                (SET I32 (REG I32 "n%") (SUB I32 (REG I32 "n%") (INTCONST I32 1)))
                (JUMPC (TSTEQ I32 (REG I32 "n%") (INTCONST I32 5)) (LABEL I64 "L1") (LABEL I64 "L2"))
                (DEFLABEL "L1")
                (JUMPC (TSTEQ I32 (REG I32 "n%") (INTCONST I32 3)) (LABEL I64 "H") (LABEL I64 "H2"))
                (DEFLABEL "L2")
                (JUMP (LABEL I64 "H"))
                (DEFLABEL "X")
                (EPILOGUE (0 0) (REG I32 "s%"))))""").functions().head();

    /** The functions of ten generated programs of each shape, their trees divided. */
    private static Vector<Module.Function> generatedFunctions() {
        Vector<Module.Function> functions = Vector.empty();
        for (Shape shape : Shape.values()) {
            for (long seed = 0; seed < 10; seed++) {
                Module module = LirGenerator.generate(seed, GeneratorConfig.defaults().withShape(shape)).module();
                functions = functions.appendAll(TreeDivision.PASS.apply(module).functions());
            }
        }
        return functions;
    }

    @Test
    void aFunctionWithoutLoopsComesBackItself() {
        Module.Function f = TreeDivision.apply(LirGenerator.generate(7, GeneratorConfig.sized(2000, Shape.DIAMONDS))
                .module().functions().get(0));

        assertThat(LoopPreparation.apply(f, true, true, true, LirNames.supply(f))).isSameAs(f);
    }

    /** Checks the eight combinations on {@code f}; 1 when all three passes together change it, else 0. */
    private static int checkEveryCombination(Module.Function f) {
        Module.Function allThree = f;
        for (int mask = 0; mask < 8; mask++) {
            boolean merge = (mask & 1) != 0;
            boolean preheaders = (mask & 2) != 0;
            boolean rotate = (mask & 4) != 0;
            NameSupply supply = LirNames.supply(f);
            Module.Function expected = f;
            if (merge) {
                expected = MergeSharedHeaders.apply(expected, supply);
            }
            if (preheaders) {
                expected = Preheaders.apply(expected, supply);
            }
            if (rotate) {
                expected = LoopRotation.apply(expected, supply);
            }
            Module.Function prepared = LoopPreparation.apply(f, merge, preheaders, rotate, LirNames.supply(f));
            assertThat(prepared).as("%s, merge %s, preheaders %s, rotation %s", f.name(), merge, preheaders, rotate)
                    .isEqualTo(expected);
            allThree = prepared;
        }
        return allThree == f ? 0 : 1;
    }
}
