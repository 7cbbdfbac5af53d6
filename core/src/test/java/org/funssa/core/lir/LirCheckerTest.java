package org.funssa.core.lir;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import org.junit.jupiter.api.Test;

/** Each rule of LIR's static semantics, broken once and reported at its place; what the corpus needs, accepted. */
class LirCheckerTest {

    /** A module whose function "main" has the given SYMTAB entries and statements, one per line from line 5. */
    private static String main(String symbols, String... statements) {
        return "(MODULE \"m\"\n"
                + "  (SYMTAB (\"main\" STATIC UNKNOWN 4 \".text\" XDEF))\n"
                + "  (FUNCTION \"main\"\n"
                + "    (SYMTAB " + symbols + ")\n"
                + String.join("\n", Vector.of(statements).map(s -> "    " + s)) + "))\n";
    }

    private static Vector<String> violations(String text) {
        return LirChecker.check(LirReader.readWithPositions("t.lir", text)).map(Diagnostic::toString);
    }

    @Test
    void aRegisterIsReadAndWrittenAtItsDeclaredType() {
        assertThat(violations(main("(\"x%\" REG I32 4 0)",
                "(PROLOGUE (0 0))",
                "(SET A64 (REG A64 \"x%\") (REG A64 \"x%\"))",
                "(EPILOGUE (0 0) (REG I32 \"x%\"))")))
                .containsExactly("t.lir:6:14: register \"x%\" is declared I32, used as A64",
                        "t.lir:6:29: register \"x%\" is declared I32, used as A64");
    }

    @Test
    void aRegisterHoldsAnIntegerOrAFloatAndAFrameVariableHasAValueType() {
        assertThat(violations(main("(\"r%\" REG A64 8 0) (\"v\" FRAME UNKNOWN 8 0)",
                "(PROLOGUE (0 0))",
                "(SET A64 (REG A64 \"r%\") (MEM A64 (FRAME I64 \"v\")))",
                "(EPILOGUE (0 0) (INTCONST I32 0))")))
                .containsExactly("t.lir:4:13: register \"r%\" has type A64; a register holds an integer or a float",
                        "t.lir:4:32: frame variable \"v\" has type UNKNOWN, which only functions have",
                        "t.lir:6:29: MEM A64 at byte 0 of frame variable \"v\" (0 bytes) lies outside it");
    }

    @Test
    void everyAddressIsAnI64() {
        assertThat(violations("""
                (MODULE "m"
                  (SYMTAB ("main" STATIC UNKNOWN 4 ".text" XDEF) ("n" STATIC I32 4 ".data" XDEF))
                  (FUNCTION "main"
                    (SYMTAB ("v" FRAME I32 4 0) ("p%" REG I32 4 0))
                    (PROLOGUE (0 0))
                    (SET I32 (MEM I32 (FRAME I32 "v")) (MEM I32 (STATIC I8 "n")))
                    (CALL (REG I32 "p%") () ())
                    (JUMP (LABEL I32 "end"))
                    (DEFLABEL "end")
                    (EPILOGUE (0 0) (MEM I32 (REG I32 "p%")))))
                """)).containsExactly(
                "t.lir:6:14: expected the address type I64 for the address of MEM, found I32",
                "t.lir:6:23: expected the address type I64 for FRAME, found I32",
                "t.lir:6:40: expected the address type I64 for the address of MEM, found I8",
                "t.lir:6:49: expected the address type I64 for STATIC, found I8",
                "t.lir:7:5: expected the address type I64 for the function of CALL, found I32",
                "t.lir:8:11: expected the address type I64 for LABEL, found I32",
                "t.lir:10:21: expected the address type I64 for the address of MEM, found I32");
    }

    @Test
    void everySymbolUsedIsDeclaredWithItsKind() {
        assertThat(violations(main("(\"v\" FRAME I32 4 0)",
                "(PROLOGUE (0 0))",
                "(SET I32 (MEM I32 (FRAME I64 \"w\")) (REG I32 \"y%\"))",
                "(SET I32 (MEM I32 (STATIC I64 \"g\")) (REG I32 \"v\"))",
                "(EPILOGUE (0 0) (INTCONST I32 0))")))
                .containsExactly("t.lir:6:23: FRAME symbol \"w\" is not declared",
                        "t.lir:6:40: REG symbol \"y%\" is not declared",
                        "t.lir:7:23: STATIC symbol \"g\" is not declared",
                        "t.lir:7:41: \"v\" is declared FRAME, used as REG");
    }

