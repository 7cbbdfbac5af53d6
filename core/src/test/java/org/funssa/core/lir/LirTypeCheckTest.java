package org.funssa.core.lir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The typing rules of shared/LIR.md, each reported at the node that breaks it. */
class LirTypeCheckTest {

    private static String expressionError(String text) {
        return errorOf(() -> LirReader.readExpression("t.lir", text));
    }

    private static String statementError(String text) {
        return errorOf(() -> LirReader.readStatement("t.lir", text));
    }

    private static String errorOf(Runnable read) {
        try {
            read.run();
        } catch (LirSyntaxError e) {
            return e.getMessage();
        }
        throw new AssertionError("no LirSyntaxError");
    }

    private static void accepted(String expression) {
        assertThat(LirPrinter.print(LirReader.readExpression("t.lir", expression))).isEqualTo(expression);
    }

    @Test
    void arithmeticOperandsHaveTheResultType() {
        assertThat(expressionError("(ADD I32 (REG I64 \"x\") (INTCONST I32 1))"))
                .isEqualTo("t.lir:1:1: expected operand 1 of ADD I32 to have type I32, found I64");
        assertThat(expressionError("(MUL F64 (REG F64 \"x\") (REG F32 \"y\"))"))
                .isEqualTo("t.lir:1:1: expected operand 2 of MUL F64 to have type F64, found F32");
        assertThat(statementError("(SET I32 (REG I32 \"y\") (ADD I32 (REG I64 \"x\") (INTCONST I32 1)))"))
                .isEqualTo("t.lir:1:24: expected operand 1 of ADD I32 to have type I32, found I64");
        assertThat(expressionError("(ADD A64 (REG A64 \"x\") (REG A64 \"y\"))"))
                .isEqualTo("t.lir:1:1: expected an integer or float type for ADD, found A64");
        accepted("(SUB F32 (REG F32 \"x\") (FLOATCONST F32 1.5))");
    }

    @Test
    void shiftCountsMayHaveAnyIntegerType() {
        accepted("(LSHS I64 (REG I64 \"x\") (INTCONST I8 3))");
        accepted("(RSHU I32 (REG I32 \"x\") (REG I64 \"n\"))");
        assertThat(expressionError("(RSHS I32 (REG I32 \"x\") (REG F32 \"n\"))"))
                .isEqualTo("t.lir:1:1: expected an integer type for the shift count of RSHS, found F32");
        assertThat(expressionError("(LSHU I32 (REG I64 \"x\") (INTCONST I32 1))"))
                .isEqualTo("t.lir:1:1: expected operand 1 of LSHU I32 to have type I32, found I64");
    }

    @Test
    void comparisonsShareAnOperandTypeAndGiveAnInteger() {
        accepted("(TSTLTS I32 (REG F64 \"a\") (FLOATCONST F64 0.0))");
        accepted("(TSTEQ I8 (REG I64 \"a\") (REG I64 \"b\"))");
        assertThat(expressionError("(TSTEQ I32 (REG I32 \"a\") (REG I64 \"b\"))"))
                .isEqualTo("t.lir:1:1: expected the operands of TSTEQ to have one type, found I32 and I64");
        assertThat(expressionError("(TSTNE F64 (REG I32 \"a\") (REG I32 \"b\"))"))
                .isEqualTo("t.lir:1:1: expected an integer type for the result of TSTNE, found F64");
    }

    @Test
    void conversionsChangeTheTypeAsTheirNamesSay() {
        accepted("(CONVSX I64 (REG I32 \"x\"))");
        accepted("(CONVZX I32 (REG I8 \"x\"))");
        accepted("(CONVIT I8 (REG I64 \"x\"))");
        accepted("(CONVIT I32 (REG I32 \"x\"))");
        accepted("(CONVFX F64 (REG F32 \"x\"))");
        accepted("(CONVFT F32 (REG F64 \"x\"))");
        accepted("(CONVFS I32 (REG F64 \"x\"))");
        accepted("(CONVFU I64 (REG F32 \"x\"))");
        accepted("(CONVFI I8 (REG F64 \"x\"))");
        accepted("(CONVSF F32 (REG I64 \"x\"))");
        accepted("(CONVUF F64 (REG I32 \"x\"))");
        assertThat(expressionError("(CONVSX I32 (REG I64 \"x\"))"))
                .isEqualTo("t.lir:1:1: expected an operand no wider than I32 for CONVSX (it widens), found I64");
        assertThat(expressionError("(CONVIT I64 (REG I32 \"x\"))"))
                .isEqualTo("t.lir:1:1: expected an operand no narrower than I64 for CONVIT (it narrows), found I32");
        assertThat(expressionError("(CONVFX F32 (REG F64 \"x\"))"))
                .isEqualTo("t.lir:1:1: expected an operand no wider than F32 for CONVFX (it widens), found F64");
        assertThat(expressionError("(CONVZX I64 (REG F32 \"x\"))"))
                .isEqualTo("t.lir:1:1: expected an integer operand for CONVZX I64, found F32");
        assertThat(expressionError("(CONVFS I32 (REG I32 \"x\"))"))
                .isEqualTo("t.lir:1:1: expected a float operand for CONVFS I32, found I32");
        assertThat(expressionError("(CONVSF I32 (REG I32 \"x\"))"))
                .isEqualTo("t.lir:1:1: expected a float result type for CONVSF, found I32");
    }

