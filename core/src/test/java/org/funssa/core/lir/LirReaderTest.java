package org.funssa.core.lir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.math.BigInteger;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Literals, the grammar's forms, and the syntax errors of {@link LirReader}, positions included. */
class LirReaderTest {

    private static LExp expression(String text) {
        return LirReader.readExpression("t.lir", text);
    }

    private static String errorOf(Runnable read) {
        try {
            read.run();
        } catch (LirSyntaxError e) {
            assertThat(e.getMessage()).isEqualTo(e.position() + ": " + e.detail());
            return e.getMessage();
        }
        throw new AssertionError("no LirSyntaxError");
    }

    private static String moduleError(String text) {
        return errorOf(() -> LirReader.read("m.lir", text));
    }

    private static String expressionError(String text) {
        return errorOf(() -> LirReader.readExpression("t.lir", text));
    }

    private static String statementError(String text) {
        return errorOf(() -> LirReader.readStatement("t.lir", text));
    }

    @Nested
    class Literals {

        @Test
        void integersOfEveryWidthAcceptSignedAndUnsignedRanges() {
            assertThat(expression("(INTCONST I64 18446744073709551615)"))
                    .isEqualTo(new LExp.IntConst(LirType.I64, new BigInteger("18446744073709551615")));
            assertThat(((LExp.IntConst) expression("(INTCONST I64 18446744073709551615)")).bits()).isEqualTo(-1L);
            assertThat(expression("(INTCONST I64 -9223372036854775808)"))
                    .isEqualTo(LExp.IntConst.of(LirType.I64, Long.MIN_VALUE));
            assertThat(expression("(INTCONST I8 255)")).isEqualTo(LExp.IntConst.of(LirType.I8, 255));
            assertThat(expression("(INTCONST I8 -128)")).isEqualTo(LExp.IntConst.of(LirType.I8, -128));
            assertThat(expression("(INTCONST I128 340282366920938463463374607431768211455)"))
                    .isEqualTo(new LExp.IntConst(LirType.I128, BigInteger.TWO.pow(128).subtract(BigInteger.ONE)));
        }

        @Test
        void integersOutOfRangeAreRejectedAtTheLiteral() {
            assertThat(expressionError("(INTCONST I64 18446744073709551616)")).isEqualTo(
                    "t.lir:1:15: expected an I64 value (signed or unsigned, -9223372036854775808 to "
                            + "18446744073709551615), found 18446744073709551616");
            assertThat(expressionError("(INTCONST I64 -9223372036854775809)"))
                    .startsWith("t.lir:1:15: expected an I64 value").endsWith("found -9223372036854775809");
            assertThat(expressionError("(INTCONST I8 256)"))
                    .isEqualTo("t.lir:1:14: expected an I8 value (signed or unsigned, -128 to 255), found 256");
            assertThat(expressionError("(INTCONST I8 -129)")).startsWith("t.lir:1:14: expected an I8 value");
        }

        @Test
        void theUnsignedSuffixCOINSPrintsIsAcceptedAndDropped() {
            assertThat(expression("(INTCONST I32 2147483648U)")).isEqualTo(LExp.IntConst.of(LirType.I32, 2147483648L));
        }

        @Test
        void floatsAsJavaPrintsThemAndPlainForms() {
            assertThat(floatOf("1.0E-4")).isEqualTo(1.0E-4);
            assertThat(floatOf("3.4028234663852886E38")).isEqualTo(3.4028234663852886E38);
            assertThat(floatOf("1.")).isEqualTo(1.0);
            assertThat(floatOf(".5")).isEqualTo(0.5);
            assertThat(floatOf("2")).isEqualTo(2.0);
            assertThat(floatOf("1e3")).isEqualTo(1000.0);
            assertThat(floatOf("Infinity")).isEqualTo(Double.POSITIVE_INFINITY);
            assertThat(floatOf("-Infinity")).isEqualTo(Double.NEGATIVE_INFINITY);
            assertThat(floatOf("NaN")).isNaN();
            assertThat(Double.doubleToRawLongBits(floatOf("-0.0"))).isEqualTo(Double.doubleToRawLongBits(-0.0));
        }

        private double floatOf(String literal) {
            return ((LExp.FloatConst) expression("(FLOATCONST F64 " + literal + ")")).value();
        }