    @Test
    void aLabelIsDefinedOnceAndEveryLabelUsedIsDefined() {
        assertThat(violations(main("",
                "(PROLOGUE (0 0))",
                "(DEFLABEL \"a\")",
                "(DEFLABEL \"a\")",
                "(JUMP (LABEL I64 \"b\"))",
                "(EPILOGUE (0 0) (INTCONST I32 0))")))
                .containsExactly("t.lir:7:5: function \"main\": label \"a\" is defined twice (first at 6:5)",
                        "t.lir:8:5: function \"main\": label \"b\" is not defined");
    }

    @Test
    void aCallPassesEveryParameterItsCalleeReads() {
        String text = """
                (MODULE "m"
                  (SYMTAB ("main" STATIC UNKNOWN 4 ".text" XDEF) ("g" STATIC UNKNOWN 4 ".text" XDEF))
                  (FUNCTION "g"
                    (SYMTAB ("a%" REG I32 4 0) ("b%" REG I32 4 0) ("unused%" REG I32 4 0))
                    (PROLOGUE (0 0) (REG I32 "a%") (REG I32 "b%") (REG I32 "unused%"))
                    (EPILOGUE (0 0) (ADD I32 (REG I32 "a%") (REG I32 "b%"))))
                  (FUNCTION "main"
                    (SYMTAB ("r%" REG I32 4 0))
                    (PROLOGUE (0 0))
                    (CALL (STATIC I64 "g") ((INTCONST I32 1) (INTCONST I32 2)) ((REG I32 "r%")))
                    (CALL (STATIC I64 "g") ((INTCONST I32 1)) ((REG I32 "r%")))
                    (EPILOGUE (0 0) (REG I32 "r%"))))
                """;
        assertThat(violations(text)).containsExactly(
                "t.lir:11:5: the call of \"g\" passes 1 argument, but \"g\" reads its parameter 2 (\"b%\")");
    }

    @Test
    void aFrameAccessAtAConstantOffsetStaysInsideItsVariable() {
        assertThat(violations(main("(\"a\" FRAME I32 4 0) (\"b\" FRAME A64 4 0)",
                "(PROLOGUE (0 0))",
                "(SET I64 (MEM I64 (FRAME I64 \"a\")) (INTCONST I64 7))",
                "(SET I32 (MEM I32 (ADD I64 (FRAME I64 \"a\") (INTCONST I64 4))) (INTCONST I32 7))",
                "(SET I32 (MEM I32 (ADD I64 (ADD I64 (FRAME I64 \"b\") (INTCONST I64 2)) (INTCONST I64 2)))"
                        + " (INTCONST I32 7))",
                "(SET I32 (MEM I32 (SUB I64 (FRAME I64 \"b\") (INTCONST I64 1))) (INTCONST I32 7))",
                "(EPILOGUE (0 0) (INTCONST I32 0))")))
                .containsExactly("t.lir:6:14: MEM I64 at byte 0 of frame variable \"a\" (4 bytes) lies outside it",
                        "t.lir:7:14: MEM I32 at byte 4 of frame variable \"a\" (4 bytes) lies outside it",
                        "t.lir:9:14: MEM I32 at byte -1 of frame variable \"b\" (8 bytes) lies outside it");
    }

    @Test
    void sizesAlignmentsAndOffsetsStayWithinSaneBounds() {
        String huge = Vector.range(1, 10).map(i -> " (\"h" + i + "\" FRAME A999999999 8 0)").mkString();
        assertThat(violations(main("(\"v\" FRAME I32 1000000000000 0) (\"w\" FRAME I32 3 0) (\"r%\" REG I32 4 -2000000000)"
                        + huge,
                "(PROLOGUE (1000000000000 0))",
                "(EPILOGUE (0 0) (INTCONST I32 0))")))
                .containsExactly(
                        "t.lir:4:13: expected the alignment of \"v\" to be a power of two up to 1073741824, "
                                + "found 1000000000000",
                        "t.lir:4:45: expected the alignment of \"w\" to be a power of two up to 1073741824, found 3",
                        "t.lir:4:65: expected the offset of \"r%\" within 1073741824 bytes, found -2000000000",
                        "t.lir:4:318: the frame is larger than 1073741824 bytes with \"h9\"",
                        "t.lir:5:5: expected the sizes of PROLOGUE from 0 to 1073741824, found (1000000000000 0)");
        assertThat(violations("""
                (MODULE "m"
                  (SYMTAB ("d" STATIC A8 1 ".data" LDEF))
                  (DATA "d" (ZEROS 1000000000000))
                  (DATA "e" (I8 1)))
                """)).containsExactly("t.lir:3:3: DATA \"d\" is larger than 1073741824 bytes",
                "t.lir:4:3: DATA \"e\" has no STATIC symbol in the module's SYMTAB");
    }

