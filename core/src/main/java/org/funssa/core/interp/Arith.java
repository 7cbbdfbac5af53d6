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
 * <p><b>I128</b> values are {@link Int128}s (two longs) and follow the same rules at 128 bits: wrap-around
 * modulo 2^128, {@code MIN / -1} and division by zero trap. x86_64 has no 128-bit shift instruction and
 * gcc leaves {@code __int128} shifts by ≥ 128 undefined; shift counts are masked to 7 bits, the natural
 * extension of the hardware's masking. Float to I128 truncates; NaN and out-of-range values give the
 * indefinite value 0x8000…0 (-2^127) as the narrower conversions do, and {@code CONVFU} to I128 is the
 * I64 sequence at 128 bits (values ≥ 2^127 convert {@code x - 2^127} and set the top bit). This is a
 * choice: gcc calls libgcc's {@code __fixtfti}/{@code __fixunsdfti}, which saturate instead; the
 * indefinite value keeps every width alike. I128 to float rounds once, to nearest-even.
 *
 * <p><b>F128</b> values are IEEE 754 binary128 {@link Float128}s, rounded once to nearest-even after every
 * operation; conversions to F32/F64 round once (never through an intermediate format), conversions from
 * F32/F64 and from integers of at most 113 significant bits are exact. Float to integer from F128 follows
 * the same indefinite-value rules as from F64.
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

    // ---------------------------------------------------------------- I128

    /** {@code op} (arithmetic, logic or shift) on I128 values; the shift count is the low 7 bits of b. */
    public static Int128 binary(Op op, Int128 a, Int128 b) {
        return switch (op) {
            case ADD -> a.add(b);
            case SUB -> a.subtract(b);
            case MUL -> a.multiply(b);
            case DIVS -> divs(a, b);
            case DIVU -> divu(a, b);
            case MODS -> mods(a, b);
            case MODU -> modu(a, b);
            case BAND -> a.and(b);
            case BOR -> a.or(b);
            case BXOR -> a.xor(b);
            case LSHS, LSHU -> a.shiftLeft(shiftCount128(b.low()));
            case RSHS -> a.shiftRight(shiftCount128(b.low()));
            case RSHU -> a.shiftRightUnsigned(shiftCount128(b.low()));
            default -> throw new IllegalArgumentException(op + " is not an integer binary operator");
        };
    }

    /** An I128 shift count: the low 7 bits of the count operand (see the class comment). */
    public static int shiftCount128(long count) {
        return (int) (count & 127);
    }

    public static Int128 divs(Int128 a, Int128 b) {
        checkSignedDivision(a, b);
        return Int128.of(a.toBigInteger().divide(b.toBigInteger()));
    }

    public static Int128 mods(Int128 a, Int128 b) {
        checkSignedDivision(a, b);
        return Int128.of(a.toBigInteger().remainder(b.toBigInteger()));
    }

    public static Int128 divu(Int128 a, Int128 b) {
        if (b.isZero()) {
            throw new RuntimeTrap(RuntimeError.Kind.DIVISION_BY_ZERO, "unsigned division by zero");
        }
        return Int128.of(a.toUnsignedBigInteger().divide(b.toUnsignedBigInteger()));
    }

    public static Int128 modu(Int128 a, Int128 b) {
        if (b.isZero()) {
            throw new RuntimeTrap(RuntimeError.Kind.DIVISION_BY_ZERO, "unsigned modulo by zero");
        }
        return Int128.of(a.toUnsignedBigInteger().remainder(b.toUnsignedBigInteger()));
    }

    private static void checkSignedDivision(Int128 a, Int128 b) {
        if (b.isZero()) {
            throw new RuntimeTrap(RuntimeError.Kind.DIVISION_BY_ZERO, "signed division by zero");
        }
        if (b.equals(Int128.of(-1)) && a.equals(Int128.MIN_VALUE)) {
            throw new RuntimeTrap(RuntimeError.Kind.DIVISION_OVERFLOW, "signed division overflow: " + a + " / -1 at I128");
        }
    }

    /** A comparison of two I128 values. */
    public static boolean compare(Op op, Int128 a, Int128 b) {
        return switch (op) {
            case TSTEQ -> a.equals(b);
            case TSTNE -> !a.equals(b);
            case TSTLTS -> a.compareSigned(b) < 0;
            case TSTLES -> a.compareSigned(b) <= 0;
            case TSTGTS -> a.compareSigned(b) > 0;
            case TSTGES -> a.compareSigned(b) >= 0;
            case TSTLTU -> a.compareUnsigned(b) < 0;
            case TSTLEU -> a.compareUnsigned(b) <= 0;
            case TSTGTU -> a.compareUnsigned(b) > 0;
            case TSTGEU -> a.compareUnsigned(b) >= 0;
            default -> throw new IllegalArgumentException(op + " is not a comparison");
        };
    }

    /** {@code CONVZX} from {@code fromBits} (≤ 64) to I128. */
    public static Int128 zeroExtend128(int fromBits, long a) {
        return Int128.ofUnsigned(zeroExtend(fromBits, a));
    }

    /** {@code CONVIT} from I128: the low {@code toBits} bits. */
    public static long truncate(int toBits, Int128 a) {
        return normalize(toBits, a.low());
    }

    /** {@code CONVSF} from I128, rounded once to F32 or F64. */
    public static double signedToFloat(int toBits, Int128 a) {
        return integerToFloat(toBits, a.toBigInteger());
    }

    /** {@code CONVUF} from I128 (read as unsigned), rounded once to F32 or F64. */
    public static double unsignedToFloat(int toBits, Int128 a) {
        return integerToFloat(toBits, a.toUnsignedBigInteger());
    }

    private static double integerToFloat(int toBits, java.math.BigInteger v) {
        boolean negative = v.signum() < 0;
        if (toBits == 32) {
            return Float.intBitsToFloat(BinaryFormat.BINARY32.round(negative, v.abs(), 0, false).intValue());
        }
        return Double.longBitsToDouble(BinaryFormat.BINARY64.round(negative, v.abs(), 0, false).longValue());
    }

    /** {@code CONVFS} of a double to I128: truncating, the indefinite value 0x8000…0 when out of range. */
    public static Int128 floatToSigned128(double a) {
        return floatToSigned128(Float128.of(a));
    }

    /** {@code CONVFU} of a double to I128, as the I64 sequence extended (see the class comment). */
    public static Int128 floatToUnsigned128(double a) {
        return floatToUnsigned128(Float128.of(a));
    }

    // ---------------------------------------------------------------- F128

    /** {@code op} on F128 values, rounded once to binary128. */
    public static Float128 binary(Op op, Float128 a, Float128 b) {
        return switch (op) {
            case ADD -> a.add(b);
            case SUB -> a.subtract(b);
            case MUL -> a.multiply(b);
            case DIVS, DIVU -> a.divide(b);
            default -> throw new IllegalArgumentException(op + " is not a float operator");
        };
    }

    /** A comparison of two F128 values: false on NaN except for {@code TSTNE}. */
    public static boolean compare(Op op, Float128 a, Float128 b) {
        if (a.isNaN() || b.isNaN()) {
            if (!op.isComparison()) {
                throw new IllegalArgumentException(op + " is not a comparison");
            }
            return op == Op.TSTNE;
        }
        int c = a.compareValue(b);
        return switch (op) {
            case TSTEQ -> c == 0;
            case TSTNE -> c != 0;
            case TSTLTS, TSTLTU -> c < 0;
            case TSTLES, TSTLEU -> c <= 0;
            case TSTGTS, TSTGTU -> c > 0;
            case TSTGES, TSTGEU -> c >= 0;
            default -> throw new IllegalArgumentException(op + " is not a comparison");
        };
    }

    /** {@code CONVFT} from F128 to F32 or F64: one correct rounding. */
    public static double floatToFloat(int toBits, Float128 a) {
        return toBits == 32 ? a.toFloat() : a.toDouble();
    }

    /** {@code CONVFS} from F128 to I8…I64, truncating, with the widths' indefinite values as for doubles. */
    public static long floatToSigned(int toBits, Float128 a) {
        return toBits == 64 ? cvtt(64, a).low() : normalize(toBits, cvtt(32, a).low());
    }

    /** {@code CONVFU} (and {@code CONVFI}) from F128 to I8…I64, as for doubles. */
    public static long floatToUnsigned(int toBits, Float128 a) {
        return toBits == 64 ? cvttUnsigned(64, a).low() : normalize(toBits, cvtt(64, a).low());
    }

    /** {@code CONVFS} from F128 to I128. */
    public static Int128 floatToSigned128(Float128 a) {
        return cvtt(128, a);
    }

    /** {@code CONVFU} (and {@code CONVFI}) from F128 to I128. */
    public static Int128 floatToUnsigned128(Float128 a) {
        return cvttUnsigned(128, a);
    }

    /** Truncation to a signed integer of {@code bits}; NaN, infinities and out-of-range give the minimum. */
    private static Int128 cvtt(int bits, Float128 a) {
        Int128 indefinite = Int128.MIN_VALUE.shiftRight(128 - bits);
        return a.truncate()
                .filter(t -> t.bitLength() < bits)
                .map(Int128::of)
                .getOrElse(indefinite);
    }

    /** gcc's unsigned sequence at {@code bits}: values ≥ 2^(bits-1) convert {@code a - 2^(bits-1)} and set the top bit. */
    private static Int128 cvttUnsigned(int bits, Float128 a) {
        Float128 half = Float128.of(java.math.BigInteger.ONE.shiftLeft(bits - 1));
        if (!a.isNaN() && a.compareValue(half) >= 0) {
            return cvtt(bits, a.subtract(half)).xor(Int128.MIN_VALUE.shiftRight(128 - bits));
        }
        return cvtt(bits, a);
    }

    /** {@code CONVSF} from I128 to F128: exact up to 113 significant bits, rounded once beyond. */
    public static Float128 signedToFloat128(Int128 a) {
        return Float128.of(a.toBigInteger());
    }

    /** {@code CONVUF} from I128 (read as unsigned) to F128. */
    public static Float128 unsignedToFloat128(Int128 a) {
        return Float128.of(a.toUnsignedBigInteger());
    }

    // ---------------------------------------------------------------- typed values

    /**
     * {@code (op type operands…)} on typed values: the generic entry point (constant folding, tests).
     * {@code type} is the node's result type; operand types come from the values.
     *
     * @throws RuntimeTrap on a division by zero or overflow
     */
    public static Value evaluate(Op op, LirType type, Vector<Value> operands) {
        if (operands.size() != op.arity()) {
            throw new IllegalArgumentException(op + " takes " + op.arity() + " operands, got " + operands.size());
        }
        Value a = operands.get(0);
        return switch (op.kind()) {
            case ARITHMETIC, SHIFT -> switch (type) {
                case LirType.Int t when t.bits() == 128 -> Value.Int.of(binary(op, wide(a), wide(operands.get(1))));
                case LirType.Int t -> new Value.Int(t, binary(op, t.bits(), integer(a), integer(operands.get(1))));
                case LirType.Float t when t.bits() == 128 -> Value.Float.of(binary(op, quad(a), quad(operands.get(1))));
                case LirType.Float t -> new Value.Float(t,
                        binary(op, t.bits(), floating(a), floating(operands.get(1))));
                default -> throw unsupported(op, type);
            };
            case COMPARE -> {
                Value b = operands.get(1);
                boolean result = switch (a) {
                    case Value.Int x when x.type().bits() == 128 -> compare(op, x.int128(), wide(b));
                    case Value.Int x -> compare(op, x.type().bits(), x.bits(), integer(b));
                    case Value.Float x when x.type().bits() == 128 -> compare(op, x.exact(), quad(b));
                    case Value.Float x -> compare(op, x.value(), floating(b));
                    case Value.Block x -> throw unsupported(op, x.type());
                };
                yield new Value.Int(integerType(op, type), result ? 1 : 0);
            }
            case UNARY -> switch (type) {
                case LirType.Int t when t.bits() == 128 -> Value.Int.of(op == Op.NEG ? wide(a).negate() : wide(a).not());
                case LirType.Int t -> new Value.Int(t,
                        op == Op.NEG ? neg(t.bits(), integer(a)) : bnot(t.bits(), integer(a)));
                case LirType.Float t when op == Op.NEG && t.bits() == 128 -> Value.Float.of(quad(a).negate());
                case LirType.Float t when op == Op.NEG -> new Value.Float(t, -floating(a));
                default -> throw unsupported(op, type);
            };
            case CONVERSION -> convert(op, type, a);
        };
    }

    private static Value convert(Op op, LirType type, Value a) {
        int to = type.bits();
        int from = a.type().bits();
        return switch (op) {
            case CONVSX, CONVIT -> to == 128 ? Value.Int.of(wide(a))
                    : new Value.Int(integerType(op, type), normalize(to, integer(a)));
            case CONVZX -> to == 128 ? Value.Int.of(from == 128 ? wide(a) : zeroExtend128(from, integer(a)))
                    : new Value.Int(integerType(op, type), zeroExtend(from, to, integer(a)));
            case CONVFS -> to == 128 ? Value.Int.of(floatToSigned128(quad(a)))
                    : new Value.Int(integerType(op, type),
                            from == 128 ? floatToSigned(to, quad(a)) : floatToSigned(to, floating(a)));
            case CONVFU, CONVFI -> to == 128 ? Value.Int.of(floatToUnsigned128(quad(a)))
                    : new Value.Int(integerType(op, type),
                            from == 128 ? floatToUnsigned(to, quad(a)) : floatToUnsigned(to, floating(a)));
            case CONVSF -> to == 128 ? Value.Float.of(signedToFloat128(wide(a)))
                    : new Value.Float(floatType(op, type),
                            from == 128 ? signedToFloat(to, wide(a)) : signedToFloat(to, integer(a)));
            case CONVUF -> to == 128
                    ? Value.Float.of(unsignedToFloat128(from == 128 ? wide(a) : zeroExtend128(from, integer(a))))
                    : new Value.Float(floatType(op, type), from == 128 ? unsignedToFloat(to, wide(a))
                            : unsignedToFloat(from, to, integer(a)));
            case CONVFX, CONVFT -> to == 128 ? Value.Float.of(quad(a))
                    : new Value.Float(floatType(op, type),
                            from == 128 ? floatToFloat(to, quad(a)) : floatToFloat(to, floating(a)));
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

    private static long integer(Value v) {
        return switch (v) {
            case Value.Int i -> i.bits();
            default -> throw new IllegalArgumentException("expected an integer value, got " + v);
        };
    }

    /** An integer value at 128 bits (sign-extended when narrower). */
    private static Int128 wide(Value v) {
        return switch (v) {
            case Value.Int i -> i.int128();
            default -> throw new IllegalArgumentException("expected an integer value, got " + v);
        };
    }

    private static double floating(Value v) {
        return switch (v) {
            case Value.Float f -> f.value();
            default -> throw new IllegalArgumentException("expected a float value, got " + v);
        };
    }

    /** A float value exactly, as binary128. */
    private static Float128 quad(Value v) {
        return switch (v) {
            case Value.Float f -> f.exact();
            default -> throw new IllegalArgumentException("expected a float value, got " + v);
        };
    }

    private static IllegalArgumentException unsupported(Op op, LirType type) {
        return new IllegalArgumentException(op + " is not defined on " + type);
    }
}