    @Test
    void unaryOperatorsKeepTheirType() {
        accepted("(NEG F64 (REG F64 \"x\"))");
        assertThat(expressionError("(BNOT I32 (REG I64 \"x\"))"))
                .isEqualTo("t.lir:1:1: expected operand 1 of BNOT I32 to have type I32, found I64");
    }

    @Test
    void memoryAddressesAreIntegers() {
        accepted("(MEM F64 (ADD I64 (FRAME I64 \"a\") (INTCONST I64 8)))");
        assertThat(expressionError("(ADD I32 (INTCONST I32 1) (MEM I32 (REG F64 \"p\")))"))
                .isEqualTo("t.lir:1:27: expected an integer (address) type for the address of MEM, found F64");
    }

    @Test
    void setAssignsItsTypeToAnAssignableTarget() {
        assertThat(statementError("(SET I32 (REG I64 \"x\") (INTCONST I32 1))"))
                .isEqualTo("t.lir:1:1: expected the target of SET I32 to have type I32, found I64");
        assertThat(statementError("(SET I32 (REG I32 \"x\") (INTCONST I64 1))"))
                .isEqualTo("t.lir:1:1: expected the value of SET I32 to have type I32, found I64");
        assertThat(statementError("(SET I32 (INTCONST I32 0) (INTCONST I32 1))"))
                .isEqualTo("t.lir:1:10: expected MEM, REG or SUBREG as a target of SET, found (INTCONST …)");
        assertThat(statementError("(CALL (STATIC I64 \"f\") () ((STATIC I64 \"g\")))"))
                .isEqualTo("t.lir:1:28: expected MEM, REG or SUBREG as a target of CALL, found (STATIC …)");
    }

    @Test
    void conditionsAndTests() {
        accepted("(IF F64 (TSTEQ I32 (REG I32 \"a\") (INTCONST I32 0)) (REG F64 \"x\") (REG F64 \"y\"))");
        assertThat(expressionError("(IF I32 (REG F64 \"c\") (REG I32 \"x\") (REG I32 \"y\"))"))
                .isEqualTo("t.lir:1:1: expected an integer type for the condition of IF, found F64");
        assertThat(expressionError("(IF I32 (REG I32 \"c\") (REG I32 \"x\") (REG I64 \"y\"))"))
                .isEqualTo("t.lir:1:1: expected the third operand of IF I32 to have type I32, found I64");
        assertThat(statementError("(JUMPC (SUB I32 (REG I32 \"a\") (REG I32 \"b\")) (LABEL I64 \"t\") (LABEL I64 \"f\"))"))
                .isEqualTo("t.lir:1:8: expected a comparison (TSTEQ, TSTLTS, …) as the test of JUMPC, found (SUB …)");
        assertThat(statementError("(JUMPN (REG I32 \"v\") (((INTCONST I64 0) (LABEL I64 \"a\"))) (LABEL I64 \"d\"))"))
                .isEqualTo("t.lir:1:23: expected a case value of type I32, found I64");
    }

    @Test
    void phiArgumentsHaveThePhiType() {
        assertThat(statementError("(PHI I32 (REG I32 \"x\") ((REG I32 \"a\") (LABEL I64 \"p\")) "
                + "((REG I64 \"b\") (LABEL I64 \"q\")))"))
                .isEqualTo("t.lir:1:57: expected the argument of PHI I32 to have type I32, found I64");
    }

    @Test
    void aWideningConvitIsRejectedAtItsNode() {
        assertThatThrownBy(() -> LirReader.readExpression("t.lir", "(CONVIT I16 (REG I8 \"x\"))"))
                .isInstanceOf(LirSyntaxError.class)
                .extracting(e -> ((LirSyntaxError) e).position())
                .isEqualTo(new SourcePos("t.lir", 1, 1));
    }
}
