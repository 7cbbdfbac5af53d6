package org.funssa.core.cfg;

import io.vavr.collection.Vector;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;
import io.vavr.control.Option;
import org.funssa.core.graph.DiGraph;
import org.funssa.core.graph.Graph;
import org.funssa.core.graph.IntList;
import org.funssa.core.graph.IntSeq;
import org.funssa.core.lir.LExp;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Positions;
import org.funssa.core.lir.Stmt;
import org.funssa.core.lir.Symbol;
import org.funssa.core.names.NameSet;

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
    /**
     * The labels, numbered as they were met (each once: a second DEFLABEL is an error), and the block of each
     * by that number; built once here and never changed. A name table rather than a HashMap of boxed numbers:
     * no node and no Integer per label. What the lookups still cost is mostly reading the label strings
     * themselves, which no table avoids.
     */
    private final NameSet labels;
    private final int[] blockOfLabel;
    private final DiGraph graph;
    private final Positions positions;

    private Cfg(Module.Function function, Vector<Block> blocks, NameSet labels, int[] blockOfLabel,
                DiGraph graph, Positions positions) {
        this.function = function;
        this.blocks = blocks;
        this.labels = labels;
        this.blockOfLabel = blockOfLabel;
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
        Vector<Stmt> body = function.body();
        // Transient builders, confined to this call: blocks as ranges [start, end) of the body.
        List<String> labels = new ArrayList<>();
        IntList starts = new IntList();
        IntList ends = new IntList();
        NameSet byLabel = new NameSet();
        IntList blockOfLabel = new IntList();
        int start = 0;
        String currentLabel = null;
        boolean open = false; // whether the current block has begun (has a label or a statement)
        int index = 0;
        // the PROLOGUEs, found on the way: the first one's block and place in it, and a second one's statement
        int entry = -1;
        int entryOffset = 0;
        Stmt prologue = null;
        Stmt secondPrologue = null;
        for (Stmt stmt : body) {
            if (stmt instanceof Stmt.DefLabel(String label)) {
                if (byLabel.contains(label)) {
                    throw new CfgException(name, positions.of(stmt), "label \"" + label + "\" is defined twice");
                }
                if (open) {
                    labels.add(currentLabel);
                    starts.add(start);
                    ends.add(index);
                }
                byLabel.add(label);
                blockOfLabel.add(labels.size());
                start = index + 1;
                currentLabel = label;
                open = true;
            } else {
                open = true;
                if (stmt instanceof Stmt.Prologue) {
                    if (prologue == null) {
                        prologue = stmt;
                        entry = labels.size();
                        entryOffset = index - start;
                    } else if (secondPrologue == null) {
                        secondPrologue = stmt;
                    }
                }
                if (stmt.endsBlock()) {
                    labels.add(currentLabel);
                    starts.add(start);
                    ends.add(index + 1);
                    start = index + 1;
                    currentLabel = null;
                    open = false;
                }
            }
            index++;
        }
        if (open) {
            labels.add(currentLabel);
            starts.add(start);
            ends.add(index);
        }
        if (labels.isEmpty()) {
            throw new CfgException(name, positions.of(function), "the body is empty; it must start with PROLOGUE");
        }

        List<Block> built = new ArrayList<>(labels.size());
        // each block's statements copied out of one array: slicing the body's trie copies a path of nodes per block
        Stmt[] all = body.toJavaArray(Stmt[]::new);
        for (int b = 0; b < labels.size(); b++) {
            Vector<Stmt> statements = Vector.of(Arrays.copyOfRange(all, starts.get(b), ends.get(b)));
            if (labels.get(b) != null) {
                built.add(new Block(labels.get(b), false, statements));
            } else {
                String synthesized = ".B" + b;
                while (byLabel.contains(synthesized)) {
                    synthesized = synthesized + "'";
                }
                byLabel.add(synthesized);
                blockOfLabel.add(b);
                built.add(new Block(synthesized, true, statements));
            }
        }
        Vector<Block> blocks = Vector.ofAll(built);

        checkEntry(function, positions, blocks, entry, entryOffset, prologue, secondPrologue);
        DiGraph.Builder builder = DiGraph.builder(blocks.size()).entry(entry)
                .labels(blocks.map(Block::label));
        for (int b = 0; b < blocks.size(); b++) {
            for (String target : targets(function, positions, blocks, b)) {
                int label = byLabel.numberOrMinus(target);
                if (label < 0) {
                    throw new CfgException(name, positions.of(blocks.get(b).statements().last()),
                            "jump to undefined label \"" + target + "\" in block \"" + blocks.get(b).label() + "\"");
                }
                builder.edge(b, blockOfLabel.get(label));
            }
        }
        return new Cfg(function, blocks, byLabel, blockOfLabel.toArray(), builder.build(), positions);
    }

    /**
     * The graph of the function with these symbols whose blocks hold {@code statements.apply(b)} instead: statements
     * added inside blocks (no label, jump or PROLOGUE among them) change no block and no edge, so the blocks,
     * labels and edges are this graph's and nothing is split or linked again. Each block must keep its last
     * statement when that ends it, and the entry block its first.
     *
     * @throws IllegalArgumentException naming the block whose new statements would split it or change its edges
     */
    public Cfg withStatements(Vector<Symbol> symbols, IntFunction<Vector<Stmt>> statements) {
        List<Block> rewritten = new ArrayList<>(blocks.size());
        List<Stmt> body = new ArrayList<>(function.body().size());
        for (int b = 0; b < blocks.size(); b++) {
            Block old = blocks.get(b);
            Vector<Stmt> now = statements.apply(b);
            checkSameEdges(old, now, b == entry());
            if (!old.synthetic()) {
                body.add(new Stmt.DefLabel(old.label()));
            }
            now.forEach(body::add);
            rewritten.add(new Block(old.label(), old.synthetic(), now));
        }
        Module.Function changed = new Module.Function(function.name(), symbols, Vector.ofAll(body));
        return new Cfg(changed, Vector.ofAll(rewritten), labels, blockOfLabel, graph, positions);
    }

    /** Checks that a block's new statements end and begin it as its old ones did, and divide it nowhere else. */
    private void checkSameEdges(Block old, Vector<Stmt> now, boolean isEntry) {
        Option<Stmt> terminator = old.terminator();
        boolean ends = terminator.isDefined() && !now.isEmpty() && now.last() == terminator.get();
        boolean begins = !isEntry || !now.isEmpty() && now.head() == old.statements().head();
        int inside = 0;
        for (Stmt stmt : now) {
            inside++;
            boolean last = inside == now.size();
            if (stmt instanceof Stmt.DefLabel || stmt instanceof Stmt.Prologue && !(isEntry && inside == 1)
                    || stmt.endsBlock() && !(last && ends)) {
                throw new IllegalArgumentException("function " + function.name() + ": the new statements of block \""
                        + old.label() + "\" would divide it or change its edges");
            }
        }
        if (terminator.isDefined() != ends || !begins) {
            throw new IllegalArgumentException("function " + function.name() + ": the new statements of block \""
                    + old.label() + "\" do not keep its first and last statements");
        }
    }

    /** Checks that exactly one PROLOGUE begins a block: the entry. */
    private static void checkEntry(Module.Function function, Positions positions, Vector<Block> blocks, int entry,
                                   int offset, Stmt prologue, Stmt secondPrologue) {
        String name = function.name();
        if (prologue == null) {
            throw new CfgException(name, positions.of(function), "no PROLOGUE, so no entry block");
        }
        if (offset > 0) {
            throw new CfgException(name, positions.of(prologue), "PROLOGUE must begin its block \""
                    + blocks.get(entry).label() + "\", but follows " + (offset == 1 ? "a statement" : offset + " statements"));
        }
        if (secondPrologue != null) {
            throw new CfgException(name, positions.of(secondPrologue), "more than one PROLOGUE");
        }
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
        int number = labels.numberOrMinus(label);
        return number < 0 ? Option.none() : Option.some(blockOfLabel[number]);
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