        @Test
        void malformedNumbersAreRejected() {
            assertThat(expressionError("(FLOATCONST F64 1.5x)"))
                    .isEqualTo("t.lir:1:17: expected a number, word, string or parenthesis, found 1.5x");
            assertThat(expressionError("(INTCONST I32 1e)"))
                    .isEqualTo("t.lir:1:15: expected a number, word, string or parenthesis, found 1e");
            assertThat(expressionError("(INTCONST I32 1.5)")).isEqualTo("t.lir:1:15: expected an integer, found 1.5");
        }

        @Test
        void stringEscapes() {
            LExp reg = expression("(REG I32 \"a\\\"b\\\\c\\nd\\te\\101\\x42\\0\")");
            assertThat(((LExp.Reg) reg).name()).isEqualTo("a\"b\\c\nd\teAB\0");
            assertThat(LirReader.readExpression("t.lir", LirPrinter.print(reg))).isEqualTo(reg);
        }

        @Test
        void everyCharacterSurvivesPrintingAndReading() {
            StringBuilder all = new StringBuilder();
            for (char c = 0; c < 300; c++) {
                all.append(c);
            }
            LExp reg = new LExp.Reg(LirType.I32, all.toString());
            assertThat(LirReader.readExpression("t.lir", LirPrinter.print(reg))).isEqualTo(reg);
        }

        @Test
        void badStrings() {
            assertThat(expressionError("(REG I32 \"abc)"))
                    .isEqualTo("t.lir:1:15: expected '\"' to close the string at 1:10, found end of input");
            assertThat(expressionError("(REG I32 \"abc\n\")"))
                    .isEqualTo("t.lir:1:14: expected '\"' to close the string at 1:10, found end of line");
            assertThat(expressionError("(REG I32 \"a\\qb\")")).isEqualTo(
                    "t.lir:1:12: expected an escape (\\n \\t \\r \\\" \\\\ \\' \\ooo \\xhh), found \\q");
        }

        @Test
        void commentsRunToTheEndOfTheLine() {
            assertThat(expression("; a comment (with parens\n(ADD I32 ; x\n (REG I32 \"x;y\") ; )\n(INTCONST I32 1)) ; end"))
                    .isEqualTo(new LExp.Binary(Op.ADD, LirType.I32, new LExp.Reg(LirType.I32, "x;y"),
                            LExp.IntConst.of(LirType.I32, 1)));
        }
    }

    @Nested
    class Forms {

        @Test
        void memModifiersInAnyOrder() {
            LExp.Mem mem = (LExp.Mem) expression("(MEM A192 (FRAME I64 \"s\") &align 8 &N &V)");
            assertThat(mem).isEqualTo(new LExp.Mem(new LirType.Aggregate(192), new LExp.Frame(LirType.I64, "s"),
                    true, true, Option.of(8)));
            assertThat(expressionError("(MEM I32 (REG I64 \"p\") &V &V)"))
                    .isEqualTo("t.lir:1:27: expected a MEM modifier used at most once (&V, &N, &align n), found &V");
            assertThat(expressionError("(MEM I32 (REG I64 \"p\") &align)"))
                    .isEqualTo("t.lir:1:30: expected an alignment after &align, found ')'");
        }

