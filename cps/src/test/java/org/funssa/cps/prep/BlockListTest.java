package org.funssa.cps.prep;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import org.funssa.core.cfg.Cfg;
import org.funssa.core.lir.LirReader;
import org.junit.jupiter.api.Test;

/** Inserting blocks into a block list, and where the inserted and the old blocks end up. */
class BlockListTest {

    private static final Cfg GRAPH = Cfg.of(LirReader.read("t.lir", """
            (MODULE "t"
              (SYMTAB ("main" STATIC UNKNOWN 4 ".text" XDEF))
              (FUNCTION "main" (SYMTAB ("n%" REG I32 4 0))
                (PROLOGUE (0 0) (REG I32 "n%"))
                (DEFLABEL "A")
                (JUMP (LABEL I64 "B"))
                (DEFLABEL "B")
                (EPILOGUE (0 0) (REG I32 "n%"))))""").functions().head());

    @Test
    void insertedBlocksGoBeforeTheirIndexInOrderAndTheIndicesSaySo() {
        BlockList list = BlockList.of(GRAPH);
        assertThat(list.blocks().map(BlockList.Block::label)).containsExactly(".B0", "A", "B");
        Vector<Integer> before = Vector.of(3, 1, 0, 1, 3);
        Vector<BlockList.Block> added = Vector.of("x", "y", "z", "w", "v").map(l -> BlockList.Block.jumpTo(l, "B"));

        BlockList inserted = list.insertBefore(before, added);

        assertThat(inserted.blocks().map(BlockList.Block::label))
                .containsExactly("z", ".B0", "y", "w", "A", "B", "x", "v");
        int[] at = list.indicesOfInserted(before);
        for (int i = 0; i < added.size(); i++) {
            assertThat(inserted.blocks().get(at[i])).isSameAs(added.get(i));
        }
        int[] moved = list.indicesAfterInserting(before);
        for (int b = 0; b < list.blocks().size(); b++) {
            assertThat(inserted.blocks().get(moved[b])).isSameAs(list.blocks().get(b));
        }
    }
}
