package org.funssa.core.lir;

import io.vavr.collection.Map;
import io.vavr.collection.Stream;
import io.vavr.control.Option;

/** The pure operators of LIR, grouped by the shape of their operands and result. */
public enum Op {
    // Binary arithmetic and logic: operands have the result type.
    ADD(Kind.ARITHMETIC), SUB(Kind.ARITHMETIC), MUL(Kind.ARITHMETIC),
    DIVS(Kind.ARITHMETIC), DIVU(Kind.ARITHMETIC), MODS(Kind.ARITHMETIC), MODU(Kind.ARITHMETIC),
    BAND(Kind.ARITHMETIC), BOR(Kind.ARITHMETIC), BXOR(Kind.ARITHMETIC),
    // Shifts: the count may have another integer type.
    LSHS(Kind.SHIFT), LSHU(Kind.SHIFT), RSHS(Kind.SHIFT), RSHU(Kind.SHIFT),
    // Comparisons: operands share a type, the result is an integer 1 or 0.
    TSTEQ(Kind.COMPARE), TSTNE(Kind.COMPARE),
    TSTLTS(Kind.COMPARE), TSTLES(Kind.COMPARE), TSTGTS(Kind.COMPARE), TSTGES(Kind.COMPARE),
    TSTLTU(Kind.COMPARE), TSTLEU(Kind.COMPARE), TSTGTU(Kind.COMPARE), TSTGEU(Kind.COMPARE),
    // Unary, same type in and out.
    NEG(Kind.UNARY), BNOT(Kind.UNARY),
    // Conversions: the result type is the node's type, the operand's type differs as the name says.
    CONVSX(Kind.CONVERSION), CONVZX(Kind.CONVERSION), CONVIT(Kind.CONVERSION),
    CONVFX(Kind.CONVERSION), CONVFT(Kind.CONVERSION),
    CONVFI(Kind.CONVERSION), CONVFS(Kind.CONVERSION), CONVFU(Kind.CONVERSION),
    CONVSF(Kind.CONVERSION), CONVUF(Kind.CONVERSION);

    /** How an operator's operands relate to its type. */
    public enum Kind { ARITHMETIC, SHIFT, COMPARE, UNARY, CONVERSION }

    private static final Map<String, Op> BY_NAME = Stream.of(values()).toMap(Op::name, op -> op);

    private final Kind kind;

    Op(Kind kind) {
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }

    /** Number of operands: two for arithmetic, shifts and comparisons, one for the rest. */
    public int arity() {
        return switch (kind) {
            case ARITHMETIC, SHIFT, COMPARE -> 2;
            case UNARY, CONVERSION -> 1;
        };
    }

    public boolean isComparison() {
        return kind == Kind.COMPARE;
    }

    public static Option<Op> named(String name) {
        return BY_NAME.get(name);
    }
}
