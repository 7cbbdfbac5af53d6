package org.funssa.core.interp;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.funssa.core.lir.LExp;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.LirType;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Op;
import org.funssa.core.lir.Stmt;
import org.funssa.core.lir.Symbol;
import org.junit.jupiter.api.Test;

/** Statement semantics, runtime errors and limits of {@link LirInterpreter}, on small hand-written modules. */
class LirInterpreterTest {

    private static Module module(String symbols, String items) {
        return LirReader.read("test.lir", "(MODULE \"test.c\" (SYMTAB " + symbols + ")\n" + items + ")");
    }

    private static RunResult run(Module m, RunOptions options) {
        return LirInterpreter.run(m, options);
    }

    private static RuntimeError failure(RunResult r) {
        assertThat(r).isInstanceOf(RunResult.Failed.class);
        return ((RunResult.Failed) r).error();
    }

    private static final String MAIN = "(\"main\" STATIC UNKNOWN 4 \".text\" XDEF)";
    private static final String PRINTF = "(\"printf\" STATIC UNKNOWN 4 \".text\" XREF)";

    /** A main returning the I32 in register r after the given statements. */
    private static Module returning(String statements) {
        return module(MAIN, "(FUNCTION \"main\" (SYMTAB (\"r\" REG I32 4 0) (\"a\" REG I32 4 0) (\"b\" REG I32 4 0))"
                + " (PROLOGUE (0 0)) " + statements + " (EPILOGUE (0 0) (REG I32 \"r\")))");
    }

    private static long returned(RunResult r) {
        assertThat(r).isInstanceOf(RunResult.Returned.class);
        return ((Value.Int) ((RunResult.Returned) r).values().head()).bits();
    }

    @Test
    void runsMainAndCapturesPrintfOutputAndExitStatus() {
        Module m = module(MAIN + PRINTF + "(\"s\" STATIC UNKNOWN 1 \".text\" LDEF)",
                "(DATA \"s\" (I8 37 100 10 0))"
                        + "(FUNCTION \"main\" (SYMTAB (\"v\" REG I32 4 0))"
                        + " (PROLOGUE (0 0))"
                        + " (CALL (STATIC I64 \"printf\") ((STATIC I64 \"s\") (INTCONST I32 42)) ((REG I32 \"v\")))"
                        + " (EPILOGUE (0 0) (INTCONST I32 300)))");
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        RunResult r = run(m, RunOptions.defaults().withStdout(sink));
        assertThat(r).isInstanceOfSatisfying(RunResult.Returned.class, ret -> {
            assertThat(ret.stdout()).isEqualTo("42\n");
            assertThat(ret.exitStatus()).isEqualTo(300 & 0xFF);
            assertThat(ret.values()).containsExactly(new Value.Int(LirType.I32, 300));
        });
        assertThat(sink.toString(StandardCharsets.ISO_8859_1)).isEqualTo("42\n");
    }

    @Test
    void countsOneStepPerStatementAndPerNode() {
        // SET: 1 + REG + ADD + REG + INTCONST = 5; EPILOGUE: 1 + REG = 2; PROLOGUE: 1.
        RunResult r = run(returning("(SET I32 (REG I32 \"r\") (ADD I32 (REG I32 \"r\") (INTCONST I32 1)))"),
                RunOptions.defaults());
        assertThat(r.steps()).isEqualTo(8);
    }

