package org.funssa.cps.prep;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import org.funssa.core.lir.LExp;
import org.funssa.core.lir.LirPrinter;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Stmt;
import org.junit.jupiter.api.Test;

class TreeDivisionTest {

    private static Module module(String symbols, String body) {
        return LirReader.read("t.lir", """
                (MODULE "t"
                  (SYMTAB ("main" STATIC UNKNOWN 4 ".text" XDEF) ("g" STATIC I32 4 ".data" LDEF)
                          ("id" STATIC UNKNOWN 4 ".text" XDEF))
                  (DATA "g" (I32 7))
                  (FUNCTION "id" (SYMTAB ("v%" REG I32 4 0))
                    (PROLOGUE (0 0) (REG I32 "v%"))
                    (SET I32 (MEM I32 (STATIC I64 "g")) (INTCONST I32 40))
                    (EPILOGUE (0 0) (REG I32 "v%")))
                  (FUNCTION "main" (SYMTAB""" + symbols + ")\n" + body + "))");
    }

    private static Vector<String> lines(Module.Function f) {
        return f.body().map(LirPrinter::print);
    }

    /** An atom is an L-expression without operands (seed 004 §6.9's leaves), whatever its kind. */
    @Test
    void atomsAreExactlyTheKindsWithoutOperands() {
        Vector<LExp> oneOfEachKind = Vector.of(
                "(INTCONST I32 1)", "(FLOATCONST F64 1.5)", "(STATIC I64 \"g\")", "(FRAME I64 \"x\")",
                "(REG I32 \"r%\")", "(LABEL I32 \"L\")", "(SUBREG I16 (REG I32 \"r%\") 0)",
                "(MEM I32 (STATIC I64 \"g\"))", "(ADD I32 (REG I32 \"r%\") (INTCONST I32 1))",
                "(NEG I32 (REG I32 \"r%\"))", "(IF I32 (REG I32 \"c%\") (REG I32 \"r%\") (INTCONST I32 0))")
                .map(text -> LirReader.readExpression("t.lir", text));
        assertThat(oneOfEachKind.map(Object::getClass).distinct()).hasSize(LExp.class.getPermittedSubclasses().length);
        for (LExp e : oneOfEachKind) {
            assertThat(TreeDivision.isAtom(e)).as(LirPrinter.print(e)).isEqualTo(e.operands().isEmpty());
        }
    }

    @Test
    void figure629IsDividedWithTheLastOperationAssigningTheTarget() {
        Module m = module("""
                 ("x%" REG I32 4 0) ("a%" REG I32 4 0) ("b%" REG I32 4 0) ("c%" REG I32 4 0) ("d%" REG I32 4 0)""", """
                (PROLOGUE (0 0) (REG I32 "a%") (REG I32 "b%") (REG I32 "c%") (REG I32 "d%"))
                (SET I32 (REG I32 "x%") (SUB I32 (ADD I32 (REG I32 "a%") (MUL I32 (REG I32 "b%") (REG I32 "c%"))) (REG I32 "d%")))
                (EPILOGUE (0 0) (REG I32 "x%"))""");
        Module.Function f = TreeDivision.apply(m.function("main").get());
        assertThat(lines(f).drop(1).dropRight(1)).containsExactly(
                "(SET I32 (REG I32 \"_t1%\") (MUL I32 (REG I32 \"b%\") (REG I32 \"c%\")))",
                "(SET I32 (REG I32 \"_t2%\") (ADD I32 (REG I32 \"a%\") (REG I32 \"_t1%\")))",
                "(SET I32 (REG I32 \"x%\") (SUB I32 (REG I32 \"_t2%\") (REG I32 \"d%\")))");
        assertThat(f.symbols().map(s -> s.name())).endsWith("_t1%", "_t2%");
        assertThat(TreeDivision.apply(f)).isSameAs(f);
    }

