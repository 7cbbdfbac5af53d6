package org.funssa.cps.construct;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import org.funssa.core.cfg.Cfg;
import org.funssa.core.lir.LirPrinter;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.funssa.cps.prep.LirNames;
import org.junit.jupiter.api.Test;

/** The memory token's markers: where they go, and that blocks without memory operations are left as they are. */
class MemoryRegisterTest {

    @Test
    void loadsStoresCallsAndTheEndsAreMarkedAndABlockWithoutMemoryIsKeptItself() {
        Module.Function f = LirReader.read("t.lir", """
                (MODULE "t" (SYMTAB ("g" STATIC I32 4 ".data" LDEF) ("h" STATIC UNKNOWN 4 ".text" XREF))
                  (DATA "g" (I32 7))
                  (FUNCTION "f" (SYMTAB ("x%" REG I32 4 0) ("mem" REG I32 4 0))
                    (PROLOGUE (0 0))
                    (SET I32 (REG I32 "x%") (INTCONST I32 1))
                    (JUMPC (TSTEQ I32 (MEM I32 (STATIC I64 "g")) (INTCONST I32 0)) (LABEL I64 "a") (LABEL I64 "b"))
                    (DEFLABEL "a")
                    (SET I32 (REG I32 "x%") (ADD I32 (REG I32 "x%") (INTCONST I32 2)))
                    (JUMP (LABEL I64 "b"))
                    (DEFLABEL "b")
                    (SET I32 (MEM I32 (STATIC I64 "g")) (REG I32 "x%"))
                    (CALL (STATIC I64 "h") () ())
                    (EPILOGUE (0 0) (REG I32 "x%"))))""").function("f").get();
        Cfg cfg = Cfg.of(f);
        MemoryRegister.Marked marked = MemoryRegister.mark(cfg, LirNames.supply(f));

        assertThat(marked.memory().name()).isEqualTo("mem'");
        Cfg after = marked.cfg();
        assertThat(after.block(1).statements()).isSameAs(cfg.block(1).statements());
        String use = "(USE (REG I64 \"mem'\"))";
        String clobber = "(CLOBBER (REG I64 \"mem'\"))";
        assertThat(after.block(0).statements().map(LirPrinter::print)).containsExactly("(PROLOGUE (0 0))", clobber,
                "(SET I32 (REG I32 \"x%\") (INTCONST I32 1))", use,
                LirPrinter.print(cfg.block(0).statements().last()));
        assertThat(after.block(2).statements().map(LirPrinter::print)).containsExactly(use,
                LirPrinter.print(cfg.block(2).statements().get(0)), clobber, use,
                "(CALL (STATIC I64 \"h\") () ())", clobber, use, "(EPILOGUE (0 0) (REG I32 \"x%\"))");
        assertThat(after.block(0).statements().filter(marked.memory()::isMarker)).hasSize(2);
        assertThat(after.symbols()).isEqualTo(after.function().symbols()).hasSize(f.symbols().size() + 1);
        assertThat(Cfg.of(after.function()).blocks()).isEqualTo(after.blocks());
        assertThat(after.function().body().size()).isEqualTo(f.body().size() + 7);
        assertThat(Vector.range(0, after.size()).map(b -> after.successors(b)))
                .isEqualTo(Vector.range(0, cfg.size()).map(b -> cfg.successors(b)));
    }

    @Test
    void statementsBeforeTheFirstMemoryOperationAreKeptAndEachStatementIsJudgedByItsOwnTrees() {
        Module.Function f = LirReader.read("t.lir", """
                (MODULE "t" (SYMTAB ("g" STATIC I32 4 ".data" LDEF))
                  (DATA "g" (I32 7))
                  (FUNCTION "f" (SYMTAB ("x%" REG I32 4 0) ("y%" REG I32 4 0))
                    (PROLOGUE (0 0))
                    (JUMP (LABEL I64 "a"))
                    (DEFLABEL "a")
                    (SET I32 (REG I32 "x%") (INTCONST I32 1))
                    (SET I32 (REG I32 "y%") (ADD I32 (REG I32 "x%") (INTCONST I32 2)))
                    (SET I32 (REG I32 "x%") (ADD I32 (MEM I32 (STATIC I64 "g")) (MEM I32 (STATIC I64 "g"))))
                    (SET I32 (REG I32 "y%") (SUB I32 (REG I32 "x%") (NEG I32 (INTCONST I32 3))))
                    (EPILOGUE (0 0) (REG I32 "x%"))))""").function("f").get();
        Cfg cfg = Cfg.of(f);
        MemoryRegister.Marked marked = MemoryRegister.mark(cfg, LirNames.supply(f));

        Vector<String> before = cfg.block(1).statements().map(LirPrinter::print);
        String use = "(USE (REG I64 \"mem\"))";
        // the second load of the third SET is left unread once the first is found; the fourth SET has no load
        assertThat(marked.cfg().block(1).statements().map(LirPrinter::print)).containsExactly(before.get(0),
                before.get(1), use, before.get(2), before.get(3), use, before.get(4));
    }
}