    @Test
    void countsExecutedOperationsAsTheIrCountsLetsAndTails() {
        // Before the loop: a, r, b := 0 (3 copies) and a store of a product to a frame slot (store, MUL, ADD: 3).
        // Each of the 3 iterations: a load (1), r := r + b + load (2 additions), a call (1), a := a + 1 (1),
        // a JUMPC on a comparison (2): 7. After: the return (1). 3 + 3 + 3 * 7 + 1 = 28.
        Module m = module(MAIN + "(\"putchar\" STATIC UNKNOWN 4 \".text\" XREF)",
                "(FUNCTION \"main\" (SYMTAB (\"r\" REG I32 4 0) (\"a\" REG I32 4 0) (\"b\" REG I32 4 0)"
                        + " (\"t\" REG I32 4 0) (\"v\" FRAME A64 4 0))"
                        + " (PROLOGUE (0 0))"
                        + " (SET I32 (REG I32 \"a\") (INTCONST I32 0))"
                        + " (SET I32 (REG I32 \"r\") (INTCONST I32 0))"
                        + " (SET I32 (REG I32 \"b\") (REG I32 \"a\"))"
                        + " (SET I32 (MEM I32 (ADD I64 (FRAME I64 \"v\") (INTCONST I64 4)))"
                        + "   (MUL I32 (INTCONST I32 2) (INTCONST I32 5)))"
                        + " (DEFLABEL \"top\")"
                        + " (SET I32 (REG I32 \"t\") (MEM I32 (FRAME I64 \"v\")))"
                        + " (SET I32 (REG I32 \"r\") (ADD I32 (ADD I32 (REG I32 \"r\") (REG I32 \"b\"))"
                        + "   (REG I32 \"a\")))"
                        + " (CALL (STATIC I64 \"putchar\") ((INTCONST I32 65)) ())"
                        + " (SET I32 (REG I32 \"a\") (ADD I32 (REG I32 \"a\") (INTCONST I32 1)))"
                        + " (JUMPC (TSTLTS I32 (REG I32 \"a\") (INTCONST I32 3)) (LABEL I64 \"top\")"
                        + "   (LABEL I64 \"end\"))"
                        + " (DEFLABEL \"end\")"
                        + " (EPILOGUE (0 0) (REG I32 \"r\")))");
        RunResult r = run(m, RunOptions.defaults());
        assertThat(returned(r)).isEqualTo(3);
        assertThat(r.stdout()).isEqualTo("AAA");
        assertThat(r.operations()).isEqualTo(28);
    }

    @Test
    void phisAssignInParallelKeyedByPredecessor() {
        // a=1, b=2; loop once through L with (a, b) := (b, a) by PHI: a swap, then r = 10*a + b = 21.
        Module m = returning(
                "(SET I32 (REG I32 \"a\") (INTCONST I32 1)) (SET I32 (REG I32 \"b\") (INTCONST I32 2))"
                        + " (SET I32 (REG I32 \"r\") (INTCONST I32 0))"
                        + " (JUMP (LABEL I64 \"L\"))"
                        + " (DEFLABEL \"L\")"
                        + " (PHI I32 (REG I32 \"a\") ((REG I32 \"a\") (LABEL I64 \"E\")) ((REG I32 \"b\") (LABEL I64 \"B\")))"
                        + " (PHI I32 (REG I32 \"b\") ((REG I32 \"b\") (LABEL I64 \"E\")) ((REG I32 \"a\") (LABEL I64 \"B\")))"
                        + " (JUMPC (TSTEQ I32 (REG I32 \"r\") (INTCONST I32 0)) (LABEL I64 \"B\") (LABEL I64 \"X\"))"
                        + " (DEFLABEL \"B\") (SET I32 (REG I32 \"r\") (INTCONST I32 1)) (JUMP (LABEL I64 \"L\"))"
                        + " (DEFLABEL \"X\")"
                        + " (SET I32 (REG I32 \"r\") (ADD I32 (MUL I32 (REG I32 \"a\") (INTCONST I32 10)) (REG I32 \"b\")))");
        // The PHIs name a predecessor E that does not exist: reaching them is an error that says so.
        RuntimeError noE = failure(run(m, RunOptions.defaults()));
        assertThat(noE.kind()).isEqualTo(RuntimeError.Kind.MISSING_LABEL);
        assertThat(noE.message()).isEqualTo("PHI names predecessor E, which function 'main' does not define");
        Module labelled = returning(
                "(JUMP (LABEL I64 \"E\")) (DEFLABEL \"E\")"
                        + " (SET I32 (REG I32 \"a\") (INTCONST I32 1)) (SET I32 (REG I32 \"b\") (INTCONST I32 2))"
                        + " (SET I32 (REG I32 \"r\") (INTCONST I32 0))"
                        + " (DEFLABEL \"L\")"
                        + " (PHI I32 (REG I32 \"a\") ((REG I32 \"a\") (LABEL I64 \"E\")) ((REG I32 \"b\") (LABEL I64 \"B\")))"
                        + " (PHI I32 (REG I32 \"b\") ((REG I32 \"b\") (LABEL I64 \"E\")) ((REG I32 \"a\") (LABEL I64 \"B\")))"
                        + " (JUMPC (TSTEQ I32 (REG I32 \"r\") (INTCONST I32 0)) (LABEL I64 \"B\") (LABEL I64 \"X\"))"
                        + " (DEFLABEL \"B\") (SET I32 (REG I32 \"r\") (INTCONST I32 1)) (JUMP (LABEL I64 \"L\"))"
                        + " (DEFLABEL \"X\")"
                        + " (SET I32 (REG I32 \"r\") (ADD I32 (MUL I32 (REG I32 \"a\") (INTCONST I32 10)) (REG I32 \"b\")))");
        // E falls through into L: the interpreter knows the predecessor is E.
        assertThat(returned(run(labelled, RunOptions.defaults()))).isEqualTo(21);
    }

