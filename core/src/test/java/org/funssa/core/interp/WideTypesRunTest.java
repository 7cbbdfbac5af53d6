package org.funssa.core.interp;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.junit.jupiter.api.Test;

/** Whole LIR programs computing with I128 and F128 registers, memory, constants and calls. */
class WideTypesRunTest {

    private static final String SYMBOLS = "(\"main\" STATIC UNKNOWN 4 \".text\" XDEF)"
            + "(\"printf\" STATIC UNKNOWN 4 \".text\" XREF)"
            + "(\"wmul\" STATIC UNKNOWN 4 \".text\" LDEF)"
            + "(\"fdiv\" STATIC UNKNOWN 4 \".text\" LDEF)"
            + "(\"fmt\" STATIC UNKNOWN 1 \".text\" LDEF)"
            + "(\"d\" STATIC A256 16 \".data\" LDEF)";

    /** A DATA item of a NUL-terminated string. */
    private static String string(String name, String text) {
        StringBuilder b = new StringBuilder("(DATA \"" + name + "\" (I8");
        text.chars().forEach(c -> b.append(' ').append(c));
        return b.append(" 0))").toString();
    }

    private static RunResult run(String items) {
        Module m = LirReader.read("wide.lir", "(MODULE \"wide.c\" (SYMTAB " + SYMBOLS + ")\n" + items + ")");
        return LirInterpreter.run(m, RunOptions.defaults());
    }

    private static final String FUNCTIONS =
            "(FUNCTION \"wmul\" (SYMTAB (\"a\" REG I128 16 0) (\"b\" REG I128 16 0))"
            + " (PROLOGUE (0 0) (REG I128 \"a\") (REG I128 \"b\"))"
            + " (EPILOGUE (0 0) (MUL I128 (REG I128 \"a\") (REG I128 \"b\"))))"
            + "(FUNCTION \"fdiv\" (SYMTAB (\"x\" REG F128 16 0) (\"y\" REG F128 16 0))"
            + " (PROLOGUE (0 0) (REG F128 \"x\") (REG F128 \"y\"))"
            + " (EPILOGUE (0 0) (DIVS F128 (REG F128 \"x\") (REG F128 \"y\"))))"
            // d: an I128 of all ones, then the F128 0.5.
            + "(DATA \"d\" (I128 340282366920938463463374607431768211455) (F128 0.5))";

