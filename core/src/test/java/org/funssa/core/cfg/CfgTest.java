package org.funssa.core.cfg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vavr.collection.Vector;
import java.nio.file.Path;
import org.funssa.core.corpus.TestCorpus;
import org.funssa.core.graph.CriticalEdges;
import org.funssa.core.graph.Edge;
import org.funssa.core.graph.LoopNestingForest;
import org.funssa.core.graph.PostDominators;
import org.funssa.core.lir.LExp;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.LirType;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Stmt;
import org.junit.jupiter.api.Test;

class CfgTest {

    private static Module.Function function(String body) {
        String text = "(MODULE \"t.c\" (SYMTAB) (FUNCTION \"f\" (SYMTAB)\n" + body + "))";
        return LirReader.read("t.lir", text).function("f").get();
    }

    /** A Cfg of the body read from text, with positions for error messages. */
    private static Cfg read(String body) {
        String text = "(MODULE \"t.c\" (SYMTAB) (FUNCTION \"f\" (SYMTAB)\n" + body + "))";
        LirReader.Parsed parsed = LirReader.readWithPositions("t.lir", text);
        return Cfg.of(parsed.module().function("f").get(), parsed.positions());
    }

    /** The successors of every block, as label lists, in block order. */
    private static Vector<String> edges(Cfg cfg) {
        return cfg.blocks().zipWithIndex().map(t -> t._1.label() + " -> "
                + Vector.ofAll(cfg.successors(t._2).stream().boxed()).map(s -> cfg.block(s).label()).mkString(" "));
    }

    private static Cfg corpusCfg(String file, String function) {
        Path path = TestCorpus.require().root().resolve("coins").resolve(file);
        return Cfg.of(LirReader.read(path).function(function).get());
    }

    @Test
    void frontEndLirFallsThroughIntoTheNextBlock() {
        Cfg cfg = corpusCfg("TestSsa/fib.fe.lir", "main");
        assertThat(edges(cfg)).containsExactly(
                ".B0 -> _lab1", "_lab1 -> _lab8", "_lab8 -> _lab5 _lab6", "_lab5 -> _lab7", "_lab6 -> _lab4",
                "_lab7 -> _llab1 _lab4", "_llab1 -> _lab8", "_lab4 -> _epilogue", "_epilogue -> ");
        assertThat(cfg.entry()).isZero();
        assertThat(cfg.block(0).synthetic()).isTrue();
        assertThat(cfg.block(1).statements()).hasSize(3).allMatch(s -> !s.endsBlock());
        assertThat(cfg.blockOf("_lab7")).contains(5);
        assertThat(cfg.blockOf(".B0")).contains(0);
    }

    @Test
    void statementsAddedInsideBlocksGiveTheGraphReadingTheirFunctionGives() {
        Cfg cfg = corpusCfg("TestSsa/fib.fe.lir", "main");
        Stmt line = new Stmt.Line(7);
        Cfg lined = cfg.withStatements(cfg.function().symbols(), b -> {
            Vector<Stmt> old = cfg.block(b).statements();
            return b == cfg.entry() ? old.insert(1, line) : old.prepend(line);
        });
        Cfg read = Cfg.of(lined.function());
        assertThat(edges(lined)).isEqualTo(edges(read)).isEqualTo(edges(cfg));
        assertThat(lined.blocks()).isEqualTo(read.blocks());
        assertThat(lined.function().body().count(s -> s == line)).isEqualTo(cfg.size());
        assertThat(lined.blockOf("_lab7")).contains(5);
    }