    @Test
    void parallelSetsSwap() {
        Module m = returning("(SET I32 (REG I32 \"a\") (INTCONST I32 1)) (SET I32 (REG I32 \"b\") (INTCONST I32 2))"
                + " (PARALLEL (SET I32 (REG I32 \"a\") (REG I32 \"b\")) (SET I32 (REG I32 \"b\") (REG I32 \"a\")))"
                + " (SET I32 (REG I32 \"r\") (ADD I32 (MUL I32 (REG I32 \"a\") (INTCONST I32 10)) (REG I32 \"b\")))");
        assertThat(returned(run(m, RunOptions.defaults()))).isEqualTo(21);
    }

    @Test
    void subregistersReadAndWriteTheirPart() {
        Module m = module(MAIN, "(FUNCTION \"main\" (SYMTAB (\"w\" REG I64 8 0) (\"r\" REG I32 4 0))"
                + " (PROLOGUE (0 0))"
                + " (SET I64 (REG I64 \"w\") (INTCONST I64 4294967298))"            // 0x1_0000_0002
                + " (SET I32 (SUBREG I32 (REG I64 \"w\") 1) (INTCONST I32 5))"       // high half := 5
                + " (SET I32 (REG I32 \"r\") (ADD I32 (SUBREG I32 (REG I64 \"w\") 1)"
                + "   (MUL I32 (SUBREG I32 (REG I64 \"w\") 0) (INTCONST I32 10))))"
                + " (EPILOGUE (0 0) (REG I32 \"r\")))");
        assertThat(returned(run(m, RunOptions.defaults()))).isEqualTo(25);
    }

    @Test
    void runsANamedFunctionWithArgumentsAndMultipleResults() {
        Module m = module("(\"divmod\" STATIC UNKNOWN 4 \".text\" XDEF)",
                "(FUNCTION \"divmod\" (SYMTAB (\"x\" REG I32 4 0) (\"y\" REG I32 4 0))"
                        + " (PROLOGUE (0 0) (REG I32 \"x\") (REG I32 \"y\"))"
                        + " (EPILOGUE (0 0) (DIVS I32 (REG I32 \"x\") (REG I32 \"y\")) (MODS I32 (REG I32 \"x\") (REG I32 \"y\"))))");
        RunResult r = run(m, RunOptions.defaults().withEntry("divmod", 17, 5));
        assertThat(r).isInstanceOfSatisfying(RunResult.Returned.class, ret -> assertThat(ret.values())
                .containsExactly(new Value.Int(LirType.I32, 3), new Value.Int(LirType.I32, 2)));
        assertThat(failure(run(m, RunOptions.defaults().withEntry("divmod", 1, 0))))
                .satisfies(e -> {
                    assertThat(e.kind()).isEqualTo(RuntimeError.Kind.DIVISION_BY_ZERO);
                    assertThat(e.where().get().function()).isEqualTo("divmod");
                });
        assertThat(failure(run(m, RunOptions.defaults())).kind()).isEqualTo(RuntimeError.Kind.BAD_ENTRY);
        assertThat(failure(run(m, RunOptions.defaults().withEntry("divmod", 1))).message())
                .contains("takes 2 parameters, given 1");
    }

