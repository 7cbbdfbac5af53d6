package org.funssa.destruct.lir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vavr.collection.Vector;
import org.funssa.core.interp.LirInterpreter;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.core.lir.LirPrinter;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Stmt;
import org.funssa.core.lir.Symbol;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;
import org.funssa.cps.text.IrParser;
import org.funssa.destruct.Examples;
import org.funssa.destruct.naive.Naive;
import org.junit.jupiter.api.Test;

class LirWriterTest {

    private final Program writer = IrParser.parse("writer.ir", Examples.resource("writer.ir"));

    @Test
    void replaceByExpressionKeepsLoadsBeforeStoresAndReadsBeforeAssignments() {
        Module m = LirWriter.write(writer);
        RunResult r = LirInterpreter.run(m, RunOptions.defaults());
        // hazards: t = 5 is loaded before the store of 9, v = 3 + 1 before a = 10; the test k < 10 holds.
        // trap(1) prints 1 and returns 8; trap(0) divides by zero before it prints anything.
        assertThat(r.stdout()).isEqualTo("6\n8\n1\n1\n8\n");
        assertThat(r).isInstanceOf(RunResult.Failed.class);
    }

    @Test
    void blockLocalTemporariesUsedOnceBecomeTrees() {
        String text = LirPrinter.print(LirWriter.write(writer));
        assertThat(text).contains("(JUMPC (TSTLTS I32 (MEM I32 (STATIC I64 \"cell\")) (INTCONST I32 10))");
        assertThat(text).contains("(SET I32 (REG I32 \"t\") (MEM I32 (STATIC I64 \"cell\")))");
        assertThat(text).doesNotContain("\"k\"").doesNotContain("\"c\"");
    }

    /** Seed 004 §6.9, Figures 6.28–6.30: x ← a + b * c − d, in IR as the seed's divided form. */
    private static final String FIGURE_6_30 = """
            (MODULE "divex" (SYMTAB ("f" STATIC UNKNOWN 4 ".text" XDEF)))

            fun f(a: i32, b: i32, c: i32, d: i32, m: mem) -> (i32, mem) =
              let tmp1 = mul.i32 b c
              let tmp2 = add.i32 a tmp1
              let tmp3 = sub.i32 tmp2 d
              return (tmp3, m)
            """;

    @Test
    void threeAddressFormWritesSeedFigure630AndTreesWriteFigure628() {
        Program p = IrParser.parse("divex.ir", FIGURE_6_30);
        Vector<String> divided = sets(LirWriter.write(p, LirWriter.Form.THREE_ADDRESS));
        assertThat(divided).containsExactly(
                "(SET I32 (REG I32 \"tmp1\") (MUL I32 (REG I32 \"b\") (REG I32 \"c\")))",
                "(SET I32 (REG I32 \"tmp2\") (ADD I32 (REG I32 \"a\") (REG I32 \"tmp1\")))",
                "(SET I32 (REG I32 \"tmp3\") (SUB I32 (REG I32 \"tmp2\") (REG I32 \"d\")))",
                "(SET I32 (REG I32 \"returnvalue.1%\") (REG I32 \"tmp3\"))");
        assertThat(sets(LirWriter.write(p))).containsExactly("(SET I32 (REG I32 \"returnvalue.1%\") (SUB I32 (ADD I32"
                + " (REG I32 \"a\") (MUL I32 (REG I32 \"b\") (REG I32 \"c\"))) (REG I32 \"d\")))");
    }

    /**
     * x is used twice in one statement, the field address in three blocks, y on both sides of a store to the
     * memory it was loaded from; f returns in two places, g in one.
     */
    private static final String REMATERIALIZED = """
            (MODULE "remat"
              (SYMTAB ("f" STATIC UNKNOWN 4 ".text" XDEF) ("g" STATIC UNKNOWN 4 ".text" XDEF)
                ("main" STATIC UNKNOWN 4 ".text" XDEF) ("s" STATIC A64 4 ".data" LDEF))
              (DATA "s" (I32 5 7)))

            fun f(n: i32, m0: mem) -> (i32, mem) =
              let field = add.i64 @s 4:i64
              let x = load.i32 m0 field
              let twice = add.i32 x x
              let m1 = store.i32 m0 @s twice
              let y = load.i32 m1 @s
              let m2 = store.i32 m1 field y
              let z = add.i32 y 1
              let c = tstlts.i32 n 0
              letrec neg() =
                let m3 = store.i32 m2 field z
                return (z, m3)
              and pos() =
                return (n, m2)
              in if c then neg() else pos()

            fun g(m0: mem) -> (i32, mem) =
              return (42, m0)

            fun main(m0: mem) -> (i32, mem) =
              let a, m1 = call.i32 @f(-1) m0
              let b, m2 = call.i32 @g() m1
              let r = add.i32 a b
              return (r, m2)
            """;

