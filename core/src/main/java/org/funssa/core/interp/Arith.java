package org.funssa.core.interp;

import io.vavr.collection.Vector;
import org.funssa.core.lir.LirType;
import org.funssa.core.lir.Op;

/**
 * The value semantics of LIR's pure operators (seed 004, appendix A; {@code shared/LIR.md}), as x86_64
 * executes them. Shared by the LIR interpreter, the IR interpreter and constant folding.
 *
 * <p>Integers of width w (8, 16, 32, 64) are held in a {@code long} sign-extended from w bits; every
 * operation returns that canonical form. Decisions where C leaves the result open, taken as x86_64 does:
 * <ul>
 *   <li>Arithmetic wraps around modulo 2^w (two's complement).</li>
 *   <li>{@code DIVS}/{@code MODS} of the minimum value by -1 traps ({@link RuntimeError.Kind#DIVISION_OVERFLOW}),
 *       as {@code idiv} raises #DE; division or modulo by zero traps ({@link RuntimeError.Kind#DIVISION_BY_ZERO}).</li>
 *   <li>Shift counts are masked as the hardware does: to 6 bits for I64, to 5 bits for narrower types
 *       (x86 masks 8/16/32-bit shift counts to 5 bits). The shift is then done at width w, so an I8
 *       shifted left by 9 is 0.</li>
 *   <li>Float to integer ({@code CONVFS}) truncates toward zero; NaN and out-of-range values give the
 *       "integer indefinite" value 0x80000000 (I8/I16/I32, then truncated) or 0x8000000000000000 (I64),
 *       as {@code cvttsd2si} does. Float to unsigned ({@code CONVFU}, and {@code CONVFI}, which COINS
 *       reads as {@code CONVFU}) is gcc's sequence: for I64, values ≥ 2^63 convert {@code x - 2^63} and
 *       set the top bit; narrower types convert with 64-bit {@code cvttsd2si} and truncate.</li>
 *   <li>Integer to float rounds to nearest-even at the target type, once ({@code CONVUF} of an unsigned
 *       I64 to F32 rounds straight to float, not through double).</li>
 *   <li>F32 arithmetic rounds to float after every operation; comparisons with NaN are false except
 *       {@code TSTNE}.</li>
 * </ul>
 * I128 and F128 arithmetic are not executed: F128 is computed as F64, and I128 is rejected with
 * {@link RuntimeError.Kind#UNSUPPORTED} (no program of the COINS corpus uses either).
 */
public final class Arith {

    private Arith() {}

    // ---------------------------------------------------------------- representation

    /** v sign-extended from its low {@code bits} bits. */
    public static long normalize(int bits, long v) {
        return switch (bits) {
            case 8 -> (byte) v;
            case 16 -> (short) v;
            case 32 -> (int) v;
            default -> v;
        };
    }

    /** v zero-extended from its low {@code bits} bits. */
    public static long zeroExtend(int bits, long v) {
        return switch (bits) {
            case 8 -> v & 0xFFL;
            case 16 -> v & 0xFFFFL;
            case 32 -> v & 0xFFFF_FFFFL;
            default -> v;
        };
    }

    /** An F32 result rounded to float; other float types unchanged. */
    public static double roundTo(int bits, double v) {
        return bits == 32 ? (double) (float) v : v;
    }

    // ---------------------------------------------------------------- integer operators

    /** {@code op} (arithmetic, logic or shift) on integers of width {@code bits}. */
    public static long binary(Op op, int bits, long a, long b) {
        return switch (op) {
            case ADD -> normalize(bits, a + b);
            case SUB -> normalize(bits, a - b);
            case MUL -> normalize(bits, a * b);
            case DIVS -> divs(bits, a, b);
            case DIVU -> divu(bits, a, b);
            case MODS -> mods(bits, a, b);
            case MODU -> modu(bits, a, b);
            case BAND -> a & b;
            case BOR -> a | b;
            case BXOR -> a ^ b;
            case LSHS, LSHU -> shl(bits, a, b);
            case RSHS -> shrs(bits, a, b);
            case RSHU -> shru(bits, a, b);
            default -> throw new IllegalArgumentException(op + " is not an integer binary operator");
        };
    }

    public static long divs(int bits, long a, long b) {
        checkSignedDivision(bits, a, b);
        return normalize(bits, a / b);
    }

    public static long mods(int bits, long a, long b) {
        checkSignedDivision(bits, a, b);
        return normalize(bits, a % b);
    }

    public static long divu(int bits, long a, long b) {
        if (b == 0) {
            throw new RuntimeTrap(RuntimeError.Kind.DIVISION_BY_ZERO, "unsigned division by zero");
        }
        return normalize(bits, Long.divideUnsigned(zeroExtend(bits, a), zeroExtend(bits, b)));
    }

    public static long modu(int bits, long a, long b) {
        if (b == 0) {
            throw new RuntimeTrap(RuntimeError.Kind.DIVISION_BY_ZERO, "unsigned modulo by zero");
        }
        return normalize(bits, Long.remainderUnsigned(zeroExtend(bits, a), zeroExtend(bits, b)));
    }