    @Test
    void loadsStoresTestsCallsAndResultsBecomeSingleOperations() {
        Module m = module("""
                 ("p%" REG I64 8 0) ("r%" REG I32 4 0) ("a.1" FRAME A512 4 0)""", """
                (PROLOGUE (0 0))
                (SET I64 (REG I64 "p%") (FRAME I64 "a.1"))
                (SET I32 (MEM I32 (ADD I64 (REG I64 "p%") (INTCONST I64 4))) (ADD I32 (MEM I32 (STATIC I64 "g")) (INTCONST I32 1)))
                (CALL (STATIC I64 "id") ((MUL I32 (MEM I32 (ADD I64 (REG I64 "p%") (INTCONST I64 4))) (INTCONST I32 2)))
                      ((MEM I32 (ADD I64 (FRAME I64 "a.1") (CONVSX I64 (MEM I32 (STATIC I64 "g")))))))
                (JUMPC (TSTLTS I32 (MEM I32 (FRAME I64 "a.1")) (ADD I32 (INTCONST I32 1) (INTCONST I32 2))) (LABEL I64 "A") (LABEL I64 "B"))
                (DEFLABEL "A")
                (SET I32 (REG I32 "r%") (IF I32 (TSTEQ I32 (MEM I32 (STATIC I64 "g")) (INTCONST I32 40))
                      (DIVS I32 (INTCONST I32 100) (MEM I32 (STATIC I64 "g"))) (DIVS I32 (INTCONST I32 1) (INTCONST I32 0))))
                (EPILOGUE (0 0) (ADD I32 (REG I32 "r%") (MEM I32 (ADD I64 (FRAME I64 "a.1") (INTCONST I64 40)))))
                (DEFLABEL "B")
                (EPILOGUE (0 0) (INTCONST I32 -1))""");
        Module divided = TreeDivision.PASS.apply(m);
        Module.Function f = divided.function("main").get();
        assertThat(f.body().filter(s -> !TreeDivision.isDivided(s))).isEmpty();
        // The receiver's address reads g, which the call changes: it must be computed after the call.
        String text = lines(f).mkString("\n");
        assertThat(text).contains("((REG I32 \"_t");
        // The IF is lazy: its else-arm divides by zero and must stay unevaluated.
        assertThat(text).contains("(DEFLABEL \"_if");
        String want = Runs.outcome(Runs.run(m, 10_000));
        assertThat(want).startsWith("returned").contains("status 18");
        assertThat(Runs.outcome(Runs.run(divided, 10_000))).isEqualTo(want);
    }

    @Test
    void parallelAssignmentsStaySimultaneous() {
        Module m = module("""
                 ("u%" REG I32 4 0) ("v%" REG I32 4 0)""", """
                (PROLOGUE (0 0))
                (SET I32 (REG I32 "u%") (INTCONST I32 1))
                (SET I32 (REG I32 "v%") (INTCONST I32 2))
                (PARALLEL (SET I32 (REG I32 "u%") (REG I32 "v%")) (SET I32 (REG I32 "v%") (ADD I32 (REG I32 "u%") (INTCONST I32 10))))
                (EPILOGUE (0 0) (SUB I32 (MUL I32 (REG I32 "u%") (INTCONST I32 100)) (REG I32 "v%")))""");
        Module divided = TreeDivision.PASS.apply(m);
        assertThat(divided.function("main").get().body()).noneMatch(s -> s instanceof Stmt.Parallel);
        assertThat(Runs.outcome(Runs.run(divided, 10_000))).isEqualTo(Runs.outcome(Runs.run(m, 10_000)))
                .contains("status 189");
    }

    @Test
    void beforeLoweringDividesTheLazyIfAloneAndKeepsEveryOtherStatementItself() {
        Module m = module("""
                 ("r%" REG I32 4 0) ("s%" REG I32 4 0)""", """
                (PROLOGUE (0 0))
                (SET I32 (REG I32 "s%") (ADD I32 (MEM I32 (STATIC I64 "g")) (INTCONST I32 1)))
                (SET I32 (REG I32 "r%") (IF I32 (TSTEQ I32 (REG I32 "s%") (INTCONST I32 8))
                      (DIVS I32 (INTCONST I32 100) (REG I32 "s%")) (DIVS I32 (INTCONST I32 1) (INTCONST I32 0))))
                (SET I32 (MEM I32 (STATIC I64 "g")) (MUL I32 (REG I32 "r%") (REG I32 "s%")))
                (EPILOGUE (0 0) (ADD I32 (REG I32 "r%") (MEM I32 (STATIC I64 "g"))))""");
        Module.Function main = m.function("main").get();
        Module.Function f = TreeDivision.beforeLowering(main, LirNames.supply(main), false);

        Vector<Stmt> kept = main.body().removeAt(2);
        assertThat(f.body().filter(s -> kept.exists(k -> k == s))).hasSize(kept.size()).isEqualTo(kept);
        assertThat(f.body().take(2)).isEqualTo(main.body().take(2));
        assertThat(lines(f).mkString("\n")).contains("(DEFLABEL \"_if");
        assertThat(TreeDivision.beforeLowering(f, LirNames.supply(f), false)).isSameAs(f);
        Module divided = new Module(m.name(), m.symbols(), m.items().map(item -> item == main ? f : item));
        String want = Runs.outcome(Runs.run(m, 10_000));
        assertThat(want).startsWith("returned").contains("status 108");
        assertThat(Runs.outcome(Runs.run(divided, 10_000))).isEqualTo(want);
    }
}
