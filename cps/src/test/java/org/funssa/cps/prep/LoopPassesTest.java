package org.funssa.cps.prep;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import org.funssa.core.cfg.Cfg;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.junit.jupiter.api.Test;

/** The loop preprocessing passes on the seed's figures and on the cases their rules single out. */
class LoopPassesTest {

    private static Module.Function function(String body) {
        String text = """
                (MODULE "t"
                  (SYMTAB ("main" STATIC UNKNOWN 4 ".text" XDEF))
                  (FUNCTION "main"
                    (SYMTAB ("n%" REG I32 4 0) ("s%" REG I32 4 0) ("i%" REG I32 4 0) ("j%" REG I32 4 0)
                      ("sum%" REG I32 4 0) ("x%" REG I32 4 0) ("y%" REG I32 4 0))
                """ + body + "))";
        return LirReader.read("t.lir", text).functions().head();
    }

    private static Module module(Module.Function f) {
        return new Module("t", LirReader.read("t.lir", "(MODULE \"t\" (SYMTAB (\"main\" STATIC UNKNOWN 4 \".text\" XDEF)))")
                .symbols(), Vector.of(f));
    }

    private static String result(Module.Function f) {
        return Runs.outcome(Runs.run(module(f), 1_000_000));
    }

    private static Vector<String> successors(Module.Function f, String label) {
        Cfg cfg = Cfg.of(f);
        int b = cfg.blockOf(label).get();
        return Vector.ofAll(cfg.successors(b).stream().boxed()).map(s -> cfg.block(s).label());
    }

    private static Vector<String> predecessors(Module.Function f, String label) {
        Cfg cfg = Cfg.of(f);
        int b = cfg.blockOf(label).get();
        return Vector.ofAll(cfg.predecessors(b).stream().boxed()).map(s -> cfg.block(s).label());
    }

    /** Seed 004 Figure 3.1: B3 → B1 and B4 → B1 are back edges of two loops sharing the header B1. */
    private static final String FIGURE_3_1 = """
            (PROLOGUE (0 0) (REG I32 "n%"))
            (SET I32 (REG I32 "s%") (INTCONST I32 0))
            (JUMP (LABEL I64 "B1"))
            (DEFLABEL "B1")
            (JUMPC (TSTGTS I32 (REG I32 "n%") (INTCONST I32 0)) (LABEL I64 "B2") (LABEL I64 "_merge1"))
            (DEFLABEL "B2")
            (SET I32 (REG I32 "n%") (SUB I32 (REG I32 "n%") (INTCONST I32 1)))
            (JUMPC (TSTEQ I32 (BAND I32 (REG I32 "n%") (INTCONST I32 1)) (INTCONST I32 0)) (LABEL I64 "B3") (LABEL I64 "B4"))
            (DEFLABEL "B3")
            (SET I32 (REG I32 "s%") (ADD I32 (REG I32 "s%") (INTCONST I32 3)))
            (JUMP (LABEL I64 "B1"))
            (DEFLABEL "B4")
            (SET I32 (REG I32 "s%") (ADD I32 (REG I32 "s%") (INTCONST I32 5)))
            (JUMP (LABEL I64 "B1"))
            (DEFLABEL "_merge1")
            (EPILOGUE (0 0) (REG I32 "s%"))
            """;

    @Test
    void figure31LoopsSharingAHeaderBecomeOneLoopThroughANewBlock() {
        Module.Function f = function(FIGURE_3_1);
        Module.Function merged = MergeSharedHeaders.apply(f);
        // "_merge1" is taken by the exit block, so the new block is the next fresh name.
        assertThat(successors(merged, "B3")).containsExactly("_merge2");
        assertThat(successors(merged, "B4")).containsExactly("_merge2");
        assertThat(successors(merged, "_merge2")).containsExactly("B1");
        assertThat(predecessors(merged, "B1")).containsExactlyInAnyOrder(".B0", "_merge2");
        assertThat(result(merged)).isEqualTo(result(f)).contains("returned");
        assertThat(MergeSharedHeaders.apply(merged)).isSameAs(merged);
    }