    private static void checkSignedDivision(int bits, long a, long b) {
        if (b == 0) {
            throw new RuntimeTrap(RuntimeError.Kind.DIVISION_BY_ZERO, "signed division by zero");
        }
        if (b == -1 && a == minimum(bits)) {
            throw new RuntimeTrap(RuntimeError.Kind.DIVISION_OVERFLOW,
                    "signed division overflow: " + a + " / -1 at I" + bits);
        }
    }

    private static long minimum(int bits) {
        return bits == 64 ? Long.MIN_VALUE : -(1L << (bits - 1));
    }

    private static int shiftCount(int bits, long count) {
        return (int) (count & (bits == 64 ? 63 : 31));
    }

    public static long shl(int bits, long a, long count) {
        int n = shiftCount(bits, count);
        return n >= bits ? 0 : normalize(bits, a << n);
    }

    public static long shrs(int bits, long a, long count) {
        int n = shiftCount(bits, count);
        return a >> Math.min(n, 63);
    }

    public static long shru(int bits, long a, long count) {
        int n = shiftCount(bits, count);
        return n >= bits ? 0 : normalize(bits, zeroExtend(bits, a) >>> n);
    }

    public static long neg(int bits, long a) {
        return normalize(bits, -a);
    }

    public static long bnot(int bits, long a) {
        return normalize(bits, ~a);
    }

    /** A comparison of two integers of width {@code bits}. */
    public static boolean compare(Op op, int bits, long a, long b) {
        return switch (op) {
            case TSTEQ -> a == b;
            case TSTNE -> a != b;
            case TSTLTS -> a < b;
            case TSTLES -> a <= b;
            case TSTGTS -> a > b;
            case TSTGES -> a >= b;
            case TSTLTU -> Long.compareUnsigned(zeroExtend(bits, a), zeroExtend(bits, b)) < 0;
            case TSTLEU -> Long.compareUnsigned(zeroExtend(bits, a), zeroExtend(bits, b)) <= 0;
            case TSTGTU -> Long.compareUnsigned(zeroExtend(bits, a), zeroExtend(bits, b)) > 0;
            case TSTGEU -> Long.compareUnsigned(zeroExtend(bits, a), zeroExtend(bits, b)) >= 0;
            default -> throw new IllegalArgumentException(op + " is not a comparison");
        };
    }

    // ---------------------------------------------------------------- float operators

    /** {@code op} on floats of width {@code bits}, rounded to that width. */
    public static double binary(Op op, int bits, double a, double b) {
        if (bits == 32) {
            float x = (float) a;
            float y = (float) b;
            return switch (op) {
                case ADD -> x + y;
                case SUB -> x - y;
                case MUL -> x * y;
                case DIVS, DIVU -> x / y;
                default -> throw new IllegalArgumentException(op + " is not a float operator");
            };
        }
        return switch (op) {
            case ADD -> a + b;
            case SUB -> a - b;
            case MUL -> a * b;
            case DIVS, DIVU -> a / b;
            default -> throw new IllegalArgumentException(op + " is not a float operator");
        };
    }

    /** A comparison of two floats: false on NaN except for {@code TSTNE}. */
    public static boolean compare(Op op, double a, double b) {
        return switch (op) {
            case TSTEQ -> a == b;
            case TSTNE -> a != b;
            case TSTLTS, TSTLTU -> a < b;
            case TSTLES, TSTLEU -> a <= b;
            case TSTGTS, TSTGTU -> a > b;
            case TSTGES, TSTGEU -> a >= b;
            default -> throw new IllegalArgumentException(op + " is not a comparison");
        };
    }

    // ---------------------------------------------------------------- conversions

    /** {@code CONVSX}: sign-extend (the canonical form already is). */
    public static long signExtend(int toBits, long a) {
        return normalize(toBits, a);
    }

    /** {@code CONVZX} from {@code fromBits} to {@code toBits}. */
    public static long zeroExtend(int fromBits, int toBits, long a) {
        return normalize(toBits, zeroExtend(fromBits, a));
    }

    /** {@code CONVIT}: keep the low {@code toBits} bits. */
    public static long truncate(int toBits, long a) {
        return normalize(toBits, a);
    }

    /** {@code CONVFS}: float to signed integer, truncating, with x86's indefinite value when out of range. */
    public static long floatToSigned(int toBits, double a) {
        if (toBits == 64) {
            return cvtt64(a);
        }
        long v = (Double.isNaN(a) || a >= 0x1p31 || a < -0x1p31) ? Integer.MIN_VALUE : (long) a;
        return normalize(toBits, v);
    }

    /** {@code CONVFU} (and {@code CONVFI}): float to unsigned integer, as gcc compiles it for x86_64. */
    public static long floatToUnsigned(int toBits, double a) {
        if (toBits == 64) {
            return a >= 0x1p63 ? cvtt64(a - 0x1p63) ^ Long.MIN_VALUE : cvtt64(a);
        }
        return normalize(toBits, cvtt64(a));
    }

    private static long cvtt64(double a) {
        return (Double.isNaN(a) || a >= 0x1p63 || a < -0x1p63) ? Long.MIN_VALUE : (long) a;
    }

