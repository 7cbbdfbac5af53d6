package org.funssa.cps.prep;

import io.vavr.collection.Vector;
import java.util.ArrayList;
import java.util.List;
import org.funssa.core.cfg.Cfg;
import org.funssa.core.lir.LExp;
import org.funssa.core.lir.LirType;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Stmt;

/*
 * The basic blocks of seed 004 §2.2.1 with every edge made explicit: a block that falls through into
 * the next one (front-end LIR does) gets a JUMP, so that passes which add blocks and redirect edges
 * (chapter 3) may place blocks anywhere. Block ids are those of the function's Cfg.
 */

/** A function as an ordered list of blocks, each ending in an explicit jump or EPILOGUE. */
record BlockList(Module.Function function, Vector<BlockList.Block> blocks) {

    /** The type of code addresses on x86_64 (LIR.md). */
    static final LirType LABEL_TYPE = LirType.I64;

    /**
     * A block: its label, whether the label is synthetic (the block had no DEFLABEL), the statements
     * before its terminator, and the terminator.
     */
    record Block(String label, boolean synthetic, Vector<Stmt> code, Stmt terminator) {

        /** A new block that only jumps to {@code target}. */
        static Block jumpTo(String label, String target) {
            return new Block(label, false, Vector.empty(), new Stmt.Jump(new LExp.Label(LABEL_TYPE, target)));
        }

        /** This block with every edge to {@code from} going to {@code to} instead. */
        Block retarget(String from, String to) {
            return new Block(label, synthetic, code, Terminators.retarget(terminator, from, to));
        }

        /** A copy under another label (seed 004 §3.1.2: "copy the header block"). */
        Block copyAs(String newLabel) {
            return new Block(newLabel, false, code, terminator);
        }
    }

    /** The blocks of the function's graph, fall-throughs turned into jumps. */
    static BlockList of(Cfg cfg) {
        Vector<Block> blocks = Vector.empty();
        for (int id = 0; id < cfg.size(); id++) {
            int b = id;
            Cfg.Block block = cfg.block(b);
            Vector<Stmt> statements = block.statements();
            blocks = blocks.append(block.terminator()
                    .map(t -> new Block(block.label(), block.synthetic(), statements.init(), t))
                    .getOrElse(() -> new Block(block.label(), block.synthetic(), statements,
                            new Stmt.Jump(new LExp.Label(LABEL_TYPE, cfg.block(cfg.successors(b).get(0)).label())))));
        }
        return new BlockList(cfg.function(), blocks);
    }

    /**
     * The list with {@code added.get(i)} placed right before the block at index {@code before.get(i)}
     * ({@code blocks().size()} for the end); blocks added before the same index keep their order.
     */
    BlockList insertBefore(Vector<Integer> before, Vector<Block> added) {
        List<List<Block>> extra = new ArrayList<>();
        for (int i = 0; i <= blocks.size(); i++) {
            extra.add(new ArrayList<>());
        }
        for (int i = 0; i < added.size(); i++) {
            extra.get(before.get(i)).add(added.get(i));
        }
        Vector<Block> out = Vector.empty();
        for (int i = 0; i <= blocks.size(); i++) {
            out = out.appendAll(extra.get(i));
            if (i < blocks.size()) {
                out = out.append(blocks.get(i));
            }
        }
        return new BlockList(function, out);
    }

    /**
     * The function with this list as its body. The first block keeps its lack of a label when it has
     * a synthetic one (it begins with PROLOGUE, and nothing jumps to it); every other block gets its
     * DEFLABEL.
     */
    Module.Function toFunction() {
        Vector<Stmt> body = Vector.empty();
        for (int i = 0; i < blocks.size(); i++) {
            Block block = blocks.get(i);
            if (i > 0 || !block.synthetic()) {
                body = body.append(new Stmt.DefLabel(block.label()));
            }
            body = body.appendAll(block.code()).append(block.terminator());
        }
        return new Module.Function(function.name(), function.symbols(), body);
    }
}
