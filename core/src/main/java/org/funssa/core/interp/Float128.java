package org.funssa.core.interp;

import io.vavr.control.Option;
import java.math.BigInteger;

/**
 * An IEEE 754 binary128 number (IEEE 754-2008 §3.6: 1 sign bit, 15 exponent bits with bias 16383, 112
 * trailing significand bits, precision 113), LIR's {@code F128}, held as its 128-bit encoding: {@code high}
 * holds sign, exponent and the significand's top 48 bits, {@code low} its bottom 64 bits.
 *
 * <p>Addition, subtraction, multiplication and division compute the exact result with {@link BigInteger}
 * and round it once to nearest, ties to even (§4.3.1; {@link BinaryFormat#round}), with subnormals,
 * overflow to infinity and signed zeros as §6 prescribes. A NaN operand gives that NaN made quiet (the
 * first operand's if both are NaN); an invalid operation (∞ - ∞, 0 × ∞, 0/0, ∞/∞) gives the default NaN
 * of x86_64's soft-float (libgcc's {@code __addtf3} & co.): sign set, quiet bit set, rest zero.
 */
public record Float128(long high, long low) {

    public static final Float128 POSITIVE_ZERO = new Float128(0, 0);
    public static final Float128 POSITIVE_INFINITY = new Float128(0x7FFF_0000_0000_0000L, 0);
    public static final Float128 NEGATIVE_INFINITY = new Float128(0xFFFF_0000_0000_0000L, 0);
    /** The default NaN produced by invalid operations. */
    public static final Float128 DEFAULT_NAN = new Float128(0xFFFF_8000_0000_0000L, 0);

    private static final long SIGN = Long.MIN_VALUE;
    private static final long FRACTION_HIGH = 0x0000_FFFF_FFFF_FFFFL;
    private static final long QUIET = 0x0000_8000_0000_0000L;
    private static final int BIAS = 16383;
    private static final BinaryFormat FORMAT = BinaryFormat.BINARY128;

    /** The number of an encoding given as an unsigned 128-bit integer. */
    static Float128 ofEncoding(BigInteger bits) {
        return new Float128(bits.shiftRight(64).longValue(), bits.longValue());
    }

    /** A double, exactly (binary128 holds every binary64 value); a NaN keeps its payload's top bits. */
    public static Float128 of(double d) {
        long bits = Double.doubleToRawLongBits(d);
        long sign = bits & SIGN;
        int e = (int) (bits >>> 52) & 0x7FF;
        long f = bits & 0xF_FFFF_FFFF_FFFFL;
        if (e == 0x7FF) {
            return new Float128(sign | 0x7FFF_0000_0000_0000L | f >>> 4, f << 60);
        }
        if (e == 0) {
            if (f == 0) {
                return new Float128(sign, 0);
            }
            int lead = 63 - Long.numberOfLeadingZeros(f); // the significand's leading bit, below bit 52
            e = 1 - (52 - lead);
            f = (f << (52 - lead)) & 0xF_FFFF_FFFF_FFFFL;
        }
        long biased = e - 1023 + BIAS;
        return new Float128(sign | biased << 48 | f >>> 4, f << 60);
    }

    /** ±m·2^q rounded once to binary128. */
    static Float128 round(boolean negative, BigInteger m, long q) {
        return ofEncoding(FORMAT.round(negative, m, q, false));
    }

    /** An integer rounded once to binary128 (exact when it has at most 113 significant bits). */
    public static Float128 of(BigInteger v) {
        return round(v.signum() < 0, v.abs(), 0);
    }

    // ---------------------------------------------------------------- classification

    public boolean isNegative() {
        return high < 0;
    }

    private int biasedExponent() {
        return (int) (high >>> 48) & 0x7FFF;
    }

    public boolean isNaN() {
        return biasedExponent() == 0x7FFF && ((high & FRACTION_HIGH) | low) != 0;
    }

    public boolean isInfinite() {
        return biasedExponent() == 0x7FFF && ((high & FRACTION_HIGH) | low) == 0;
    }

    public boolean isZero() {
        return ((high & ~SIGN) | low) == 0;
    }

    /** The integer significand m of a finite number, whose magnitude is m·2^{@link #exponent()}. */
    private BigInteger significand() {
        long top = (high & FRACTION_HIGH) | (biasedExponent() == 0 ? 0 : 1L << 48);
        return BigInteger.valueOf(top).shiftLeft(64).or(BigInteger.valueOf(low >>> 1).shiftLeft(1))
                .or(BigInteger.valueOf(low & 1));
    }

    private long exponent() {
        return Math.max(1, biasedExponent()) - BIAS - 112L;
    }

    private Float128 quiet() {
        return new Float128(high | QUIET, low);
    }

    // ---------------------------------------------------------------- arithmetic

    public Float128 negate() {
        return new Float128(high ^ SIGN, low);
    }