    @Test
    void symbolsDeclaredTwiceMustAgreeAndFunctionsAreDefinedOnce() {
        String text = """
                (MODULE "m"
                  (SYMTAB ("x" STATIC UNKNOWN 1 ".data" XREF) ("x" STATIC UNKNOWN 1 ".data" XREF)
                    ("f" STATIC UNKNOWN 4 ".text" XDEF) ("y" STATIC I32 4 ".data" XDEF) ("y" STATIC I64 8 ".data" XDEF))
                  (FUNCTION "f" (SYMTAB) (PROLOGUE (0 0)) (EPILOGUE (0 0)))
                  (FUNCTION "f" (SYMTAB) (PROLOGUE (0 0)) (EPILOGUE (0 0))))
                """;
        assertThat(violations(text)).containsExactly(
                "t.lir:3:73: symbol \"y\" is declared twice in one SYMTAB, differently",
                "t.lir:5:3: function \"f\" is defined twice");
    }

    @Test
    void aModuleBuiltWithoutTextIsCheckedByTheSameTypingRules() {
        Module module = new Module("built", Vector.empty(), Vector.of(new Module.Function("main",
                Vector.of(new Symbol.Reg("x", LirType.I32, 4, 0, Vector.empty())),
                Vector.of(new Stmt.Prologue(0, 0, Vector.empty()),
                        new Stmt.Set(LirType.I32, new LExp.Reg(LirType.I32, "x"),
                                new LExp.Binary(Op.ADD, LirType.I32, LExp.IntConst.of(LirType.I64, 1),
                                        LExp.IntConst.of(LirType.I32, 1000))),
                        new Stmt.Epilogue(0, 0, Vector.of(LExp.IntConst.of(LirType.I32, 1L << 40)))))));
        assertThat(LirChecker.check(module, Positions.none()).map(Diagnostic::toString)).containsExactly(
                "built:0:0: expected operand 1 of ADD I32 to have type I32, found I64",
                "built:0:0: expected an I32 value, found 1099511627776");
    }

    @Test
    void aDeepExpressionIsCheckedWithoutDeepRecursion() {
        LExp sum = LExp.IntConst.of(LirType.I32, 0);
        for (int i = 0; i < 200_000; i++) {
            sum = new LExp.Binary(Op.ADD, LirType.I32, sum, new LExp.Reg(LirType.I32, "y"));
        }
        Module module = new Module("deep", Vector.empty(), Vector.of(new Module.Function("main",
                Vector.of(new Symbol.Reg("x", LirType.I32, 4, 0, Vector.empty())),
                Vector.of(new Stmt.Prologue(0, 0, Vector.empty()), new Stmt.Epilogue(0, 0, Vector.of(sum))))));
        assertThat(LirChecker.check(module, Positions.none())).hasSize(200_000)
                .allMatch(d -> d.message().equals("REG symbol \"y\" is not declared"));
    }

    @Test
    void anI32ConstantOutside32BitsIsReadModulo2To32WithAWarning() {
        LirReader.Parsed parsed = LirReader.readWithPositions("t.lir", main("",
                "(PROLOGUE (0 0))",
                "(EPILOGUE (0 0) (ADD I32 (INTCONST I32 -21474836470) (INTCONST I32 10)))"));
        assertThat(parsed.warnings().map(Diagnostic::toString)).containsExactly(
                "t.lir:6:44: warning: -21474836470 is outside I32; read modulo 2^32 as 10, as COINS's back end does");
        assertThat(LirPrinter.print(parsed.module())).contains("(INTCONST I32 10)");
        assertThat(LirChecker.check(parsed)).isEmpty();
    }
}
