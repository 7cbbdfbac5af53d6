package org.funssa.core.interp;

import java.math.BigInteger;

/**
 * A 128-bit two's-complement integer (LIR's {@code I128}, gcc's {@code __int128}) as two 64-bit halves:
 * the value is {@code high·2^64 + unsigned(low)}. Arithmetic wraps around modulo 2^128. Addition,
 * subtraction, multiplication, logic and shifts work on the halves ({@link Math#unsignedMultiplyHigh});
 * division goes through {@link BigInteger}. Signed or unsigned is a property of the operation, as in LIR.
 */
public record Int128(long high, long low) {

    public static final Int128 ZERO = new Int128(0, 0);
    /** The minimum value -2^127, also the "integer indefinite" value of float-to-I128 conversions. */
    public static final Int128 MIN_VALUE = new Int128(Long.MIN_VALUE, 0);
    public static final Int128 MAX_VALUE = new Int128(Long.MAX_VALUE, -1);

    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

    /** A 64-bit value sign-extended. */
    public static Int128 of(long v) {
        return new Int128(v >> 63, v);
    }

    /** A 64-bit value zero-extended. */
    public static Int128 ofUnsigned(long v) {
        return new Int128(0, v);
    }

    /** The low 128 bits of v, two's complement (v modulo 2^128). */
    public static Int128 of(BigInteger v) {
        return new Int128(v.shiftRight(64).longValue(), v.longValue());
    }

    /** The value, signed. */
    public BigInteger toBigInteger() {
        return BigInteger.valueOf(high).shiftLeft(64).add(unsigned(low));
    }

    /** The value read as unsigned, in [0, 2^128). */
    public BigInteger toUnsignedBigInteger() {
        return unsigned(high).shiftLeft(64).add(unsigned(low));
    }

    private static BigInteger unsigned(long v) {
        BigInteger b = BigInteger.valueOf(v);
        return v < 0 ? b.add(TWO_64) : b;
    }

    public boolean isZero() {
        return (high | low) == 0;
    }

    public Int128 add(Int128 o) {
        long lo = low + o.low;
        long carry = Long.compareUnsigned(lo, low) < 0 ? 1 : 0;
        return new Int128(high + o.high + carry, lo);
    }

    public Int128 subtract(Int128 o) {
        long borrow = Long.compareUnsigned(low, o.low) < 0 ? 1 : 0;
        return new Int128(high - o.high - borrow, low - o.low);
    }

    /** The product modulo 2^128 (the same bits for signed and unsigned operands). */
    public Int128 multiply(Int128 o) {
        long hi = Math.unsignedMultiplyHigh(low, o.low) + low * o.high + high * o.low;
        return new Int128(hi, low * o.low);
    }

    public Int128 negate() {
        return ZERO.subtract(this);
    }

    public Int128 not() {
        return new Int128(~high, ~low);
    }

    public Int128 and(Int128 o) {
        return new Int128(high & o.high, low & o.low);
    }

    public Int128 or(Int128 o) {
        return new Int128(high | o.high, low | o.low);
    }

    public Int128 xor(Int128 o) {
        return new Int128(high ^ o.high, low ^ o.low);
    }

    /** Shift left by n in [0, 127]. */
    public Int128 shiftLeft(int n) {
        if (n == 0) {
            return this;
        }
        return n < 64 ? new Int128(high << n | low >>> (64 - n), low << n) : new Int128(low << (n - 64), 0);
    }

    /** Arithmetic shift right by n in [0, 127]. */
    public Int128 shiftRight(int n) {
        if (n == 0) {
            return this;
        }
        return n < 64 ? new Int128(high >> n, low >>> n | high << (64 - n)) : new Int128(high >> 63, high >> (n - 64));
    }

    /** Logical shift right by n in [0, 127]. */
    public Int128 shiftRightUnsigned(int n) {
        if (n == 0) {
            return this;
        }
        return n < 64 ? new Int128(high >>> n, low >>> n | high << (64 - n)) : new Int128(0, high >>> (n - 64));
    }

    /** Signed comparison: negative, zero or positive. */
    public int compareSigned(Int128 o) {
        int c = Long.compare(high, o.high);
        return c != 0 ? c : Long.compareUnsigned(low, o.low);
    }

    /** Unsigned comparison: negative, zero or positive. */
    public int compareUnsigned(Int128 o) {
        int c = Long.compareUnsigned(high, o.high);
        return c != 0 ? c : Long.compareUnsigned(low, o.low);
    }

    /** The signed value in decimal. */
    @Override
    public String toString() {
        return toBigInteger().toString();
    }
}