    public Float128 add(Float128 o) {
        if (isNaN() || o.isNaN()) {
            return isNaN() ? quiet() : o.quiet();
        }
        if (isInfinite()) {
            return o.isInfinite() && o.isNegative() != isNegative() ? DEFAULT_NAN : this;
        }
        if (o.isInfinite()) {
            return o;
        }
        long q = Math.min(exponent(), o.exponent());
        BigInteger a = signed(significand().shiftLeft((int) (exponent() - q)), isNegative());
        BigInteger b = signed(o.significand().shiftLeft((int) (o.exponent() - q)), o.isNegative());
        BigInteger sum = a.add(b);
        if (sum.signum() == 0) {
            // An exact zero sum is +0 under roundTiesToEven unless both operands are -0 (§6.3).
            return isNegative() && o.isNegative() ? POSITIVE_ZERO.negate() : POSITIVE_ZERO;
        }
        return round(sum.signum() < 0, sum.abs(), q);
    }

    private static BigInteger signed(BigInteger m, boolean negative) {
        return negative ? m.negate() : m;
    }

    public Float128 subtract(Float128 o) {
        if (isNaN() || o.isNaN()) {
            return isNaN() ? quiet() : o.quiet();
        }
        return add(o.negate());
    }

    public Float128 multiply(Float128 o) {
        if (isNaN() || o.isNaN()) {
            return isNaN() ? quiet() : o.quiet();
        }
        boolean negative = isNegative() != o.isNegative();
        if (isInfinite() || o.isInfinite()) {
            return isZero() || o.isZero() ? DEFAULT_NAN : negative ? NEGATIVE_INFINITY : POSITIVE_INFINITY;
        }
        return round(negative, significand().multiply(o.significand()), exponent() + o.exponent());
    }

    public Float128 divide(Float128 o) {
        if (isNaN() || o.isNaN()) {
            return isNaN() ? quiet() : o.quiet();
        }
        boolean negative = isNegative() != o.isNegative();
        Float128 zero = negative ? POSITIVE_ZERO.negate() : POSITIVE_ZERO;
        Float128 infinity = negative ? NEGATIVE_INFINITY : POSITIVE_INFINITY;
        if (isInfinite()) {
            return o.isInfinite() ? DEFAULT_NAN : infinity;
        }
        if (o.isInfinite()) {
            return zero;
        }
        if (o.isZero()) {
            return isZero() ? DEFAULT_NAN : infinity;
        }
        if (isZero()) {
            return zero;
        }
        BigInteger a = significand();
        BigInteger b = o.significand();
        // Scale the dividend so that the quotient has at least p + 3 = 116 bits; the remainder is sticky.
        int scale = Math.max(0, 116 + b.bitLength() - a.bitLength());
        BigInteger[] qr = a.shiftLeft(scale).divideAndRemainder(b);
        return ofEncoding(FORMAT.round(negative, qr[0], exponent() - o.exponent() - scale, qr[1].signum() != 0));
    }

    /**
     * The numeric order of two numbers that are not NaN: negative, zero or positive. -0 equals +0.
     */
    public int compareValue(Float128 o) {
        if (isNaN() || o.isNaN()) {
            throw new IllegalArgumentException("NaN has no order");
        }
        return orderKey().compareSigned(o.orderKey());
    }

    /** A signed integer in the numbers' order: the magnitude's encoding, negated for negative numbers. */
    private Int128 orderKey() {
        Int128 magnitude = new Int128(high & ~SIGN, low);
        return isNegative() ? magnitude.negate() : magnitude;
    }

    // ---------------------------------------------------------------- conversions

    /** Rounded once to binary64 (ties to even); a NaN keeps its payload's top bits and becomes quiet. */
    public double toDouble() {
        if (isNaN()) {
            long payload = (high & FRACTION_HIGH) << 4 | low >>> 60;
            return Double.longBitsToDouble((high & SIGN) | 0x7FF0_0000_0000_0000L | payload | 1L << 51);
        }
        if (isInfinite()) {
            return isNegative() ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        return Double.longBitsToDouble(
                BinaryFormat.BINARY64.round(isNegative(), significand(), exponent(), false).longValue());
    }

    /** Rounded once to binary32 (not through binary64). */
    public float toFloat() {
        if (isNaN() || isInfinite()) {
            return (float) toDouble();
        }
        return Float.intBitsToFloat(
                BinaryFormat.BINARY32.round(isNegative(), significand(), exponent(), false).intValue());
    }

    /** The value truncated toward zero, for a finite number; none for infinities and NaNs. */
    public Option<BigInteger> truncate() {
        if (isNaN() || isInfinite()) {
            return Option.none();
        }
        long q = exponent();
        BigInteger m = q >= 0 ? significand().shiftLeft((int) q) : significand().shiftRight((int) Math.min(-q, 200));
        return Option.of(signed(m, isNegative()));
    }

    /** The encoding in hexadecimal, 32 digits, most significant first. */
    public String toHex() {
        return String.format("%016X%016X", high, low);
    }

    @Override
    public String toString() {
        return "Float128[0x" + toHex() + " ≈ " + toDouble() + "]";
    }
}