        @Test
        void everyStatementFormReadsAndPrintsBack() {
            Vector<String> statements = Vector.of(
                    "(SET I32 (SUBREG I32 (REG I64 \"r\") 1) (IF I32 (TSTEQ I32 (REG I32 \"a\") (INTCONST I32 0)) "
                            + "(INTCONST I32 1) (INTCONST I32 2)))",
                    "(JUMP (LABEL I64 \"_lab1\"))",
                    "(JUMPC (TSTLTU I64 (REG I64 \"a\") (REG I64 \"b\")) (LABEL I64 \".L1\") (LABEL I64 \".L2\"))",
                    "(JUMPN (REG I32 \"v\") (((INTCONST I32 0) (LABEL I64 \"_lab25\")) "
                            + "((INTCONST I32 1) (LABEL I64 \"_lab26\"))) (LABEL I64 \"dflt\"))",
                    "(JUMPN (REG I32 \"v\") () (LABEL I64 \"dflt\"))",
                    "(CALL (STATIC I64 \"printf\") ((STATIC I64 \"string.5\") (FLOATCONST F64 1.5)) "
                            + "((REG I32 \"r\")))",
                    "(CALL (MEM I64 (FRAME I64 \"fp\")) () ())",
                    "(PROLOGUE (0 0) (MEM I32 (FRAME I64 \"a.1\")) (REG I64 \"b\"))",
                    "(EPILOGUE (16 8) (REG I32 \"returnvalue.1%\"))",
                    "(DEFLABEL \"_epilogue\")",
                    "(PARALLEL (SET I32 (REG I32 \"a\") (REG I32 \"b\")) (SET I32 (REG I32 \"b\") (REG I32 \"a\")) "
                            + "(USE (REG I64 \"%rax\")))",
                    "(USE (REG I64 \"%rax\") (REG I64 \"%rdx\"))",
                    "(CLOBBER (REG I64 \"%rcx\"))",
                    "(CLOBBER)",
                    "(LINE 42)",
                    "(PHI I32 (REG I32 \"x.2\") ((REG I32 \"x.1\") (LABEL I64 \".L1\")) "
                            + "((INTCONST I32 0) (LABEL I64 \".L2\")))");
            for (String text : statements) {
                Stmt statement = LirReader.readStatement("t.lir", text);
                assertThat(LirPrinter.print(statement)).isEqualTo(text);
            }
        }

        @Test
        void theStatementsHaveTheirMeaning() {
            assertThat(LirReader.readStatement("t.lir", "(PHI I32 (REG I32 \"x\") ((REG I32 \"y\") (LABEL I64 \"p\")))"))
                    .isEqualTo(new Stmt.Phi(LirType.I32, new LExp.Reg(LirType.I32, "x"), Vector.of(
                            new Stmt.PhiArg(new LExp.Reg(LirType.I32, "y"), new LExp.Label(LirType.I64, "p")))));
            assertThat(LirReader.readStatement("t.lir", "(CALL (STATIC I64 \"f\") ((INTCONST I32 1)) ((REG I32 \"r\")))"))
                    .isEqualTo(new Stmt.Call(new LExp.Static(LirType.I64, "f"),
                            Vector.of(LExp.IntConst.of(LirType.I32, 1)), Vector.of(new LExp.Reg(LirType.I32, "r"))));
            assertThat(LirReader.readStatement("t.lir", "(EPILOGUE (16 8))"))
                    .isEqualTo(new Stmt.Epilogue(16, 8, Vector.empty()));
        }

        @Test
        void aModuleWithEveryKindOfItem() {
            String text = """
                    (MODULE "m.c"
                      (SYMTAB
                        ("main" STATIC UNKNOWN 4 ".text" XDEF &syminfo "main" "m.c" 3 0)
                        ("s" STATIC A64 8 ".data" LDEF &custom 1 "two" &flag)
                        ("%rax" REG I64 8 0))
                      (DATA "s" (I8 104 105) (ZEROS 2) (I16 -1) (F64 1.5 2.0) (I64 (STATIC I64 "s")) (SPACE 8))
                      (FUNCTION "main"
                        (SYMTAB
                          ("x.1" FRAME I32 4 -8 &syminfo "main_x" "m.c" 4 0))
                        (PROLOGUE (0 0))
                        (DEFLABEL "_epilogue")
                        (EPILOGUE (0 0)))
                      (FUNCTION "empty"
                        (SYMTAB)))
                    """;
            Module module = LirReader.read("m.lir", text);
            assertThat(LirPrinter.print(module)).isEqualTo(text);
            assertThat(module.symbol("s")).contains(new Symbol.Static("s", new LirType.Aggregate(64), 8, ".data",
                    Symbol.Linkage.LDEF, Vector.of(
                            new Annotation("custom", Vector.of(new Annotation.Number(BigInteger.ONE),
                                    new Annotation.Text("two"))),
                            new Annotation("flag", Vector.empty()))));
            assertThat(module.data().head().contents()).containsExactly(
                    new Module.Values(LirType.I8, Vector.of(LExp.IntConst.of(LirType.I8, 104),
                            LExp.IntConst.of(LirType.I8, 105))),
                    new Module.Zeros(2),
                    new Module.Values(LirType.I16, Vector.of(LExp.IntConst.of(LirType.I16, -1))),
                    new Module.Values(LirType.F64, Vector.of(new LExp.FloatConst(LirType.F64, 1.5),
                            new LExp.FloatConst(LirType.F64, 2.0))),
                    new Module.Values(LirType.I64, Vector.of(new LExp.Static(LirType.I64, "s"))),
                    new Module.Space(8));
            assertThat(module.function("main").get().symbols()).containsExactly(new Symbol.Frame("x.1", LirType.I32, 4,
                    -8, Vector.of(new Annotation("syminfo", Vector.of(new Annotation.Text("main_x"),
                            new Annotation.Text("m.c"), new Annotation.Number(BigInteger.valueOf(4)),
                            new Annotation.Number(BigInteger.ZERO))))));
        }