    @Test
    void structuresAreCopiedPassedAndReturnedByValue() {
        // struct {int a, b} p = {3, 4}; q = id(p); q.a = 5 must not change p; return p.a*100 + q.a*10 + q.b.
        Module m = module(MAIN + "(\"id\" STATIC UNKNOWN 4 \".text\" XDEF)",
                "(FUNCTION \"id\" (SYMTAB (\"s\" FRAME A64 4 0))"
                        + " (PROLOGUE (0 0) (MEM A64 (FRAME I64 \"s\")))"
                        + " (EPILOGUE (0 0) (MEM A64 (FRAME I64 \"s\"))))"
                        + "(FUNCTION \"main\" (SYMTAB (\"p\" FRAME A64 4 0) (\"q\" FRAME A64 4 0) (\"t\" FRAME A64 4 0))"
                        + " (PROLOGUE (0 0))"
                        + " (SET I32 (MEM I32 (FRAME I64 \"p\")) (INTCONST I32 3))"
                        + " (SET I32 (MEM I32 (ADD I64 (FRAME I64 \"p\") (INTCONST I64 4))) (INTCONST I32 4))"
                        + " (CALL (STATIC I64 \"id\") ((MEM A64 (FRAME I64 \"p\"))) ((MEM A64 (FRAME I64 \"t\"))))"
                        + " (SET A64 (MEM A64 (FRAME I64 \"q\")) (MEM A64 (FRAME I64 \"t\")))"
                        + " (SET I32 (MEM I32 (FRAME I64 \"q\")) (INTCONST I32 5))"
                        + " (EPILOGUE (0 0) (ADD I32 (ADD I32 (MUL I32 (MEM I32 (FRAME I64 \"p\")) (INTCONST I32 100))"
                        + "   (MUL I32 (MEM I32 (FRAME I64 \"q\")) (INTCONST I32 10)))"
                        + "   (MEM I32 (ADD I64 (FRAME I64 \"q\") (INTCONST I64 4))))))");
        assertThat(returned(run(m, RunOptions.defaults()))).isEqualTo(354);
    }

    @Test
    void callsThroughFunctionPointersAndQsortCallsBackIntoTheProgram() {
        // int v[4] = {3, 1, 2, 0}; qsort(v, 4, 4, cmp); return v[0]*1000 + v[1]*100 + v[2]*10 + v[3]
        String cmp = "(FUNCTION \"cmp\" (SYMTAB (\"x\" REG I64 8 0) (\"y\" REG I64 8 0))"
                + " (PROLOGUE (0 0) (REG I64 \"x\") (REG I64 \"y\"))"
                + " (EPILOGUE (0 0) (SUB I32 (MEM I32 (REG I64 \"x\")) (MEM I32 (REG I64 \"y\")))))";
        Module m = module(MAIN + "(\"cmp\" STATIC UNKNOWN 4 \".text\" LDEF) (\"qsort\" STATIC UNKNOWN 4 \".text\" XREF)"
                        + "(\"v\" STATIC A128 4 \".data\" LDEF)",
                "(DATA \"v\" (I32 3 1 2 0))" + cmp
                        + "(FUNCTION \"main\" (SYMTAB (\"f\" REG I64 8 0) (\"r\" REG I32 4 0))"
                        + " (PROLOGUE (0 0))"
                        + " (SET I64 (REG I64 \"f\") (STATIC I64 \"cmp\"))"
                        + " (CALL (STATIC I64 \"qsort\") ((STATIC I64 \"v\") (INTCONST I64 4) (INTCONST I64 4) (REG I64 \"f\")) ())"
                        + " (CALL (REG I64 \"f\") ((STATIC I64 \"v\") (ADD I64 (STATIC I64 \"v\") (INTCONST I64 4))) ((REG I32 \"r\")))"
                        + " (EPILOGUE (0 0) (ADD I32 (MUL I32 (REG I32 \"r\") (INTCONST I32 10000))"
                        + "   (ADD I32 (MUL I32 (MEM I32 (ADD I64 (STATIC I64 \"v\") (INTCONST I64 4))) (INTCONST I32 100))"
                        + "   (ADD I32 (MUL I32 (MEM I32 (ADD I64 (STATIC I64 \"v\") (INTCONST I64 8))) (INTCONST I32 10))"
                        + "     (MEM I32 (ADD I64 (STATIC I64 \"v\") (INTCONST I64 12))))))))");
        // After sorting v = {0, 1, 2, 3}; cmp(&v[0], &v[1]) = -1.
        assertThat(returned(run(m, RunOptions.defaults()))).isEqualTo(-10000 + 123);
    }