    @Test
    void valuesUsedTwiceInTheirBlockAndConstantAddressesAreRecomputedInTheTree() {
        Module m = LirWriter.write(IrParser.parse("remat.ir", REMATERIALIZED));
        String field = "(ADD I64 (STATIC I64 \"s\") (INTCONST I64 4))";
        assertThat(sets(m.functions().head())).containsExactly(
                "(SET I32 (MEM I32 (STATIC I64 \"s\")) (ADD I32 (MEM I32 " + field + ") (MEM I32 " + field + ")))",
                "(SET I32 (REG I32 \"y\") (MEM I32 (STATIC I64 \"s\")))",
                "(SET I32 (MEM I32 " + field + ") (REG I32 \"y\"))",
                "(SET I32 (REG I32 \"z\") (ADD I32 (REG I32 \"y\") (INTCONST I32 1)))",
                "(SET I32 (MEM I32 " + field + ") (REG I32 \"z\"))",
                "(SET I32 (REG I32 \"returnvalue.1%\") (REG I32 \"z\"))",
                "(SET I32 (REG I32 \"returnvalue.1%\") (REG I32 \"n\"))");
        Module.Function g = m.functions().get(1);
        assertThat(sets(g)).isEmpty();
        assertThat(g.body().last()).isEqualTo(new Stmt.Epilogue(0, 0, Vector.of(
                org.funssa.core.lir.LExp.IntConst.of(org.funssa.core.lir.LirType.I32, 42))));
        assertThat(g.symbols()).isEmpty();
        // s[1] = 7, s[0] = 7 + 7, s[1] = 14, then 15 in neg(); g returns 42
        assertThat(LirInterpreter.run(m, RunOptions.defaults())).isInstanceOfSatisfying(RunResult.Returned.class,
                r -> assertThat(r.exitStatus()).isEqualTo(57));
    }

    /**
     * What a COINS back end reads back (issue 35 §4): a module that lists machine registers, a block labelled in
     * COINS's own form, a label {@code _L3} already taken, and a structure parameter declared in the frame.
     */
    private static final String FOR_COINS = """
            (MODULE "coins"
              (SYMTAB ("f" STATIC UNKNOWN 4 ".text" XDEF) ("%rax" REG I64 8 0) ("%xmm0" REG F64 8 0)))

            fun f(s: a64, n: i32, m: mem) -> (a64, mem)
              (SYMTAB
                ("s" FRAME A64 4 0 &syminfo "f_s" "coins.c" 1 0)) =
              let c = tstlts.i32 n 0
              letrec ".L3"() =
                return (s, m)
              and _L3() =
                jump ".L3"()
              in if c then ".L3"() else _L3()
            """;

    @Test
    void theLirWrittenKeepsNoUnusedMachineRegisterNoCoinsLabelAndTheFrameSymbolsAlignment() {
        Module m = LirWriter.write(IrParser.parse("coins.ir", FOR_COINS));
        assertThat(m.symbols().map(Symbol::name)).containsExactly("f");
        Module.Function f = m.functions().head();
        String text = LirPrinter.print(m);
        assertThat(text).doesNotContain("\".L3\"").contains("(DEFLABEL \"_L3\")").contains("(DEFLABEL \"_L3_");
        // the parameter's slot, as the PROLOGUE names it, beside the declaration "s" it comes from
        String param = ((org.funssa.core.lir.LExp.Frame) ((org.funssa.core.lir.LExp.Mem) ((Stmt.Prologue) f.body()
                .head()).params().head()).address()).name();
        assertThat(param).isNotEqualTo("s");
        Symbol.Frame slot = (Symbol.Frame) f.symbols().find(sym -> sym.name().equals(param)).get();
        assertThat(slot.align()).isEqualTo(4);
        assertThat(LirPrinter.print(slot)).contains("&syminfo \"f_s\" \"coins.c\" 1 0");
    }

    /** The {@code SET}s of a module's one function, as LIR text. */
    private static Vector<String> sets(Module m) {
        return sets(m.functions().head());
    }

    /** A function's {@code SET}s, as LIR text. */
    private static Vector<String> sets(Module.Function f) {
        return f.body().filter(s -> s instanceof Stmt.Set).map(s -> LirPrinter.print(s).trim());
    }

    @Test
    void symbolTablesDeclareTheRegistersUsedAndDropTheOthers() {
        Program p = Examples.program("seed004-ch5.ir");
        Function lost = p.function("lost").get();
        Symbol.Reg stale = new Symbol.Reg("gone%", org.funssa.core.lir.LirType.I32, 4, 0, Vector.empty());
        Symbol.Frame slot = new Symbol.Frame("a.1", org.funssa.core.lir.LirType.I32, 4, 0, Vector.empty());
        Function withSymbols = lost.withSymbols(Vector.of(stale, slot));
        Program q = new Program(p.name(), p.symbols(), p.data(), p.functions().map(f -> f == lost ? withSymbols : f));
        Module.Function written = LirWriter.write(new Naive().apply(q)).functions().find(f -> f.name().equals("lost")).get();
        Vector<String> names = written.symbols().map(Symbol::name);
        assertThat(names).contains("a.1", "n", "x1", "x2").doesNotContain("gone%", "x0", "c");
        assertThat(written.body().head()).isInstanceOf(Stmt.Prologue.class);
        assertThat(written.body().last()).isInstanceOf(Stmt.Epilogue.class);
        assertThat(written.body().count(s -> s instanceof Stmt.Epilogue)).isEqualTo(1);
    }

    @Test
    void aProgramNotInConventionalFormIsRejectedWithTheJumpNamed() {
        assertThatThrownBy(() -> LirWriter.write(Examples.program("seed004-ch5.ir")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("function lost")
                .hasMessageContaining("jump to block2 passes (x0) but its parameters are (x1)");
    }

    @Test
    void aHundredThousandNestedBlocksAreDestructedCoalescedAndWrittenWithoutRecursion() {
        int depth = 100_000;
        Program p = Examples.nestedChain(depth);
        for (org.funssa.destruct.Destruction method : Vector.of(new Naive(),
                new org.funssa.destruct.coalesce.Chaitin(new Naive()))) {
            Module m = LirWriter.write(method.apply(p));
            RunResult r = LirInterpreter.run(m, RunOptions.defaults());
            assertThat(r).as(method.name()).isInstanceOfSatisfying(RunResult.Returned.class,
                    ret -> assertThat(ret.exitStatus()).isEqualTo(depth & 0xff));
        }
    }
}