        @Test
        void dataValuesWrittenAsConstantsEqualBareOnes() {
            Module bare = LirReader.read("a", "(MODULE \"m\" (SYMTAB) (DATA \"a\" (I32 1 -2) (F32 2)))");
            Module wrapped = LirReader.read("b", "(MODULE \"m\" (SYMTAB) (DATA \"a\" "
                    + "(I32 (INTCONST I32 1) (INTCONST I32 -2)) (F32 (FLOATCONST F32 2.0))))");
            assertThat(wrapped).isEqualTo(bare);
        }

        @Test
        void aFunctionWithoutSymtabHasNoSymbols() {
            Module module = LirReader.read("m", "(MODULE \"m\" (SYMTAB) (FUNCTION \"f\" (PROLOGUE (0 0)) (EPILOGUE (0 0))))");
            assertThat(module.function("f").get())
                    .isEqualTo(new Module.Function("f", Vector.empty(), Vector.of(new Stmt.Prologue(0, 0, Vector.empty()),
                            new Stmt.Epilogue(0, 0, Vector.empty()))));
        }
    }

    @Nested
    class SyntaxErrors {

        @Test
        void readingAFileNamesItInErrors(@TempDir Path dir) throws IOException {
            Path file = dir.resolve("bad.lir");
            Files.writeString(file, "(MODULE \"m\"\n  (SYMTAB)\n  (DATA \"x\" (I8 300)))\n");
            assertThat(errorOf(() -> LirReader.read(file)))
                    .isEqualTo(file + ":3:17: expected an I8 value (signed or unsigned, -128 to 255), found 300");
            Files.writeString(file, "(MODULE \"m\" (SYMTAB) (DATA \"x\" (I8 1)))");
            assertThat(LirReader.readWithPositions(file).positions().of(LirReader.read(file))).isEmpty();
            assertThatThrownBy(() -> LirReader.read(dir.resolve("missing.lir")))
                    .isInstanceOf(UncheckedIOException.class).hasMessageContaining("missing.lir");
        }

        @Test
        void missingClosingParenthesis() {
            assertThat(moduleError("(MODULE \"m\"\n  (SYMTAB)\n  (DATA \"a\" (I8 1)"))
                    .isEqualTo("m.lir:3:19: expected ')' to close the '(' at 3:3, found end of input");
        }

        @Test
        void extraClosingParenthesis() {
            assertThat(moduleError("(MODULE \"m\" (SYMTAB)))"))
                    .isEqualTo("m.lir:1:22: expected end of input after the first form, found ')'");
            assertThat(moduleError(") (MODULE"))
                    .isEqualTo("m.lir:1:1: expected '(', found ')'");
        }

        @Test
        void emptyInputAndWrongTopForm() {
            assertThat(moduleError("  ; nothing\n")).isEqualTo("m.lir:2:1: expected (MODULE …), found end of input");
            assertThat(moduleError("(DATA \"x\")"))
                    .isEqualTo("m.lir:1:1: expected (MODULE \"name\" (SYMTAB …) item…), found (DATA …)");
        }

        @Test
        void missingPartsAreReportedAtTheClosingParenthesis() {
            assertThat(moduleError("(MODULE \"m\")")).isEqualTo("m.lir:1:12: expected (SYMTAB …), found ')'");
            assertThat(moduleError("(MODULE \"m\"\n (SYMTAB (\"x\" FRAME I32)))"))
                    .isEqualTo("m.lir:2:24: expected the symbol's alignment, found ')'");
        }

        @Test
        void unknownOperator() {
            assertThat(statementError("(SET I32 (REG I32 \"x\") (FOO I32 (REG I32 \"y\")))")).isEqualTo(
                    "t.lir:1:25: expected an L-expression operator (INTCONST, REG, MEM, ADD, TSTEQ, CONVSX, …), "
                            + "found FOO");
        }