    @Test
    void exitEndsTheRunWithItsStatus() {
        Module m = module(MAIN + "(\"exit\" STATIC UNKNOWN 4 \".text\" XREF)",
                "(FUNCTION \"main\" (PROLOGUE (0 0)) (CALL (STATIC I64 \"exit\") ((INTCONST I32 259)) ())"
                        + " (EPILOGUE (0 0) (INTCONST I32 0)))");
        assertThat(run(m, RunOptions.defaults())).isInstanceOfSatisfying(RunResult.Exited.class,
                e -> assertThat(e.status()).isEqualTo(3));
    }

    // ---------------------------------------------------------------- runtime errors

    private static RuntimeError errorOf(String symbols, String body) {
        Module m = module(MAIN + symbols, "(FUNCTION \"main\" (SYMTAB (\"p\" REG I64 8 0) (\"r\" REG I32 4 0)"
                + " (\"a\" FRAME A64 4 0)) (PROLOGUE (0 0)) " + body + " (EPILOGUE (0 0) (INTCONST I32 0)))");
        return failure(run(m, RunOptions.defaults()));
    }

    @Test
    void divisionByZeroNamesTheStatement() {
        RuntimeError e = errorOf("", "(SET I32 (REG I32 \"r\") (DIVS I32 (INTCONST I32 1) (REG I32 \"r\")))");
        assertThat(e.kind()).isEqualTo(RuntimeError.Kind.DIVISION_BY_ZERO);
        assertThat(e.message()).isEqualTo("signed division by zero");
        assertThat(e.where().get()).isEqualTo(new RuntimeError.Where("main", io.vavr.control.Option.none(), 1));
    }

    @Test
    void nullOutOfBoundsAndFreedAccessesFail() {
        assertThat(errorOf("", "(SET I32 (REG I32 \"r\") (MEM I32 (INTCONST I64 0)))").message())
                .isEqualTo("access of 4 bytes at the null pointer");
        RuntimeError oob = errorOf("", "(SET I32 (REG I32 \"r\") (MEM I32 (ADD I64 (FRAME I64 \"a\") (INTCONST I64 8))))");
        assertThat(oob.kind()).isEqualTo(RuntimeError.Kind.MEMORY_ACCESS);
        assertThat(oob.message()).contains("offset 8 in the frame of 'main' of 8 bytes");
        RuntimeError straddle = errorOf("", "(SET I64 (REG I64 \"p\") (MEM I64 (ADD I64 (FRAME I64 \"a\") (INTCONST I64 4))))");
        assertThat(straddle.message()).contains("access of 8 bytes").contains("offset 4");
        RuntimeError freed = errorOf("(\"malloc\" STATIC UNKNOWN 4 \".text\" XREF) (\"free\" STATIC UNKNOWN 4 \".text\" XREF)",
                "(CALL (STATIC I64 \"malloc\") ((INTCONST I64 4)) ((REG I64 \"p\")))"
                        + " (CALL (STATIC I64 \"free\") ((REG I64 \"p\")) ())"
                        + " (SET I32 (REG I32 \"r\") (MEM I32 (REG I64 \"p\")))");
        assertThat(freed.message()).contains("freed heap block from malloc");
        RuntimeError doubleFree = errorOf("(\"malloc\" STATIC UNKNOWN 4 \".text\" XREF) (\"free\" STATIC UNKNOWN 4 \".text\" XREF)",
                "(CALL (STATIC I64 \"malloc\") ((INTCONST I64 4)) ((REG I64 \"p\")))"
                        + " (CALL (STATIC I64 \"free\") ((REG I64 \"p\")) ())"
                        + " (CALL (STATIC I64 \"free\") ((REG I64 \"p\")) ())");
        assertThat(doubleFree.kind()).isEqualTo(RuntimeError.Kind.INVALID_FREE);
    }

    @Test
    void missingLabelNonFunctionCallAndUnknownExternalFail() {
        RuntimeError label = errorOf("", "(JUMP (LABEL I64 \"nowhere\"))");
        assertThat(label.kind()).isEqualTo(RuntimeError.Kind.MISSING_LABEL);
        assertThat(label.message()).isEqualTo("jump to label nowhere, which function 'main' does not define");
        RuntimeError call = errorOf("", "(CALL (FRAME I64 \"a\") () ())");
        assertThat(call.kind()).isEqualTo(RuntimeError.Kind.CALL_OF_NON_FUNCTION);
        assertThat(call.message()).contains("frame of 'main'").contains("not a function");
        RuntimeError external = errorOf("(\"frobnicate\" STATIC UNKNOWN 4 \".text\" XREF)",
                "(CALL (STATIC I64 \"frobnicate\") () ())");
        assertThat(external.kind()).isEqualTo(RuntimeError.Kind.UNKNOWN_EXTERNAL);
        assertThat(external.message()).contains("'frobnicate'");
    }