    @Test
    void aHeaderEnteredFromTwoBlocksGetsOnePreheader() {
        Module.Function f = function("""
                (PROLOGUE (0 0) (REG I32 "n%"))
                (SET I32 (REG I32 "s%") (INTCONST I32 0))
                (JUMPC (TSTGTS I32 (REG I32 "n%") (INTCONST I32 5)) (LABEL I64 "A") (LABEL I64 "H"))
                (DEFLABEL "A")
                (SET I32 (REG I32 "s%") (INTCONST I32 100))
                (DEFLABEL "H")
                (SET I32 (REG I32 "s%") (ADD I32 (REG I32 "s%") (REG I32 "n%")))
                (SET I32 (REG I32 "n%") (SUB I32 (REG I32 "n%") (INTCONST I32 1)))
                (JUMPC (TSTGTS I32 (REG I32 "n%") (INTCONST I32 0)) (LABEL I64 "H") (LABEL I64 "X"))
                (DEFLABEL "X")
                (EPILOGUE (0 0) (REG I32 "s%"))
                """);
        Module.Function pre = Preheaders.apply(f);
        assertThat(predecessors(pre, "H")).containsExactlyInAnyOrder("_pre1", "H");
        assertThat(predecessors(pre, "_pre1")).containsExactlyInAnyOrder(".B0", "A");
        assertThat(successors(pre, "_pre1")).containsExactly("H");
        CorpusPassesTest.assertPreheaders(pre);
        assertThat(result(pre)).isEqualTo(result(f));
        assertThat(Preheaders.apply(pre)).isSameAs(pre);
    }

    @Test
    void aHeaderEnteredFromABranchGetsAPreheaderAndAnEntryHeaderLosesItsPrologue() {
        Module.Function f = function("""
                (DEFLABEL "TOP")
                (PROLOGUE (0 0) (REG I32 "n%"))
                (SET I32 (REG I32 "s%") (INTCONST I32 1))
                (JUMPC (TSTGTS I32 (REG I32 "n%") (INTCONST I32 0)) (LABEL I64 "H") (LABEL I64 "X"))
                (DEFLABEL "H")
                (SET I32 (REG I32 "s%") (MUL I32 (REG I32 "s%") (INTCONST I32 3)))
                (SET I32 (REG I32 "n%") (SUB I32 (REG I32 "n%") (INTCONST I32 1)))
                (JUMPC (TSTGTS I32 (REG I32 "n%") (INTCONST I32 0)) (LABEL I64 "H") (LABEL I64 "X"))
                (DEFLABEL "X")
                (JUMPC (TSTEQ I32 (REG I32 "s%") (INTCONST I32 1)) (LABEL I64 "TOP") (LABEL I64 "END"))
                (DEFLABEL "END")
                (EPILOGUE (0 0) (REG I32 "s%"))
                """);
        Module.Function pre = Preheaders.apply(f);
        CorpusPassesTest.assertPreheaders(pre);
        assertThat(pre.body().head().toString()).startsWith("Prologue");
        assertThat(predecessors(pre, "H")).hasSize(2).contains("H");
        assertThat(result(pre)).isEqualTo(result(f));
    }

