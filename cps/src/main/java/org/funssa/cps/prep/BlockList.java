package org.funssa.cps.prep;

import io.vavr.collection.Vector;
import java.util.ArrayList;
import java.util.List;
import org.funssa.core.cfg.Cfg;
import org.funssa.core.lir.LExp;
import org.funssa.core.lir.LirType;
import org.funssa.core.lir.Stmt;

/*
 * The basic blocks of seed 004 §2.2.1 with every edge made explicit: a block that falls through into
 * the next one (front-end LIR does) gets a JUMP, so that passes which add blocks and redirect edges
 * (chapter 3) may place blocks anywhere. Block ids are those of the function's Cfg. A block keeps the
 * graph's statement vector itself unless a pass changes it, and the list becomes a graph again by its
 * blocks (Cfg.withBlocks), without the function's body being written out and split.
 */

/** A function's graph as an ordered list of blocks, each ending in an explicit jump or EPILOGUE. */
record BlockList(Cfg graph, Vector<BlockList.Block> blocks) {

    /** The type of code addresses on x86_64 (LIR.md). */
    static final LirType LABEL_TYPE = LirType.I64;

    /**
     * A block: its label, whether the label is synthetic (the block had no DEFLABEL), and its statements, the
     * last of which is its terminator (a jump or EPILOGUE).
     */
    record Block(String label, boolean synthetic, Vector<Stmt> statements) {

        /** A new block that only jumps to {@code target}. */
        static Block jumpTo(String label, String target) {
            return new Block(label, false, Vector.of(jump(target)));
        }

        /** The statements before the terminator. */
        Vector<Stmt> code() {
            return statements.init();
        }

        /** This block with every edge to {@code from} going to {@code to} instead. */
        Block retarget(String from, String to) {
            int last = statements.size() - 1;
            return new Block(label, synthetic,
                    statements.update(last, Terminators.retarget(statements.get(last), from, to)));
        }

        /** A copy under another label (seed 004 §3.1.2: "copy the header block"). */
        Block copyAs(String newLabel) {
            return new Block(newLabel, false, statements);
        }
    }

    /** A JUMP to the label. */
    static Stmt jump(String target) {
        return new Stmt.Jump(new LExp.Label(LABEL_TYPE, target));
    }

    /** The blocks of the graph, fall-throughs turned into jumps. */
    static BlockList of(Cfg cfg) {
        List<Block> blocks = new ArrayList<>(cfg.size());
        for (int b = 0; b < cfg.size(); b++) {
            Cfg.Block block = cfg.block(b);
            Vector<Stmt> statements = block.statements();
            blocks.add(new Block(block.label(), block.synthetic(), block.terminator().isDefined() ? statements
                    : statements.append(jump(cfg.block(cfg.successors(b).get(0)).label()))));
        }
        return new BlockList(cfg, Vector.ofAll(blocks));
    }

    /**
     * The list with {@code added.get(i)} placed right before the block at index {@code before.get(i)}
     * ({@code blocks().size()} for the end); blocks added before the same index keep their order.
     */
    BlockList insertBefore(Vector<Integer> before, Vector<Block> added) {
        Block[] out = new Block[blocks.size() + added.size()];
        int[] at = indicesOfInserted(before);
        for (int i = 0; i < at.length; i++) {
            out[at[i]] = added.get(i);
        }
        int next = 0;
        for (Block block : blocks) {
            while (out[next] != null) {
                next++;
            }
            out[next++] = block;
        }
        return new BlockList(graph, Vector.of(out));
    }

    /**
     * Where each block of this list is in {@code insertBefore(before, added)}: its index plus the number of blocks
     * added before it or before a block ahead of it.
     */
    int[] indicesAfterInserting(Vector<Integer> before) {
        int[] at = new int[blocks.size() + 1];
        for (int position : before) {
            at[position]++;
        }
        int[] moved = new int[blocks.size()];
        int shift = 0;
        for (int b = 0; b < blocks.size(); b++) {
            shift += at[b];
            moved[b] = b + shift;
        }
        return moved;
    }

    /**
     * Where each added block is in {@code insertBefore(before, added)}: {@code before.get(i)} blocks of this list are
     * ahead of block i, and so are the blocks added before a smaller index and those added before the same index
     * earlier in {@code added}.
     */
    int[] indicesOfInserted(Vector<Integer> before) {
        int[] ahead = new int[blocks.size() + 2];
        for (int position : before) {
            ahead[position + 1]++;
        }
        for (int i = 1; i < ahead.length; i++) {
            ahead[i] += ahead[i - 1];
        }
        int[] at = new int[before.size()];
        int i = 0;
        for (int position : before) {
            at[i++] = position + ahead[position]++;
        }
        return at;
    }

    /**
     * The graph of the function whose body is this list: the first block keeps its lack of a label when it has a
     * synthetic one (it begins with PROLOGUE, and nothing jumps to it); every other block has its DEFLABEL.
     */
    Cfg toCfg() {
        return graph.withBlocks(blocks.map(b -> new Cfg.Block(b.label(), b.synthetic(), b.statements())));
    }
}