    /** {@code CONVSF}: signed integer to float, rounded once to the target width. */
    public static double signedToFloat(int toBits, long a) {
        return toBits == 32 ? (double) (float) a : (double) a;
    }

    /** {@code CONVUF}: unsigned integer (zero-extended from {@code fromBits}) to float, rounded once. */
    public static double unsignedToFloat(int fromBits, int toBits, long a) {
        long u = zeroExtend(fromBits, a);
        if (u >= 0) {
            return signedToFloat(toBits, u);
        }
        // Halve with the lost bit kept sticky, convert (one rounding, exact when doubled), double back.
        long half = (u >>> 1) | (u & 1);
        return toBits == 32 ? (double) ((float) half * 2.0f) : (double) half * 2.0;
    }

    /** {@code CONVFX}/{@code CONVFT}: float to float, rounded to the target width. */
    public static double floatToFloat(int toBits, double a) {
        return roundTo(toBits, a);
    }

    // ---------------------------------------------------------------- typed values

    /**
     * {@code (op type operands…)} on typed values: the generic entry point (constant folding, tests).
     * {@code type} is the node's result type; operand types come from the values.
     *
     * @throws RuntimeTrap on a division by zero or overflow, or an unsupported type
     */
    public static Value evaluate(Op op, LirType type, Vector<Value> operands) {
        if (operands.size() != op.arity()) {
            throw new IllegalArgumentException(op + " takes " + op.arity() + " operands, got " + operands.size());
        }
        Value a = operands.get(0);
        return switch (op.kind()) {
            case ARITHMETIC, SHIFT -> switch (type) {
                case LirType.Int t -> new Value.Int(checked(t),
                        binary(op, t.bits(), integer(a), integer(operands.get(1))));
                case LirType.Float t -> new Value.Float(t,
                        binary(op, t.bits(), floating(a), floating(operands.get(1))));
                default -> throw unsupported(op, type);
            };
            case COMPARE -> {
                Value b = operands.get(1);
                boolean result = switch (a) {
                    case Value.Int x -> compare(op, x.type().bits(), x.bits(), integer(b));
                    case Value.Float x -> compare(op, x.value(), floating(b));
                    case Value.Block x -> throw unsupported(op, x.type());
                };
                yield new Value.Int(checked(integerType(op, type)), result ? 1 : 0);
            }
            case UNARY -> switch (type) {
                case LirType.Int t -> new Value.Int(checked(t),
                        op == Op.NEG ? neg(t.bits(), integer(a)) : bnot(t.bits(), integer(a)));
                case LirType.Float t when op == Op.NEG -> new Value.Float(t, -floating(a));
                default -> throw unsupported(op, type);
            };
            case CONVERSION -> convert(op, type, a);
        };
    }

    private static Value convert(Op op, LirType type, Value a) {
        return switch (op) {
            case CONVSX -> new Value.Int(checked(integerType(op, type)), signExtend(type.bits(), integer(a)));
            case CONVZX -> new Value.Int(checked(integerType(op, type)),
                    zeroExtend(a.type().bits(), type.bits(), integer(a)));
            case CONVIT -> new Value.Int(checked(integerType(op, type)), truncate(type.bits(), integer(a)));
            case CONVFS -> new Value.Int(checked(integerType(op, type)), floatToSigned(type.bits(), floating(a)));
            case CONVFU, CONVFI -> new Value.Int(checked(integerType(op, type)),
                    floatToUnsigned(type.bits(), floating(a)));
            case CONVSF -> new Value.Float(floatType(op, type), signedToFloat(type.bits(), integer(a)));
            case CONVUF -> new Value.Float(floatType(op, type),
                    unsignedToFloat(a.type().bits(), type.bits(), integer(a)));
            case CONVFX, CONVFT -> new Value.Float(floatType(op, type), floatToFloat(type.bits(), floating(a)));
            default -> throw new IllegalArgumentException(op + " is not a conversion");
        };
    }

    private static LirType.Int integerType(Op op, LirType type) {
        if (type instanceof LirType.Int t) {
            return t;
        }
        throw unsupported(op, type);
    }

    private static LirType.Float floatType(Op op, LirType type) {
        if (type instanceof LirType.Float t) {
            return t;
        }
        throw unsupported(op, type);
    }

    private static LirType.Int checked(LirType.Int t) {
        if (t.bits() > 64) {
            throw new RuntimeTrap(RuntimeError.Kind.UNSUPPORTED, "I128 values are not supported by the interpreter");
        }
        return t;
    }

    private static long integer(Value v) {
        return switch (v) {
            case Value.Int i -> i.bits();
            default -> throw new IllegalArgumentException("expected an integer value, got " + v);
        };
    }

    private static double floating(Value v) {
        return switch (v) {
            case Value.Float f -> f.value();
            default -> throw new IllegalArgumentException("expected a float value, got " + v);
        };
    }

    private static IllegalArgumentException unsupported(Op op, LirType type) {
        return new IllegalArgumentException(op + " is not defined on " + type);
    }
}
