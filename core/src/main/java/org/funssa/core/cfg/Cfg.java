package org.funssa.core.cfg;

import io.vavr.Lazy;
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
import org.funssa.core.lir.SourcePos;
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
            if (statements.isEmpty()) {
                return Option.none();
            }
            Stmt last = statements.last();
            return last.endsBlock() ? Option.some(last) : Option.none();
        }
    }

    private final String name;
    private final Vector<Symbol> symbols;
    /**
     * The function: the one read, or for a graph made from blocks ({@link #withBlocks}, {@link #withStatements}) its
     * body assembled from the blocks when first asked for, since the passes that make one graph from another never
     * read the body in between.
     */
    private final Lazy<Module.Function> function;
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

    private Cfg(String name, Vector<Symbol> symbols, Lazy<Module.Function> function, Vector<Block> blocks,
                NameSet labels, int[] blockOfLabel, DiGraph graph, Positions positions) {
        this.name = name;
        this.symbols = symbols;
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
        // the statements copied out into one array on the way, for the blocks to copy theirs from: slicing the
        // body's trie copies a path of nodes per block
        Stmt[] all = new Stmt[body.size()];
        for (Stmt stmt : body) {
            all[index] = stmt;
            if (stmt instanceof Stmt.DefLabel(String label)) {
                if (!byLabel.add(label)) {
                    throw new CfgException(name, positions.of(stmt), "label \"" + label + "\" is defined twice");
                }
                if (open) {
                    labels.add(currentLabel);
                    starts.add(start);
                    ends.add(index);
                }
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
        for (int b = 0; b < labels.size(); b++) {
            Vector<Stmt> statements = Vector.of(Arrays.copyOfRange(all, starts.get(b), ends.get(b)));
            if (labels.get(b) != null) {
                built.add(new Block(labels.get(b), false, statements));
            } else {
                String synthesized = synthesizedLabel(b, byLabel);
                byLabel.add(synthesized);
                blockOfLabel.add(b);
                built.add(new Block(synthesized, true, statements));
            }
        }
        Vector<Block> blocks = Vector.ofAll(built);

        checkEntry(name, positions.of(function), positions, blocks, entry, entryOffset, prologue, secondPrologue);
        int[] blockOf = blockOfLabel.toArray();
        return new Cfg(name, function.symbols(), Lazy.of(() -> function), blocks, byLabel, blockOf,
                edges(name, positions, blocks, entry, byLabel, blockOf), positions);
    }

    /**
     * The graph {@link #of(Module.Function)} gives on this function with its body replaced by the blocks'
     * statements in order, each block after a DEFLABEL of its label but a synthetic first block (which {@code of}
     * labels {@code .B0}, primed as often as other labels need): that graph, made without writing the body out
     * and splitting it again, for passes that add blocks and redirect edges. The blocks after the first are
     * labelled (not synthetic), and each must end in a jump or EPILOGUE, since a block that falls through would
     * fall into a block the body places anywhere. A block that is one of this graph's, under the same label with
     * the very same statement vector, is not looked through again; so the work is in the blocks and labels and
     * the blocks changed, not in the statements kept. The body is assembled only when {@link #function()} is first
     * asked for.
     *
     * @throws CfgException for a block without jump or EPILOGUE at its end or with one (or a DEFLABEL) before, a
     *                      label given twice, a jump to an undefined label, or a missing or misplaced
     *                      {@code PROLOGUE}
     */
    public Cfg withBlocks(Vector<Block> blocks) {
        if (blocks.isEmpty()) {
            throw new CfgException(name, Option.none(), "no blocks; the first must start with PROLOGUE");
        }
        NameSet byLabel = new NameSet(blocks.size());
        int[] blockOf = new int[blocks.size()];
        // carrier[b]: the block of this graph with block b's label, or -1; kept[b]: that block when block b is it (the
        // very same statement vector too), or -1
        int[] carrier = new int[blocks.size()];
        int[] kept = new int[blocks.size()];
        List<Block> labelled = new ArrayList<>(blocks.size());
        int entry = -1;
        int entryOffset = 0;
        Stmt prologue = null;
        Stmt secondPrologue = null;
        for (int b = 0; b < blocks.size(); b++) {
            Block block = blocks.get(b);
            if (b > 0 && !byLabel.add(block.label())) {
                throw new CfgException(name, Option.none(), "label \"" + block.label() + "\" is given twice");
            }
            carrier[b] = carrierOf(block.label());
            kept[b] = carrier[b] >= 0 && blocks().get(carrier[b]).statements() == block.statements() ? carrier[b] : -1;
            int offset = kept[b] == entry() ? 0 : kept[b] >= 0 ? -1 : prologueOffset(block);
            if (offset >= 0 && prologue == null) {
                prologue = block.statements().get(offset);
                entry = b;
                entryOffset = offset;
            } else if (offset >= 0 && secondPrologue == null) {
                secondPrologue = block.statements().get(offset);
            }
            labelled.add(b > 0 && block.synthetic() ? new Block(block.label(), false, block.statements()) : block);
        }
        Block first = blocks.head();
        String firstLabel = first.synthetic() ? synthesizedLabel(0, byLabel) : first.label();
        if (!byLabel.add(firstLabel)) {
            throw new CfgException(name, Option.none(), "label \"" + firstLabel + "\" is given twice");
        }
        labelled.set(0, new Block(firstLabel, first.synthetic(), first.statements()));
        carrier[0] = carrierOf(firstLabel);
        Vector<Block> built = Vector.ofAll(labelled);
        Positions none = Positions.none();
        checkEntry(name, Option.none(), none, built, entry, entryOffset, prologue, secondPrologue);
        // numbered in block order, the first block's label last: block b's label is number b - 1, the first's n - 1
        for (int number = 0; number < blockOf.length; number++) {
            blockOf[number] = (number + 1) % blockOf.length;
        }
        return new Cfg(name, symbols, Lazy.of(() -> assemble(name, symbols, built)), built, byLabel, blockOf,
                edgesKeeping(carrier, kept, built, entry, byLabel, blockOf), none);
    }

    /** The block of this graph carrying the label, or -1. */
    private int carrierOf(String label) {
        int number = labels.numberOrMinus(label);
        return number < 0 ? -1 : blockOfLabel[number];
    }

    /**
     * The edges of blocks given to {@link #withBlocks}: a block of this graph that ends in a jump or EPILOGUE has the
     * same jump, so its edges are its edges here, each to the block that now carries the label of its target here
     * (all found by one lookup per block, not per edge); the other blocks are linked by their labels.
     */
    private DiGraph edgesKeeping(int[] carrier, int[] kept, Vector<Block> built, int entry, NameSet byLabel,
                                 int[] blockOf) {
        // now[old]: the block of the new graph that carries the label of this graph's block old, or -1
        int[] now = new int[size()];
        Arrays.fill(now, -1);
        for (int b = 0; b < built.size(); b++) {
            if (carrier[b] >= 0) {
                now[carrier[b]] = b;
            }
        }
        DiGraph.Builder builder = DiGraph.builder(built.size()).entry(entry).labels(built.map(Block::label));
        Linker linker = new Linker(name, Positions.none(), builder, byLabel, blockOf);
        for (int b = 0; b < built.size(); b++) {
            if (kept[b] >= 0 && blocks.get(kept[b]).terminator().isDefined() && allCarried(successors(kept[b]), now)) {
                IntSeq targets = successors(kept[b]);
                for (int i = 0; i < targets.size(); i++) {
                    builder.edge(b, now[targets.get(i)]);
                }
            } else {
                linker.linkAll(built, b);
            }
        }
        return builder.build();
    }

    /** Whether every block has a block of the new graph carrying its label. */
    private static boolean allCarried(IntSeq blocks, int[] now) {
        for (int i = 0; i < blocks.size(); i++) {
            if (now[blocks.get(i)] < 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Where the block's PROLOGUE is (-1 when it has none), once checked that only its last statement ends it and
     * it has no DEFLABEL.
     */
    private int prologueOffset(Block block) {
        Vector<Stmt> statements = block.statements();
        if (statements.isEmpty()) {
            throw new CfgException(name, Option.none(), "block \"" + block.label() + "\" is empty, so it falls "
                    + "through");
        }
        int offset = -1;
        int index = 0;
        for (Stmt stmt : statements) {
            if (stmt instanceof Stmt.DefLabel || stmt.endsBlock() != (index == statements.size() - 1)) {
                throw new CfgException(name, Option.none(), "block \"" + block.label() + "\" does not end in a jump "
                        + "or EPILOGUE, or has a DEFLABEL, jump or EPILOGUE before its end");
            }
            if (stmt instanceof Stmt.Prologue && offset < 0) {
                offset = index;
            }
            index++;
        }
        return offset;
    }

    /** The function whose body is the blocks' statements, each after a DEFLABEL but a synthetic first block. */
    private static Module.Function assemble(String name, Vector<Symbol> symbols, Vector<Block> blocks) {
        List<Stmt> body = new ArrayList<>();
        for (Block block : blocks) {
            if (!block.synthetic()) {
                body.add(new Stmt.DefLabel(block.label()));
            }
            block.statements().forEach(body::add);
        }
        return new Module.Function(name, symbols, Vector.ofAll(body));
    }

    /** The label {@link #of} gives an unlabelled block: {@code .B} and its number, primed past the labels taken. */
    private static String synthesizedLabel(int block, NameSet taken) {
        String synthesized = ".B" + block;
        while (taken.contains(synthesized)) {
            synthesized = synthesized + "'";
        }
        return synthesized;
    }

    /** The edges of the blocks, in successor order, by the label numbers and the block of each number. */
    private static DiGraph edges(String name, Positions positions, Vector<Block> blocks, int entry, NameSet byLabel,
                                 int[] blockOfLabel) {
        DiGraph.Builder builder = DiGraph.builder(blocks.size()).entry(entry)
                .labels(blocks.map(Block::label));
        Linker linker = new Linker(name, positions, builder, byLabel, blockOfLabel);
        for (int b = 0; b < blocks.size(); b++) {
            linker.linkAll(blocks, b);
        }
        return builder.build();
    }

    /** Adds the edges of jumps, finding each target's block by its label. */
    private record Linker(String name, Positions positions, DiGraph.Builder builder, NameSet byLabel,
                          int[] blockOfLabel) {

        /** Adds the edges out of block b: those of its jump, or the one into the next block when it falls through. */
        void linkAll(Vector<Block> blocks, int b) {
            Block block = blocks.get(b);
            Vector<Stmt> statements = block.statements();
            if (statements.isEmpty() || !statements.last().endsBlock()) {
                if (b + 1 >= blocks.size()) {
                    throw new CfgException(name, statements.lastOption().flatMap(positions::of), "the last block \""
                            + block.label() + "\" falls off the end of the body without JUMP or EPILOGUE");
                }
                builder.edge(b, b + 1);
                return;
            }
            switch (statements.last()) {
                case Stmt.Jump j -> link(block, b, j.target());
                case Stmt.JumpC j -> {
                    link(block, b, j.ifTrue());
                    link(block, b, j.ifFalse());
                }
                case Stmt.JumpN j -> {
                    for (Stmt.Case c : j.cases()) {
                        link(block, b, c.target());
                    }
                    link(block, b, j.otherwise());
                }
                default -> { } // EPILOGUE
            }
        }

        void link(Block block, int from, LExp.Label target) {
            int label = byLabel.numberOrMinus(target.name());
            if (label < 0) {
                throw new CfgException(name, positions.of(block.statements().last()), "jump to undefined label \""
                        + target.name() + "\" in block \"" + block.label() + "\"");
            }
            builder.edge(from, blockOfLabel[label]);
        }
    }

    /**
     * The graph of the function with these symbols whose blocks hold {@code statements.apply(b)} instead: statements
     * added inside blocks (no label, jump or PROLOGUE among them) change no block and no edge, so the blocks,
     * labels and edges are this graph's and nothing is split or linked again. Each block must keep its last
     * statement when that ends it, and the entry block its first.
     *
     * A block whose statements come back the very same vector is kept as it is; the function's body is assembled
     * only when {@link #function()} is first asked for.
     *
     * @throws IllegalArgumentException naming the block whose new statements would split it or change its edges
     */
    public Cfg withStatements(Vector<Symbol> symbols, IntFunction<Vector<Stmt>> statements) {
        List<Block> rewritten = new ArrayList<>(blocks.size());
        for (int b = 0; b < blocks.size(); b++) {
            Block old = blocks.get(b);
            Vector<Stmt> now = statements.apply(b);
            if (now == old.statements()) {
                rewritten.add(old);
            } else {
                checkSameEdges(old, now, b == entry());
                rewritten.add(new Block(old.label(), old.synthetic(), now));
            }
        }
        Vector<Block> changed = Vector.ofAll(rewritten);
        return new Cfg(name, symbols, Lazy.of(() -> assemble(name, symbols, changed)), changed, labels, blockOfLabel,
                graph, positions);
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
                throw new IllegalArgumentException("function " + name + ": the new statements of block \""
                        + old.label() + "\" would divide it or change its edges");
            }
        }
        if (terminator.isDefined() != ends || !begins) {
            throw new IllegalArgumentException("function " + name + ": the new statements of block \""
                    + old.label() + "\" do not keep its first and last statements");
        }
    }

    /** Checks that exactly one PROLOGUE begins a block: the entry. */
    private static void checkEntry(String name, Option<SourcePos> where, Positions positions, Vector<Block> blocks,
                                   int entry, int offset, Stmt prologue, Stmt secondPrologue) {
        if (prologue == null) {
            throw new CfgException(name, where, "no PROLOGUE, so no entry block");
        }
        if (offset > 0) {
            throw new CfgException(name, positions.of(prologue), "PROLOGUE must begin its block \""
                    + blocks.get(entry).label() + "\", but follows " + (offset == 1 ? "a statement" : offset + " statements"));
        }
        if (secondPrologue != null) {
            throw new CfgException(name, positions.of(secondPrologue), "more than one PROLOGUE");
        }
    }

    /** The function this is the graph of. */
    public Module.Function function() {
        return function.get();
    }

    /** The function's name, which {@code function().name()} gives too, without assembling a body. */
    public String name() {
        return name;
    }

    /** The function's symbols, which {@code function().symbols()} gives too, without assembling a body. */
    public Vector<Symbol> symbols() {
        return symbols;
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
        return "Cfg(" + name + ": " + graph + ")";
    }
}