        @Test
        void wrongArity() {
            assertThat(expressionError("(ADD I32 (REG I32 \"x\"))"))
                    .isEqualTo("t.lir:1:1: expected (ADD t x y) with 3 items after ADD, found 2");
            assertThat(expressionError("(NEG I32 (REG I32 \"x\") (REG I32 \"y\"))"))
                    .isEqualTo("t.lir:1:1: expected (NEG t x) with 2 items after NEG, found 3");
            assertThat(statementError("(JUMP (LABEL I64 \"a\") (LABEL I64 \"b\"))"))
                    .isEqualTo("t.lir:1:1: expected (JUMP (LABEL t \"l\")) with 1 item after JUMP, found 2");
        }

        @Test
        void badTypeName() {
            assertThat(expressionError("(REG I33 \"x\")")).isEqualTo(
                    "t.lir:1:6: expected a type (I8 I16 I32 I64 I128 F32 F64 F128 A<bits> UNKNOWN), found I33");
            assertThat(expressionError("(INTCONST F32 1)"))
                    .isEqualTo("t.lir:1:11: expected an integer type for INTCONST, found F32");
            assertThat(expressionError("(FLOATCONST I32 1.0)"))
                    .isEqualTo("t.lir:1:13: expected a float type for FLOATCONST, found I32");
        }

        @Test
        void statementsAndExpressionsInTheWrongPlace() {
            assertThat(moduleError("(MODULE \"m\" (SYMTAB)\n (FUNCTION \"f\" (SYMTAB)\n  (REG I32 \"x\")))"))
                    .isEqualTo("m.lir:3:3: expected a statement (SET, JUMP, CALL, …), found (REG …)");
            assertThat(statementError("(SET I32 (REG I32 \"x\") (JUMP (LABEL I64 \"l\")))"))
                    .isEqualTo("t.lir:1:24: expected an L-expression (REG, MEM, ADD, …), found the statement (JUMP …)");
            assertThat(statementError("(JUMP (REG I64 \"l\"))"))
                    .isEqualTo("t.lir:1:7: expected (LABEL t \"l\"), found (REG …)");
            assertThat(statementError("(PARALLEL (PARALLEL))"))
                    .isEqualTo("t.lir:1:11: expected a statement other than PARALLEL inside PARALLEL, found (PARALLEL)");
        }

        @Test
        void badSymbolTableEntries() {
            assertThat(moduleError("(MODULE \"m\" (SYMTAB (\"x\" GLOBAL I32 4 0)))"))
                    .isEqualTo("m.lir:1:26: expected STATIC, FRAME or REG, found GLOBAL");
            assertThat(moduleError("(MODULE \"m\" (SYMTAB (\"x\" STATIC I32 4 \".data\" EXPORT)))"))
                    .isEqualTo("m.lir:1:47: expected LDEF, XDEF or XREF, found EXPORT");
            assertThat(moduleError("(MODULE \"m\" (SYMTAB (\"x\" FRAME I32 4 0 \"stray\")))"))
                    .isEqualTo("m.lir:1:40: expected an option (&keyword literal…) or ')', found \"stray\"");
            assertThat(moduleError("(MODULE \"m\" (SYMTAB (\"x\" FRAME I32 -4 0)))"))
                    .isEqualTo("m.lir:1:36: expected an alignment from 0 to 9223372036854775807, found -4");
        }

        @Test
        void badData() {
            assertThat(moduleError("(MODULE \"m\" (SYMTAB) (DATA \"a\" (I8 1.5)))"))
                    .isEqualTo("m.lir:1:36: expected a value of type I8, found 1.5");
            assertThat(moduleError("(MODULE \"m\" (SYMTAB) (DATA \"a\" (I32 (INTCONST I64 1))))"))
                    .isEqualTo("m.lir:1:37: expected a value of type I32, found (INTCONST …) of type I64");
            assertThat(moduleError("(MODULE \"m\" (SYMTAB) (DATA \"a\" (BYTES 1)))"))
                    .isEqualTo("m.lir:1:32: expected data contents (type value…), (ZEROS n) or (SPACE n), found (BYTES …)");
            assertThat(moduleError("(MODULE \"m\" (SYMTAB) (CODE \"a\"))"))
                    .isEqualTo("m.lir:1:22: expected (DATA …) or (FUNCTION …), found (CODE …)");
        }
    }