    /** Seed 004 Figures 3.3–3.6: the while loop L1 (i < 10), L2 (j < 30), L3 (body). */
    private static final String FIGURE_3_3 = """
            (PROLOGUE (0 0))
            (SET I32 (REG I32 "i%") (INTCONST I32 0))
            (SET I32 (REG I32 "j%") (INTCONST I32 0))
            (SET I32 (REG I32 "sum%") (INTCONST I32 0))
            (SET I32 (REG I32 "x%") (INTCONST I32 0))
            (SET I32 (REG I32 "y%") (INTCONST I32 0))
            (JUMP (LABEL I64 "L1"))
            (DEFLABEL "L1")
            (SET I32 (REG I32 "i%") (ADD I32 (REG I32 "i%") (INTCONST I32 1)))
            (SET I32 (REG I32 "j%") (ADD I32 (ADD I32 (REG I32 "i%") (REG I32 "j%")) (INTCONST I32 1)))
            (JUMPC (TSTLTS I32 (REG I32 "i%") (INTCONST I32 10)) (LABEL I64 "L2") (LABEL I64 "L4"))
            (DEFLABEL "L2")
            (JUMPC (TSTLTS I32 (REG I32 "j%") (INTCONST I32 30)) (LABEL I64 "L3") (LABEL I64 "L4"))
            (DEFLABEL "L3")
            (SET I32 (REG I32 "sum%") (ADD I32 (REG I32 "i%") (REG I32 "j%")))
            (SET I32 (REG I32 "x%") (MUL I32 (INTCONST I32 10) (INTCONST I32 20)))
            (SET I32 (REG I32 "y%") (ADD I32 (INTCONST I32 10) (INTCONST I32 20)))
            (JUMP (LABEL I64 "L1"))
            (DEFLABEL "L4")
            (SET I32 (REG I32 "i%") (ADD I32 (REG I32 "i%") (REG I32 "x%")))
            (SET I32 (REG I32 "j%") (ADD I32 (REG I32 "j%") (REG I32 "y%")))
            (EPILOGUE (0 0) (ADD I32 (MUL I32 (REG I32 "i%") (INTCONST I32 1000)) (REG I32 "j%")))
            """;

    @Test
    void figure33WhileLoopIsRotatedTwiceIntoADoWhileLoop() {
        Module.Function f = function(FIGURE_3_3);
        assertThat(LoopRotation.rotatableHeaders(f)).containsExactly("L1");
        Module.Function rotated = LoopRotation.apply(f);
        // Figure 3.6: L1 → L2 → L3 enter; L3 → L1' → L2' → L3 is the loop; its header L3 is no exit.
        assertThat(successors(rotated, "L1")).containsExactly("L2", "L4");
        assertThat(successors(rotated, "L2")).containsExactly("L3", "L4");
        assertThat(successors(rotated, "L3")).containsExactly("_rot1");
        assertThat(successors(rotated, "_rot1")).containsExactly("_rot2", "L4");
        assertThat(successors(rotated, "_rot2")).containsExactly("L3", "L4");
        NaturalLoops loops = NaturalLoops.of(Cfg.of(rotated));
        assertThat(loops.isHeader(Cfg.of(rotated).blockOf("L3").get())).isTrue();
        assertThat(loops.isHeader(Cfg.of(rotated).blockOf("L1").get())).isFalse();
        assertThat(LoopRotation.rotatableHeaders(rotated)).isEmpty();
        assertThat(result(rotated)).isEqualTo(result(f)).contains("returned");
    }

    /** What the nested loops below compute: s = 3s + j for j < i, for i = 1 … 6. */
    private static final int NESTED_SUM = nestedSum();

    private static int nestedSum() {
        int s = 0;
        for (int i = 1; i <= 6; i++) {
            for (int j = 0; j < i; j++) {
                s = 3 * s + j;
            }
        }
        return s;
    }

