package org.funssa.core.cfg;

import io.vavr.collection.HashMap;
import io.vavr.collection.HashSet;
import io.vavr.collection.Map;
import io.vavr.collection.Vector;
import io.vavr.control.Option;
import org.funssa.core.graph.DiGraph;
import org.funssa.core.graph.Graph;
import org.funssa.core.graph.IntSeq;
import org.funssa.core.lir.LExp;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Positions;
import org.funssa.core.lir.Stmt;

/*
 * Basic blocks and the control-flow graph (seed 004 §2.2.1–2.2.2): a block begins at a DEFLABEL or
 * after a jump and ends with a jump (JUMP, JUMPC, JUMPN) or EPILOGUE, or just before the next
 * DEFLABEL, in which case control falls through into the next block (front-end LIR, *.fe.lir,
 * relies on that). Successor order follows the jump: JUMPC true then false, JUMPN its cases in
 * order then the default; repeated targets stay repeated (multi-edges).
 */

/**
 * The control-flow graph of one LIR function. Blocks are numbered in text order; block ids are the
 * graph's node ids. The entry is the block starting with {@code PROLOGUE}.
 */
public final class Cfg implements Graph {

    /**
     * A basic block: its label (from its {@code DEFLABEL}, or synthesized when {@code synthetic}),
     * and its statements without the {@code DEFLABEL}.
     */
    public record Block(String label, boolean synthetic, Vector<Stmt> statements) {

        /** The last statement when it is a jump or {@code EPILOGUE}. */
        public Option<Stmt> terminator() {
            return statements.lastOption().filter(Stmt::endsBlock);
        }
    }

    private final Module.Function function;
    private final Vector<Block> blocks;
    private final Map<String, Integer> byLabel;
    private final DiGraph graph;
    private final Positions positions;

    private Cfg(Module.Function function, Vector<Block> blocks, DiGraph graph, Positions positions) {
        this.function = function;
        this.blocks = blocks;
        this.byLabel = blocks.zipWithIndex().toMap(t -> t._1.label(), t -> t._2);
        this.graph = graph;
        this.positions = positions;
    }

    /**
     * Splits the function's body into blocks and links them.
     *
     * @throws CfgException for a jump to an undefined label, a label defined twice, a missing or
     *                      misplaced {@code PROLOGUE}, or a last block that falls off the end
     */
    public static Cfg of(Module.Function function) {
        return of(function, Positions.none());
    }

    /** As {@link #of(Module.Function)}, with errors naming the file, line and column of the statement at fault. */
    public static Cfg of(Module.Function function, Positions positions) {
        String name = function.name();
        Vector<Vector<Stmt>> parts = Vector.empty();
        Vector<Option<String>> labels = Vector.empty();
        Map<String, Stmt> definitions = HashMap.empty();
        Vector<Stmt> current = Vector.empty();
        Option<String> currentLabel = Option.none();
        boolean open = false; // whether the current block has begun (has a label or a statement)
        for (Stmt stmt : function.body()) {
            if (stmt instanceof Stmt.DefLabel(String label)) {
                if (definitions.containsKey(label)) {
                    throw new CfgException(name, positions.of(stmt), "label \"" + label + "\" is defined twice");
                }
                definitions = definitions.put(label, stmt);
                if (open) {
                    parts = parts.append(current);
                    labels = labels.append(currentLabel);
                }
                current = Vector.empty();
                currentLabel = Option.of(label);
                open = true;
                continue;
            }
            current = current.append(stmt);
            open = true;
            if (stmt.endsBlock()) {
                parts = parts.append(current);
                labels = labels.append(currentLabel);
                current = Vector.empty();
                currentLabel = Option.none();
                open = false;
            }
        }
        if (open) {
            parts = parts.append(current);
            labels = labels.append(currentLabel);
        }
        if (parts.isEmpty()) {
            throw new CfgException(name, positions.of(function), "the body is empty; it must start with PROLOGUE");
        }

        Map<String, Integer> byLabel = HashMap.empty();
        for (int b = 0; b < labels.size(); b++) {
            for (String label : labels.get(b)) {
                byLabel = byLabel.put(label, b);
            }
        }
        HashSet<String> taken = HashSet.ofAll(byLabel.keySet());
        Vector<Block> blocks = Vector.empty();
        for (int b = 0; b < parts.size(); b++) {
            if (labels.get(b).isDefined()) {
                blocks = blocks.append(new Block(labels.get(b).get(), false, parts.get(b)));
            } else {
                String synthesized = ".B" + b;
                while (taken.contains(synthesized)) {
                    synthesized = synthesized + "'";
                }
                taken = taken.add(synthesized);
                blocks = blocks.append(new Block(synthesized, true, parts.get(b)));
            }
        }

        int entry = entryBlock(function, positions, blocks);
        DiGraph.Builder builder = DiGraph.builder(blocks.size()).entry(entry)
                .labels(blocks.map(Block::label));
        for (int b = 0; b < blocks.size(); b++) {
            for (String target : targets(function, positions, blocks, b)) {
                Option<Integer> to = byLabel.get(target);
                if (to.isEmpty()) {
                    throw new CfgException(name, positions.of(blocks.get(b).statements().last()),
                            "jump to undefined label \"" + target + "\" in block \"" + blocks.get(b).label() + "\"");
                }
                builder.edge(b, to.get());
            }
        }
        return new Cfg(function, blocks, builder.build(), positions);
    }