    @Test
    void anUnsupportedConstructIsRejectedWhenReachedAndTheRestOfTheModuleRuns() {
        Module m = module(MAIN, "(FUNCTION \"main\" (SYMTAB (\"w\" REG I64 8 0) (\"r\" REG I32 4 0))"
                + " (PROLOGUE (0 0))"
                + " (SET I32 (REG I32 \"r\") (INTCONST I32 1))"
                + " (JUMPC (TSTEQ I32 (REG I32 \"r\") (INTCONST I32 1)) (LABEL I64 \"X\") (LABEL I64 \"W\"))"
                + " (DEFLABEL \"W\") (SET I64 (REG I64 \"w\") (LABEL I64 \"X\"))"
                + " (DEFLABEL \"X\") (EPILOGUE (0 0) (REG I32 \"r\")))");
        assertThat(returned(run(m, RunOptions.defaults()))).isEqualTo(1);
        Module reached = module(MAIN, "(FUNCTION \"main\" (SYMTAB (\"w\" REG I64 8 0))"
                + " (PROLOGUE (0 0)) (SET I64 (REG I64 \"w\") (LABEL I64 \"X\")) (EPILOGUE (0 0) (INTCONST I32 0)))");
        RuntimeError e = failure(run(reached, RunOptions.defaults()));
        assertThat(e.kind()).isEqualTo(RuntimeError.Kind.UNSUPPORTED);
        assertThat(e.message()).startsWith("a LABEL used as a value");
        assertThat(e.where().get().statement()).isEqualTo(1);
        Module param = module(MAIN + "(\"f\" STATIC UNKNOWN 4 \".text\" XDEF)",
                "(FUNCTION \"f\" (PROLOGUE (0 0) (LABEL I64 \"X\")) (EPILOGUE (0 0)))"
                        + "(FUNCTION \"main\" (PROLOGUE (0 0)) (CALL (STATIC I64 \"f\") ((INTCONST I64 1)) ())"
                        + " (EPILOGUE (0 0) (INTCONST I32 0)))");
        RuntimeError atEntry = failure(run(param, RunOptions.defaults()));
        assertThat(atEntry.kind()).isEqualTo(RuntimeError.Kind.UNSUPPORTED);
        assertThat(atEntry.where().get().function()).isEqualTo("f");
    }

    @Test
    void i128ParametersAndResultsConvertAsPrototypesDo() {
        Module m = module(MAIN + "(\"f\" STATIC UNKNOWN 4 \".text\" XDEF)",
                "(FUNCTION \"f\" (SYMTAB (\"w\" REG I128 16 0)) (PROLOGUE (0 0) (REG I128 \"w\"))"
                        + " (EPILOGUE (0 0) (RSHU I128 (REG I128 \"w\") (INTCONST I32 96))))"
                        + "(FUNCTION \"main\" (SYMTAB (\"r\" REG I32 4 0)) (PROLOGUE (0 0))"
                        + " (CALL (STATIC I64 \"f\") ((INTCONST I64 -1)) ((REG I32 \"r\")))"
                        + " (EPILOGUE (0 0) (REG I32 \"r\")))");
        assertThat(returned(run(m, RunOptions.defaults()))).isEqualTo(-1); // -1 sign-extended, top 32 bits
    }

    @Test
    void anI128ExpressionNestedDeeperThanTheClosureLimitIsRejectedClearly() {
        String e = "(INTCONST I128 1)";
        for (int i = 0; i < FunctionCompiler.MAX_CLOSURE_DEPTH + 5; i++) {
            e = "(ADD I128 " + e + " (INTCONST I128 1))";
        }
        Module m = module(MAIN, "(FUNCTION \"main\" (SYMTAB (\"w\" REG I128 16 0)) (PROLOGUE (0 0))"
                + " (SET I128 (REG I128 \"w\") " + e + ") (EPILOGUE (0 0) (INTCONST I32 0)))");
        RuntimeError error = failure(run(m, RunOptions.defaults()));
        assertThat(error.kind()).isEqualTo(RuntimeError.Kind.UNSUPPORTED);
        assertThat(error.message()).contains("I128 or F128").contains("nested deeper than");
    }

