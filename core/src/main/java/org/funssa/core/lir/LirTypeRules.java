package org.funssa.core.lir;

import io.vavr.control.Option;

/**
 * The typing rules of LIR L-expressions (seed 004, appendix A; shared/LIR.md "Typing rules"): each
 * check returns the broken rule as "expected …, found …", or nothing when the node is well typed.
 * Where LIR.md and real COINS output differ, these follow the corpus. Public so that the functional IR's
 * verifier (module cps) applies exactly the same rules to its primitive operations.
 */
public final class LirTypeRules {

    private LirTypeRules() {}

    /** {@code (op t left right)} for an arithmetic, shift or comparison operator. */
    public static Option<String> binary(Op op, LirType type, LirType left, LirType right) {
        return switch (op.kind()) {
            case ARITHMETIC -> numeric(op, type)
                    .orElse(() -> operand(op, type, 1, type, left))
                    .orElse(() -> operand(op, type, 2, type, right));
            case SHIFT -> integer(op, "result", type)
                    .orElse(() -> operand(op, type, 1, type, left))
                    .orElse(() -> integer(op, "shift count", right));
            case COMPARE -> integer(op, "result", type)
                    .orElse(() -> left.equals(right) ? Option.none() : Option.of("expected the operands of " + op
                            + " to have one type, found " + left + " and " + right))
                    .orElse(() -> left instanceof LirType.Int || left instanceof LirType.Float ? Option.none()
                            : Option.of("expected integer or float operands for " + op + ", found " + left));
            case UNARY, CONVERSION -> throw new IllegalArgumentException(op + " is not binary");
        };
    }

    /** {@code (op t x)} for {@code NEG}, {@code BNOT} and the conversions. */
    public static Option<String> unary(Op op, LirType type, LirType x) {
        return switch (op) {
            case NEG, BNOT -> numeric(op, type).orElse(() -> operand(op, type, 1, type, x));
            case CONVSX, CONVZX -> conversion(op, type, x, LirType.Int.class, LirType.Int.class, +1);
            case CONVIT -> conversion(op, type, x, LirType.Int.class, LirType.Int.class, -1);
            case CONVFX -> conversion(op, type, x, LirType.Float.class, LirType.Float.class, +1);
            case CONVFT -> conversion(op, type, x, LirType.Float.class, LirType.Float.class, -1);
            case CONVFI, CONVFS, CONVFU -> conversion(op, type, x, LirType.Float.class, LirType.Int.class, 0);
            case CONVSF, CONVUF -> conversion(op, type, x, LirType.Int.class, LirType.Float.class, 0);
            default -> throw new IllegalArgumentException(op + " is not unary");
        };
    }

    /** {@code (MEM t address)}: the address is an integer. */
    public static Option<String> address(String form, LirType address) {
        return address instanceof LirType.Int ? Option.none()
                : Option.of("expected an integer (address) type for the address of " + form + ", found " + address);
    }

    /** {@code (IF t c a b)}. */
    public static Option<String> select(LirType type, LirType condition, LirType then, LirType otherwise) {
        if (!(condition instanceof LirType.Int)) {
            return Option.of("expected an integer type for the condition of IF, found " + condition);
        }
        if (!then.equals(type)) {
            return Option.of("expected the second operand of IF " + type + " to have type " + type + ", found " + then);
        }
        if (!otherwise.equals(type)) {
            return Option.of("expected the third operand of IF " + type + " to have type " + type + ", found "
                    + otherwise);
        }
        return Option.none();
    }

    /** A typed assignment ({@code SET}, {@code PHI}): target and value have the statement's type. */
    public static Option<String> assignment(String form, LirType type, String what, LirType actual) {
        return actual.equals(type) ? Option.none()
                : Option.of("expected the " + what + " of " + form + " " + type + " to have type " + type + ", found "
                        + actual);
    }

    private static Option<String> numeric(Op op, LirType type) {
        return type instanceof LirType.Int || type instanceof LirType.Float ? Option.none()
                : Option.of("expected an integer or float type for " + op + ", found " + type);
    }

    private static Option<String> integer(Op op, String what, LirType type) {
        return type instanceof LirType.Int ? Option.none()
                : Option.of("expected an integer type for the " + what + " of " + op + ", found " + type);
    }

    private static Option<String> operand(Op op, LirType type, int index, LirType expected, LirType actual) {
        return actual.equals(expected) ? Option.none()
                : Option.of("expected operand " + index + " of " + op + " " + type + " to have type " + expected
                        + ", found " + actual);
    }

    /**
     * A conversion from kind {@code from} to kind {@code to}; direction +1 widens, -1 narrows, 0 any size.
     * A conversion to the same size is allowed: COINS writes {@code (CONVIT I32 x)} with x of type I32 for
     * bit-field stores (corpus: WhiteBox1/tpbitfield1).
     */
    private static Option<String> conversion(Op op, LirType type, LirType x, Class<? extends LirType> from,
                                             Class<? extends LirType> to, int direction) {
        if (!to.isInstance(type)) {
            return Option.of("expected " + kind(to) + " result type for " + op + ", found " + type);
        }
        if (!from.isInstance(x)) {
            return Option.of("expected " + kind(from) + " operand for " + op + " " + type + ", found " + x);
        }
        if (direction > 0 && x.bits() > type.bits()) {
            return Option.of("expected an operand no wider than " + type + " for " + op + " (it widens), found " + x);
        }
        if (direction < 0 && x.bits() < type.bits()) {
            return Option.of("expected an operand no narrower than " + type + " for " + op + " (it narrows), found "
                    + x);
        }
        return Option.none();
    }

    private static String kind(Class<? extends LirType> kind) {
        return kind == LirType.Int.class ? "an integer" : "a float";
    }
}