    /**
     * Two nested while loops rotated in the same round. The inner header I exits straight to the outer header
     * O, so I is both on the inner chain and a latch of the outer loop: the outer rotation must retarget it,
     * and the copy of I must carry that retargeting.
     */
    @Test
    void nestedLoopsRotateTogetherAndTheInnerCopyKeepsTheOuterRetargeting() {
        Module.Function f = function("""
                (PROLOGUE (0 0))
                (SET I32 (REG I32 "n%") (INTCONST I32 6))
                (SET I32 (REG I32 "i%") (INTCONST I32 0))
                (SET I32 (REG I32 "s%") (INTCONST I32 0))
                (JUMP (LABEL I64 "O"))
                (DEFLABEL "O")
                (JUMPC (TSTLTS I32 (REG I32 "i%") (REG I32 "n%")) (LABEL I64 "OB") (LABEL I64 "X"))
                (DEFLABEL "OB")
                (SET I32 (REG I32 "i%") (ADD I32 (REG I32 "i%") (INTCONST I32 1)))
                (SET I32 (REG I32 "j%") (INTCONST I32 0))
                (JUMP (LABEL I64 "I"))
                (DEFLABEL "I")
                (JUMPC (TSTLTS I32 (REG I32 "j%") (REG I32 "i%")) (LABEL I64 "IB") (LABEL I64 "O"))
                (DEFLABEL "IB")
                (SET I32 (REG I32 "s%") (ADD I32 (MUL I32 (REG I32 "s%") (INTCONST I32 3)) (REG I32 "j%")))
                (SET I32 (REG I32 "j%") (ADD I32 (REG I32 "j%") (INTCONST I32 1)))
                (JUMP (LABEL I64 "I"))
                (DEFLABEL "X")
                (EPILOGUE (0 0) (REG I32 "s%"))
                """);
        assertThat(LoopRotation.rotatableHeaders(f)).containsExactly("O", "I");
        Module.Function rotated = LoopRotation.apply(f);
        // _rot1 is O's copy on the outer back edge, _rot2 is I's copy on the inner one
        assertThat(successors(rotated, "I")).containsExactly("IB", "_rot1");
        assertThat(successors(rotated, "IB")).containsExactly("_rot2");
        assertThat(successors(rotated, "_rot2")).containsExactly("IB", "_rot1");
        assertThat(successors(rotated, "_rot1")).containsExactly("OB", "X");
        assertThat(predecessors(rotated, "O")).hasSize(1);
        assertThat(LoopRotation.rotatableHeaders(rotated)).isEmpty();
        assertThat(result(rotated)).isEqualTo(result(f)).contains("bits=" + NESTED_SUM + ",");
    }

    @Test
    void loopsWhoseEveryBlockExitsAndSelfLoopsAreNotRotated() {
        Module.Function f = function("""
                (PROLOGUE (0 0) (REG I32 "n%"))
                (JUMP (LABEL I64 "A"))
                (DEFLABEL "A")
                (SET I32 (REG I32 "n%") (SUB I32 (REG I32 "n%") (INTCONST I32 1)))
                (JUMPC (TSTGTS I32 (REG I32 "n%") (INTCONST I32 3)) (LABEL I64 "B") (LABEL I64 "X"))
                (DEFLABEL "B")
                (JUMPC (TSTGTS I32 (REG I32 "n%") (INTCONST I32 7)) (LABEL I64 "A") (LABEL I64 "S"))
                (DEFLABEL "S")
                (SET I32 (REG I32 "n%") (SUB I32 (REG I32 "n%") (INTCONST I32 1)))
                (JUMPC (TSTGTS I32 (REG I32 "n%") (INTCONST I32 0)) (LABEL I64 "S") (LABEL I64 "X"))
                (DEFLABEL "X")
                (EPILOGUE (0 0) (REG I32 "n%"))
                """);
        assertThat(LoopRotation.rotatableHeaders(f)).isEmpty();
        assertThat(LoopRotation.apply(f)).isSameAs(f);
    }

    @Test
    void irreducibleLoopsAreLeftAlone() {
        Module.Function f = function("""
                (PROLOGUE (0 0) (REG I32 "n%"))
                (JUMPC (TSTGTS I32 (REG I32 "n%") (INTCONST I32 5)) (LABEL I64 "A") (LABEL I64 "B"))
                (DEFLABEL "A")
                (SET I32 (REG I32 "n%") (SUB I32 (REG I32 "n%") (INTCONST I32 1)))
                (JUMPC (TSTGTS I32 (REG I32 "n%") (INTCONST I32 0)) (LABEL I64 "B") (LABEL I64 "X"))
                (DEFLABEL "B")
                (SET I32 (REG I32 "n%") (SUB I32 (REG I32 "n%") (INTCONST I32 2)))
                (JUMPC (TSTGTS I32 (REG I32 "n%") (INTCONST I32 0)) (LABEL I64 "A") (LABEL I64 "X"))
                (DEFLABEL "X")
                (EPILOGUE (0 0) (REG I32 "n%"))
                """);
        assertThat(MergeSharedHeaders.apply(f)).isSameAs(f);
        assertThat(Preheaders.apply(f)).isSameAs(f);
        assertThat(LoopRotation.apply(f)).isSameAs(f);
    }
}