    @Test
    void anInfiniteLoopExhaustsTheStepBudget() {
        Module m = module(MAIN, "(FUNCTION \"main\" (PROLOGUE (0 0)) (DEFLABEL \"L\") (JUMP (LABEL I64 \"L\"))"
                + " (EPILOGUE (0 0)))");
        RunResult r = run(m, RunOptions.defaults().withStepBudget(1_000_000));
        assertThat(failure(r).kind()).isEqualTo(RuntimeError.Kind.STEP_BUDGET_EXHAUSTED);
        assertThat(r.steps()).isBetween(1_000_000L, 1_000_002L);
    }

    /** int down(int n) { return n == 0 ? 0 : 1 + down(n - 1); } */
    private static Module recursion() {
        return module("(\"down\" STATIC UNKNOWN 4 \".text\" XDEF)",
                "(FUNCTION \"down\" (SYMTAB (\"n\" REG I32 4 0) (\"r\" REG I32 4 0) (\"x\" FRAME I32 4 0))"
                        + " (PROLOGUE (0 0) (REG I32 \"n\"))"
                        + " (SET I32 (MEM I32 (FRAME I64 \"x\")) (REG I32 \"n\"))"
                        + " (SET I32 (REG I32 \"r\") (INTCONST I32 0))"
                        + " (JUMPC (TSTEQ I32 (REG I32 \"n\") (INTCONST I32 0)) (LABEL I64 \"done\") (LABEL I64 \"rec\"))"
                        + " (DEFLABEL \"rec\")"
                        + " (CALL (STATIC I64 \"down\") ((SUB I32 (REG I32 \"n\") (INTCONST I32 1))) ((REG I32 \"r\")))"
                        + " (SET I32 (REG I32 \"r\") (ADD I32 (REG I32 \"r\") (MEM I32 (FRAME I64 \"x\"))))"
                        + " (SET I32 (REG I32 \"r\") (SUB I32 (REG I32 \"r\") (SUB I32 (MEM I32 (FRAME I64 \"x\")) (INTCONST I32 1))))"
                        + " (DEFLABEL \"done\")"
                        + " (EPILOGUE (0 0) (REG I32 \"r\")))");
    }

    @Test
    void recursionAMillionDeepDoesNotUseTheJavaStack() {
        RunResult r = run(recursion(), RunOptions.defaults().withEntry("down", 1_000_000));
        assertThat(r).isInstanceOfSatisfying(RunResult.Returned.class, ret ->
                assertThat(ret.values()).containsExactly(new Value.Int(LirType.I32, 1_000_000)));
    }

    @Test
    void recursionBeyondTheDepthLimitIsAStackOverflow() {
        RunResult r = run(recursion(), RunOptions.defaults().withEntry("down", 10_000).withMaxCallDepth(1000));
        RuntimeError e = failure(r);
        assertThat(e.kind()).isEqualTo(RuntimeError.Kind.STACK_OVERFLOW);
        assertThat(e.message()).isEqualTo("stack overflow: more than 1000 active calls (calling 'down')");
    }