    private static int entryBlock(Module.Function function, Positions positions, Vector<Block> blocks) {
        String name = function.name();
        int entry = -1;
        for (int b = 0; b < blocks.size(); b++) {
            Vector<Stmt> statements = blocks.get(b).statements();
            for (int i = 0; i < statements.size(); i++) {
                if (statements.get(i) instanceof Stmt.Prologue) {
                    if (entry >= 0) {
                        throw new CfgException(name, positions.of(statements.get(i)), "more than one PROLOGUE");
                    }
                    if (i > 0) {
                        throw new CfgException(name, positions.of(statements.get(i)), "PROLOGUE must begin its block \"" + blocks.get(b).label()
                                + "\", but follows " + (i == 1 ? "a statement" : i + " statements"));
                    }
                    entry = b;
                }
            }
        }
        if (entry < 0) {
            throw new CfgException(name, positions.of(function), "no PROLOGUE, so no entry block");
        }
        return entry;
    }

    /** The labels the block continues to, in successor order; a fall-through is the next block's label. */
    private static Vector<String> targets(Module.Function function, Positions positions, Vector<Block> blocks, int b) {
        Block block = blocks.get(b);
        return block.statements().lastOption().flatMap(Cfg::jumpTargets).getOrElse(() -> {
            if (b + 1 >= blocks.size()) {
                throw new CfgException(function.name(), block.statements().lastOption().flatMap(positions::of), "the last block \"" + block.label()
                        + "\" falls off the end of the body without JUMP or EPILOGUE");
            }
            return Vector.of(blocks.get(b + 1).label());
        });
    }

    /** Where a block's last statement goes: its jump targets, none for EPILOGUE, or nothing when it falls through. */
    private static Option<Vector<String>> jumpTargets(Stmt last) {
        return switch (last) {
            case Stmt.Jump(LExp.Label target) -> Option.of(Vector.of(target.name()));
            case Stmt.JumpC(LExp test, LExp.Label ifTrue, LExp.Label ifFalse) ->
                    Option.of(Vector.of(ifTrue.name(), ifFalse.name()));
            case Stmt.JumpN(LExp value, Vector<Stmt.Case> cases, LExp.Label otherwise) ->
                    Option.of(cases.map(c -> c.target().name()).append(otherwise.name()));
            case Stmt.Epilogue e -> Option.of(Vector.empty());
            default -> Option.none();
        };
    }

    /** The function this is the graph of. */
    public Module.Function function() {
        return function;
    }

    /** The blocks in text order. */
    public Vector<Block> blocks() {
        return blocks;
    }

    public Block block(int id) {
        return blocks.get(id);
    }

    /** The block carrying the label (a DEFLABEL's or a synthesized one), if any. */
    public Option<Integer> blockOf(String label) {
        return byLabel.get(label);
    }

    /** Where the function's statements were read, when it was read from text. */
    public Positions positions() {
        return positions;
    }

    /** The graph as a labelled {@link DiGraph}. */
    public DiGraph graph() {
        return graph;
    }

    @Override
    public int size() {
        return graph.size();
    }

    @Override
    public int entry() {
        return graph.entry();
    }

    @Override
    public IntSeq successors(int block) {
        return graph.successors(block);
    }

    @Override
    public IntSeq predecessors(int block) {
        return graph.predecessors(block);
    }

    @Override
    public String toString() {
        return "Cfg(" + function.name() + ": " + graph + ")";
    }
}