    @Nested
    class Depth {

        private static final int DEPTH = 100_000;

        private static String nestedNegs() {
            return "(NEG I32 ".repeat(DEPTH) + "(INTCONST I32 7)" + ")".repeat(DEPTH);
        }

        @Test
        void aDeeplyNestedExpressionReadsAndPrintsWithoutRecursion() {
            String text = nestedNegs();
            LExp expression = LirReader.readExpression("deep.lir", text);
            LExp inner = expression;
            int depth = 0;
            while (inner instanceof LExp.Unary u) {
                assertThat(u.op()).isEqualTo(Op.NEG);
                inner = u.operand();
                depth++;
            }
            assertThat(depth).isEqualTo(DEPTH);
            assertThat(inner).isEqualTo(LExp.IntConst.of(LirType.I32, 7));
            assertThat(LirPrinter.print(expression)).isEqualTo(text);
        }

        @Test
        void aDeepStatementInAModuleKeepsItsPositions() {
            String text = "(MODULE \"m\" (SYMTAB)\n (FUNCTION \"f\" (SYMTAB)\n  (SET I32 (REG I32 \"x\") "
                    + nestedNegs() + ")))";
            LirReader.Parsed parsed = LirReader.readWithPositions("deep.lir", text);
            Stmt.Set set = (Stmt.Set) parsed.module().functions().head().body().head();
            assertThat(parsed.positions().of(set)).contains(new SourcePos("deep.lir", 3, 3));
            assertThat(parsed.positions().of(set.value())).contains(new SourcePos("deep.lir", 3, 26));
            assertThat(LirPrinter.print(parsed.module())).contains(nestedNegs());
        }

        @Test
        void listsNestedBeyondTheLimitAreRefusedAtTheFirstParenthesisTooMany() {
            // text of nothing but '(' (issue 35: a 50 MB file of it exhausted the heap): refused where it goes
            // too deep, before reading the rest, with a stack bounded by the limit
            String text = "(".repeat(SExpReader.MAX_DEPTH + 10);
            assertThatThrownBy(() -> LirReader.read("p.lir", text)).isInstanceOf(LirSyntaxError.class)
                    .hasMessage("p.lir:1:" + (SExpReader.MAX_DEPTH + 1) + ": expected at most " + SExpReader.MAX_DEPTH
                            + " lists nested in one another, found a deeper one");
        }

        @Test
        void aDeepTypeErrorIsReportedAtItsNode() {
            String text = "(NEG I32 ".repeat(DEPTH) + "(NEG I64 (INTCONST I32 7))" + ")".repeat(DEPTH);
            assertThat(expressionError(text)).isEqualTo("t.lir:1:" + (9 * DEPTH + 1)
                    + ": expected operand 1 of NEG I64 to have type I64, found I32");
        }
    }

    @Nested
    class PositionsOfNodes {

        @Test
        void everyStatementFunctionAndExpressionHasItsPlace() {
            String text = """
                    (MODULE "m"
                      (SYMTAB)
                      (FUNCTION "f"
                        (SYMTAB)
                        (JUMP (LABEL I64 "a"))
                        (JUMP (LABEL I64 "a"))))
                    """;
            LirReader.Parsed parsed = LirReader.readWithPositions("m.lir", text);
            Module.Function f = parsed.module().functions().head();
            Stmt first = f.body().get(0);
            Stmt second = f.body().get(1);
            assertThat(first).isEqualTo(second);
            assertThat(parsed.positions().of(parsed.module())).contains(new SourcePos("m.lir", 1, 1));
            assertThat(parsed.positions().of(f)).contains(new SourcePos("m.lir", 3, 3));
            assertThat(parsed.positions().of(first)).contains(new SourcePos("m.lir", 5, 5));
            assertThat(parsed.positions().of(second)).contains(new SourcePos("m.lir", 6, 5));
            assertThat(parsed.positions().of(((Stmt.Jump) second).target())).contains(new SourcePos("m.lir", 6, 11));
            assertThat(parsed.positions().of(new Stmt.DefLabel("a"))).isEmpty();
            assertThat(Positions.none().of(first)).isEmpty();
            assertThat(new SourcePos("m.lir", 6, 11)).hasToString("m.lir:6:11");
        }
    }
}