    @Test
    void programComputesWithI128AndF128ThroughRegistersMemoryAndCalls() {
        BigInteger a = BigInteger.ONE.shiftLeft(100).add(BigInteger.valueOf(12345));
        String main = "(FUNCTION \"main\" (SYMTAB (\"p\" REG I128 16 0) (\"q\" REG I128 16 0) (\"t\" REG F128 16 0)"
                + " (\"k\" REG I32 4 0) (\"v\" REG I32 4 0) (\"buf\" FRAME A256 16 0))"
                + " (PROLOGUE (0 0))"
                + " (CALL (STATIC I64 \"wmul\") ((INTCONST I128 " + a + ") (INTCONST I128 3)) ((REG I128 \"p\")))"
                + " (SET I128 (MEM I128 (FRAME I64 \"buf\")) (REG I128 \"p\"))"
                + " (SET I128 (REG I128 \"q\") (DIVU I128 (MEM I128 (FRAME I64 \"buf\")) (INTCONST I128 3)))"
                + " (CALL (STATIC I64 \"fdiv\") ((FLOATCONST F128 1.0) (CONVSF F128 (INTCONST I32 3))) ((REG F128 \"t\")))"
                + " (SET F128 (MEM F128 (ADD I64 (FRAME I64 \"buf\") (INTCONST I64 16))) (REG F128 \"t\"))"
                + " (JUMPN (RSHU I128 (REG I128 \"q\") (INTCONST I32 100))"
                + "   (((INTCONST I128 0) (LABEL I64 \"zero\")) ((INTCONST I128 1) (LABEL I64 \"one\"))) (LABEL I64 \"other\"))"
                + " (DEFLABEL \"zero\") (SET I32 (REG I32 \"k\") (INTCONST I32 0)) (JUMP (LABEL I64 \"next\"))"
                + " (DEFLABEL \"one\") (SET I32 (REG I32 \"k\") (INTCONST I32 1)) (JUMP (LABEL I64 \"next\"))"
                + " (DEFLABEL \"other\") (SET I32 (REG I32 \"k\") (INTCONST I32 2))"
                + " (DEFLABEL \"next\")"
                + " (JUMPC (TSTLTU I32 (INTCONST I128 1) (MEM I128 (STATIC I64 \"d\"))) (LABEL I64 \"yes\") (LABEL I64 \"no\"))"
                + " (DEFLABEL \"no\") (SET I32 (REG I32 \"k\") (INTCONST I32 9))"
                + " (DEFLABEL \"yes\")"
                + " (CALL (STATIC I64 \"printf\") ((STATIC I64 \"fmt\")"
                + "   (CONVIT I64 (RSHU I128 (REG I128 \"p\") (INTCONST I32 64))) (CONVIT I64 (REG I128 \"p\"))"
                + "   (CONVIT I64 (RSHU I128 (REG I128 \"q\") (INTCONST I32 64))) (CONVIT I64 (REG I128 \"q\"))"
                + "   (MEM I64 (ADD I64 (FRAME I64 \"buf\") (INTCONST I64 24)))"
                + "   (MEM I64 (ADD I64 (FRAME I64 \"buf\") (INTCONST I64 16)))"
                + "   (REG F128 \"t\")"
                + "   (CONVFS I32 (MUL F128 (REG F128 \"t\") (FLOATCONST F128 3.0)))"
                + "   (REG I32 \"k\")"
                + "   (CONVIT I32 (MEM I128 (STATIC I64 \"d\")))"
                + "   (CONVFT F64 (ADD F128 (MEM F128 (ADD I64 (STATIC I64 \"d\") (INTCONST I64 16))) (REG F128 \"t\")))"
                + "   (CONVFT F64 (CONVSF F128 (INTCONST I128 " + BigInteger.ONE.shiftLeft(113).add(BigInteger.ONE) + ")))"
                + " ) ((REG I32 \"v\")))"
                + " (EPILOGUE (0 0) (CONVIT I32 (SUB I128 (REG I128 \"q\") (INTCONST I128 " + a + ")))))";
        RunResult r = run(string("fmt", "%llu %llu %llu %llu %llx %llx %.20Lf %d %d %d %.17g %.0f\n")
                + FUNCTIONS + main);
        BigInteger p = a.multiply(BigInteger.valueOf(3));
        String expected = p.shiftRight(64) + " " + p.and(BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE))
                + " " + a.shiftRight(64) + " " + a.and(BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE))
                + " 3ffd555555555555 5555555555555555 0.33333333333333331483 1 1 -1 "
                // 0.5 + 1/3 in binary128, then one rounding: the double nearest 5/6. Computed in doubles (as
                // F128 once was), 0.5 + 0.333… gives 0.83333333333333326 instead.
                + "0.83333333333333337"
                + " 10384593717069655257060992658440192\n";
        assertThat(new java.math.BigDecimal(5).divide(new java.math.BigDecimal(6), java.math.MathContext.DECIMAL128)
                .doubleValue()).isEqualTo(0.83333333333333337).isNotEqualTo(0.5 + 1.0 / 3);
        assertThat(r).isInstanceOfSatisfying(RunResult.Returned.class, ret -> {
            assertThat(ret.stdout()).isEqualTo(expected);
            assertThat(ret.exitStatus()).isZero();
        });
    }

    @Test
    void anI128VarargIsALibraryError() {
        RunResult r = run(string("fmt", "%d\n") + FUNCTIONS
                + "(FUNCTION \"main\" (SYMTAB (\"v\" REG I32 4 0)) (PROLOGUE (0 0))"
                + " (CALL (STATIC I64 \"printf\") ((STATIC I64 \"fmt\") (INTCONST I128 7)) ((REG I32 \"v\")))"
                + " (EPILOGUE (0 0) (INTCONST I32 0)))");
        assertThat(r).isInstanceOfSatisfying(RunResult.Failed.class, f -> {
            assertThat(f.error().kind()).isEqualTo(RuntimeError.Kind.LIBRARY_ERROR);
            assertThat(f.error().message()).contains("printf").contains("I128");
        });
    }

    @Test
    void i128DivisionOverflowTrapsAtRunTime() {
        RunResult r = run(string("fmt", "") + FUNCTIONS
                + "(FUNCTION \"main\" (SYMTAB (\"m\" REG I128 16 0)) (PROLOGUE (0 0))"
                + " (SET I128 (REG I128 \"m\") (LSHS I128 (INTCONST I128 1) (INTCONST I32 127)))"
                + " (EPILOGUE (0 0) (CONVIT I32 (DIVS I128 (REG I128 \"m\") (INTCONST I128 -1)))))");
        assertThat(r).isInstanceOfSatisfying(RunResult.Failed.class,
                f -> assertThat(f.error().kind()).isEqualTo(RuntimeError.Kind.DIVISION_OVERFLOW));
    }
}