    @Test
    void expressionsAMillionDeepAreEvaluatedWithoutTheJavaStack() {
        // r = (((1 + 1) + 1) ... + 1) with 10^6 additions, then r = IF(r, IF(r, ... 7 ..., 0), 0) 10^5 deep,
        // each IF's untaken arm a load from the null pointer (which must not be evaluated).
        LExp sum = LExp.IntConst.of(LirType.I32, 1);
        for (int i = 0; i < 1_000_000; i++) {
            sum = new LExp.Binary(Op.ADD, LirType.I32, sum, LExp.IntConst.of(LirType.I32, 1));
        }
        LExp r = new LExp.Reg(LirType.I32, "r");
        LExp trap = LExp.Mem.of(LirType.I32, LExp.IntConst.of(LirType.I64, 0));
        LExp select = LExp.IntConst.of(LirType.I32, 7);
        for (int i = 0; i < 100_000; i++) {
            select = new LExp.If(LirType.I32, r, select, trap);
        }
        Module m = new Module("deep", Vector.of(new Symbol.Static("main", LirType.UNKNOWN, 4, ".text",
                Symbol.Linkage.XDEF, Vector.empty())), Vector.of(new Module.Function("main",
                Vector.of(new Symbol.Reg("r", LirType.I32, 4, 0, Vector.empty()),
                        new Symbol.Reg("s", LirType.I32, 4, 0, Vector.empty())),
                Vector.of(new Stmt.Prologue(0, 0, Vector.empty()),
                        new Stmt.Set(LirType.I32, r, sum),
                        new Stmt.Set(LirType.I32, new LExp.Reg(LirType.I32, "s"), select),
                        new Stmt.Epilogue(0, 0, Vector.of(r, new LExp.Reg(LirType.I32, "s")))))));
        RunResult result = run(m, RunOptions.defaults());
        assertThat(result).isInstanceOfSatisfying(RunResult.Returned.class, ret -> assertThat(ret.values())
                .containsExactly(new Value.Int(LirType.I32, 1_000_001), new Value.Int(LirType.I32, 7)));
    }

    @Test
    void variadicFunctionsReadTheirArgumentsThroughVaArg() {
        // int sum(int n, ...) { s = 0; while (n--) s += va_arg(ap, int); return s; } as COINS compiles it.
        Module m = module(MAIN + "(\"sum\" STATIC UNKNOWN 4 \".text\" XDEF)"
                        + "(\"__dummy\" STATIC I64 8 \".data\" XREF) (\"__va_arg\" STATIC UNKNOWN 4 \".text\" XREF)"
                        + "(\"__va_start\" STATIC UNKNOWN 4 \".text\" XREF)",
                "(FUNCTION \"sum\" (SYMTAB (\"ap\" FRAME A192 8 0) (\"n\" REG I32 4 0) (\"s\" REG I32 4 0)"
                        + " (\"p\" REG I64 8 0) (\"d\" REG I64 8 0))"
                        + " (PROLOGUE (0 0) (REG I32 \"n\"))"
                        + " (SET I32 (REG I32 \"s\") (INTCONST I32 0))"
                        + " (CALL (STATIC I64 \"__va_start\") ((FRAME I64 \"ap\") (REG I32 \"n\")) ((REG I64 \"d\")))"
                        + " (DEFLABEL \"L\")"
                        + " (JUMPC (TSTEQ I32 (REG I32 \"n\") (INTCONST I32 0)) (LABEL I64 \"X\") (LABEL I64 \"B\"))"
                        + " (DEFLABEL \"B\")"
                        + " (CALL (STATIC I64 \"__va_arg\") ((FRAME I64 \"ap\") (CONVIT I32 (MEM I64 (STATIC I64 \"__dummy\")))) ((REG I64 \"p\")))"
                        + " (SET I32 (REG I32 \"s\") (ADD I32 (REG I32 \"s\") (MEM I32 (REG I64 \"p\"))))"
                        + " (SET I32 (REG I32 \"n\") (SUB I32 (REG I32 \"n\") (INTCONST I32 1)))"
                        + " (JUMP (LABEL I64 \"L\"))"
                        + " (DEFLABEL \"X\")"
                        + " (EPILOGUE (0 0) (REG I32 \"s\")))"
                        + "(FUNCTION \"main\" (SYMTAB (\"r\" REG I32 4 0)) (PROLOGUE (0 0))"
                        + " (CALL (STATIC I64 \"sum\") ((INTCONST I32 3) (INTCONST I32 123) (INTCONST I32 222) (INTCONST I32 -21)) ((REG I32 \"r\")))"
                        + " (EPILOGUE (0 0) (REG I32 \"r\")))");
        assertThat(returned(run(m, RunOptions.defaults()))).isEqualTo(324);
    }

    @Test
    void aModuleCanBeRunManyTimesFromOneCompilation() {
        LirInterpreter compiled = LirInterpreter.compile(recursion());
        for (int n : new int[] {0, 1, 50}) {
            RunResult r = compiled.run(RunOptions.defaults().withEntry("down", n));
            assertThat(r).isInstanceOfSatisfying(RunResult.Returned.class, ret ->
                    assertThat(ret.values()).isEqualTo(Vector.of(new Value.Int(LirType.I32, n))));
        }
    }
}