    @Test
    void statementsThatWouldDivideABlockOrDropItsJumpAreRejected() {
        Cfg cfg = corpusCfg("TestSsa/fib.fe.lir", "main");
        int lab8 = cfg.blockOf("_lab8").get();
        Stmt jump = cfg.block(lab8).statements().last();
        assertThatThrownBy(() -> cfg.withStatements(cfg.function().symbols(),
                b -> b == 1 ? cfg.block(b).statements().prepend(jump) : cfg.block(b).statements()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("block \"_lab1\"");
        assertThatThrownBy(() -> cfg.withStatements(cfg.function().symbols(),
                b -> b == lab8 ? cfg.block(b).statements().init() : cfg.block(b).statements()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("block \"_lab8\"");
        Stmt line = new Stmt.Line(1);
        assertThatThrownBy(() -> cfg.withStatements(cfg.function().symbols(),
                b -> b == cfg.entry() ? cfg.block(b).statements().prepend(line) : cfg.block(b).statements()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("block \".B0\"");
    }

    @Test
    void standardFormLirHasExplicitJumpsAndItsLoopAndLiveRegisters() {
        Cfg cfg = corpusCfg("TestSsa/fib.before.lir", "main");
        assertThat(edges(cfg)).containsExactly(
                ".B0 -> .L2", ".L2 -> .L3", ".L3 -> .L4 .L5", ".L4 -> .L6", ".L5 -> .L8", ".L6 -> .L7 .L8",
                ".L7 -> .L3", ".L8 -> .L9", ".L9 -> ");
        LoopNestingForest loops = LoopNestingForest.of(cfg);
        assertThat(loops.loopCount()).isEqualTo(1);
        assertThat(cfg.block(loops.header(0)).label()).isEqualTo(".L3");
        assertThat(loops.body(0).sorted().stream().mapToObj(b -> cfg.block(b).label()))
                .containsExactly(".L3", ".L4", ".L6", ".L7");
        RegisterLiveness live = RegisterLiveness.of(cfg);
        int l3 = cfg.blockOf(".L3").get();
        int l8 = cfg.blockOf(".L8").get();
        assertThat(live.names(live.liveIn(l3))).containsExactlyInAnyOrder("n.1%", "fib.2%", "i.3%");
        assertThat(live.names(live.liveIn(l8))).containsExactlyInAnyOrder("n.1%", "fib.2%");
        assertThat(live.names(live.liveOut(l8))).containsExactly("returnvalue.4%");
        assertThat(live.names(live.defs(l8))).containsExactlyInAnyOrder("functionvalue.5%", "returnvalue.4%");
        assertThat(live.liveIn(0).isEmpty()).isTrue();
        assertThat(live.liveIn(cfg.blockOf(".L2").get()).isEmpty()).isTrue();
    }

    @Test
    void successorsFollowTheJumpOrderAndKeepRepeatedTargets() {
        Cfg cfg = Cfg.of(function("""
                (PROLOGUE (0 0))
                (JUMPN (REG I32 "x") (((INTCONST I32 1) (LABEL I64 "c")) ((INTCONST I32 2) (LABEL I64 "b"))
                                      ((INTCONST I32 3) (LABEL I64 "c"))) (LABEL I64 "a"))
                (DEFLABEL "a")
                (JUMPC (TSTEQ I32 (REG I32 "x") (INTCONST I32 0)) (LABEL I64 "b") (LABEL I64 "b"))
                (DEFLABEL "b")
                (JUMP (LABEL I64 "c"))
                (DEFLABEL "c")
                (EPILOGUE (0 0))"""));
        assertThat(edges(cfg)).containsExactly(".B0 -> c b c a", "a -> b b", "b -> c", "c -> ");
        assertThat(cfg.predecessors(1).size()).isEqualTo(1);
        assertThat(cfg.predecessors(2).size()).isEqualTo(3);
        // Both edges of the JUMPC to b are critical (b has three in-edges), and the JUMPN's edges to b and c.
        assertThat(CriticalEdges.of(cfg)).containsExactly(
                new Edge(0, 0, 3), new Edge(0, 1, 2), new Edge(0, 2, 3), new Edge(1, 0, 2), new Edge(1, 1, 2));
    }

    @Test
    void statementsAfterAJumpStartAnUnlabelledBlockWhoseNameAvoidsRealLabels() {
        Cfg cfg = Cfg.of(function("""
                (PROLOGUE (0 0))
                (JUMP (LABEL I64 ".B1"))
                (SET I32 (REG I32 "dead") (INTCONST I32 1))
                (DEFLABEL ".B1")
                (DEFLABEL "empty")
                (EPILOGUE (0 0))"""));
        assertThat(edges(cfg)).containsExactly(".B0 -> .B1", ".B1' -> .B1", ".B1 -> empty", "empty -> ");
        assertThat(cfg.block(1).synthetic()).isTrue();
        assertThat(cfg.block(2).statements()).isEmpty();
        assertThat(PostDominators.of(cfg).hasVirtualExit()).isFalse();
    }

    @Test
    void theEntryIsTheBlockStartingWithPrologueWherePrologueIs() {
        Cfg cfg = Cfg.of(function("""
                (DEFLABEL "loop")
                (JUMP (LABEL I64 "loop"))
                (DEFLABEL "start")
                (PROLOGUE (0 0))
                (JUMP (LABEL I64 "loop"))"""));
        assertThat(cfg.entry()).isEqualTo(1);
        assertThat(cfg.blockOf("start")).contains(1);
        PostDominators post = PostDominators.of(cfg);
        assertThat(post.hasVirtualExit()).isTrue(); // seed 004 §2.2.4: no exit, so entry → virtual exit
        assertThat(post.ipdom(1)).isEqualTo(2);
    }

    @Test
    void badBodiesAreRejectedNamingTheFunctionThePlaceAndTheProblem() {
        assertThatThrownBy(() -> read("""
                (PROLOGUE (0 0))
                (JUMP (LABEL I64 "nowhere"))"""))
                .isInstanceOf(CfgException.class)
                .hasMessage("t.lir:3:1: function \"f\": jump to undefined label \"nowhere\" in block \".B0\"");
        assertThatThrownBy(() -> read("""
                (PROLOGUE (0 0))
                (DEFLABEL "a")
                (DEFLABEL "a")
                (EPILOGUE (0 0))"""))
                .hasMessage("t.lir:4:1: function \"f\": label \"a\" is defined twice");
        assertThatThrownBy(() -> read("(DEFLABEL \"a\") (EPILOGUE (0 0))"))
                .hasMessageContaining("function \"f\": no PROLOGUE");
        assertThatThrownBy(() -> read("(LINE 1) (PROLOGUE (0 0)) (EPILOGUE (0 0))"))
                .hasMessage("t.lir:2:10: function \"f\": PROLOGUE must begin its block \".B0\", but follows a statement");
        assertThatThrownBy(() -> read("(PROLOGUE (0 0)) (DEFLABEL \"a\") (LINE 3)"))
                .hasMessage("t.lir:2:33: function \"f\": the last block \"a\" falls off the end of the body without JUMP or EPILOGUE");
        assertThatThrownBy(() -> read("(PROLOGUE (0 0)) (PROLOGUE (0 0)) (EPILOGUE (0 0))"))
                .hasMessageContaining("more than one PROLOGUE");
    }

    @Test
    void aGraphMadeFromBlocksIsTheGraphOfTheBodyTheyMake() {
        Cfg cfg = Cfg.of(function("""
                (PROLOGUE (0 0))
                (JUMPC (TSTEQ I32 (REG I32 "x") (INTCONST I32 0)) (LABEL I64 ".B0") (LABEL I64 "b"))
                (DEFLABEL ".B0")
                (SET I32 (REG I32 "x") (INTCONST I32 1))
                (JUMP (LABEL I64 "b"))
                (DEFLABEL "b")
                (EPILOGUE (0 0))"""));
        Cfg made = cfg.withBlocks(cfg.blocks());

        assertThat(edges(made)).isEqualTo(edges(cfg)).containsExactly(".B0' -> .B0 b", ".B0 -> b", "b -> ");
        assertThat(made.blocks()).isEqualTo(cfg.blocks());
        assertThat(made.function()).isEqualTo(cfg.function());
        assertThat(made.blockOf(".B0")).contains(1);
        assertThat(made.blockOf(".B0'")).contains(0);
        // a block made synthetic after the first gets its DEFLABEL, as the body has it
        Vector<Cfg.Block> blocks = cfg.blocks().update(2, new Cfg.Block("b", true, cfg.block(2).statements()));
        assertThat(cfg.withBlocks(blocks).block(2).synthetic()).isFalse();
    }

    @Test
    void blocksThatWouldNotMakeTheirGraphAreRejected() {
        Cfg cfg = Cfg.of(function("""
                (PROLOGUE (0 0))
                (JUMP (LABEL I64 "b"))
                (DEFLABEL "b")
                (EPILOGUE (0 0))"""));
        Cfg.Block entry = cfg.block(0);
        Cfg.Block b = cfg.block(1);
        Stmt line = new Stmt.Line(3);
        Cfg.Block longer = new Cfg.Block("b", false, b.statements().append(line));
        assertThatThrownBy(() -> cfg.withBlocks(Vector.of(entry, longer)))
                .isInstanceOf(CfgException.class).hasMessageContaining("block \"b\" does not end in a jump");
        assertThatThrownBy(() -> cfg.withBlocks(Vector.of(entry, b, b)))
                .isInstanceOf(CfgException.class).hasMessageContaining("label \"b\" is given twice");
        assertThatThrownBy(() -> cfg.withBlocks(Vector.of(entry)))
                .isInstanceOf(CfgException.class).hasMessageContaining("jump to undefined label \"b\"");
        Cfg.Block lined = new Cfg.Block(".B0", true, entry.statements().prepend(line));
        assertThatThrownBy(() -> cfg.withBlocks(Vector.of(lined, b)))
                .isInstanceOf(CfgException.class).hasMessageContaining("PROLOGUE must begin");
        // the entry kept as it is, and its PROLOGUE copied into a block that changed
        Cfg.Block again = new Cfg.Block("b", false, b.statements().prepend(entry.statements().head()));
        assertThatThrownBy(() -> cfg.withBlocks(Vector.of(entry, again)))
                .isInstanceOf(CfgException.class).hasMessageContaining("more than one PROLOGUE");
    }

    @Test
    void aGraphMadeFromBlocksLinksTheBlocksItKeepsToWhereTheirTargetsAreNow() {
        Cfg cfg = Cfg.of(function("""
                (PROLOGUE (0 0))
                (JUMPC (TSTEQ I32 (REG I32 "x") (INTCONST I32 0)) (LABEL I64 "a") (LABEL I64 "b"))
                (DEFLABEL "a")
                (SET I32 (REG I32 "x") (INTCONST I32 1))
                (JUMP (LABEL I64 "b"))
                (DEFLABEL "b")
                (JUMP (LABEL I64 "c"))
                (DEFLABEL "c")
                (EPILOGUE (0 0))"""));
        // the blocks kept in another order, a new block among them, and "b" changed to jump to it
        Cfg.Block added = new Cfg.Block("n", false, Vector.of(new Stmt.Jump(new LExp.Label(LirType.I64, "a"))));
        Cfg.Block changed = new Cfg.Block("b", false, Vector.of(new Stmt.Jump(new LExp.Label(LirType.I64, "n"))));
        Cfg made = cfg.withBlocks(Vector.of(cfg.block(0), added, cfg.block(3), changed, cfg.block(1)));
        Cfg read = Cfg.of(made.function());

        assertThat(edges(made)).isEqualTo(edges(read))
                .containsExactly(".B0 -> a b", "n -> a", "c -> ", "b -> n", "a -> b");
        for (int b = 0; b < read.size(); b++) {
            assertThat(made.successors(b)).isEqualTo(read.successors(b));
            assertThat(made.predecessors(b)).isEqualTo(read.predecessors(b));
        }
    }
}
