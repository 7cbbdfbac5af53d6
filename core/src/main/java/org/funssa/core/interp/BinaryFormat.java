package org.funssa.core.interp;

import java.math.BigInteger;

/**
 * An IEEE 754 binary interchange format (IEEE 754-2008 §3.6: binary32, binary64, binary128) and the
 * rounding of an exact value into it with roundTiesToEven (§4.3.1), the default attribute. One rounding
 * routine serves every conversion and operation that must round once: binary128 arithmetic, binary128 to
 * binary64/binary32, and 128-bit integers to any format.
 *
 * @param precision    p, the significand's bits including the implicit one (24, 53, 113)
 * @param exponentBits w, the exponent field's width (8, 11, 15)
 */
record BinaryFormat(int precision, int exponentBits) {

    static final BinaryFormat BINARY32 = new BinaryFormat(24, 8);
    static final BinaryFormat BINARY64 = new BinaryFormat(53, 11);
    static final BinaryFormat BINARY128 = new BinaryFormat(113, 15);

    /** The exponent bias, emax. */
    int bias() {
        return (1 << (exponentBits - 1)) - 1;
    }

    /** The biased exponent of infinities and NaNs (all ones). */
    int maxBiased() {
        return (1 << exponentBits) - 1;
    }

    /** The exponent of a subnormal's last bit, which is also that of the smallest normal's: emin - (p - 1). */
    long minQuantum() {
        return 1 - bias() - (precision - 1);
    }

    /** The encoding's width in bits. */
    int width() {
        return exponentBits + precision;
    }

    /**
     * The encoding (sign, biased exponent, trailing significand; as an unsigned integer) of
     * {@code ±(m + ε)·2^q} rounded to nearest, ties to even, where ε is 0 if {@code sticky} is false and
     * some number in (0, 1) otherwise. Too large a result rounds to infinity, too small a one to zero
     * (keeping the sign).
     *
     * @param m      the magnitude's integer significand, ≥ 0; when {@code sticky}, at least 2^(p+1)
     */
    BigInteger round(boolean negative, BigInteger m, long q, boolean sticky) {
        BigInteger sign = negative ? BigInteger.ONE.shiftLeft(width() - 1) : BigInteger.ZERO;
        if (m.signum() == 0) {
            return sign;
        }
        int n = m.bitLength();
        if (sticky && n < precision + 2) {
            throw new IllegalArgumentException("an inexact value needs at least p + 2 significant bits");
        }
        long shift = Math.max(n - precision, minQuantum() - q);
        BigInteger kept;
        if (shift > n + 1) {
            return sign; // below half the smallest subnormal
        } else if (shift > 0) {
            kept = m.shiftRight((int) shift);
            BigInteger rest = m.subtract(kept.shiftLeft((int) shift));
            int c = rest.compareTo(BigInteger.ONE.shiftLeft((int) shift - 1));
            if (c > 0 || c == 0 && (sticky || kept.testBit(0))) {
                kept = kept.add(BigInteger.ONE);
            }
        } else {
            kept = m.shiftLeft((int) -shift);
        }
        long exponent = q + shift; // of kept's last bit
        if (kept.bitLength() > precision) {
            kept = kept.shiftRight(1);
            exponent++;
        }
        long biased = kept.bitLength() == precision ? exponent + (precision - 1) + bias() : 0;
        if (biased >= maxBiased()) {
            return sign.or(BigInteger.valueOf(maxBiased()).shiftLeft(precision - 1));
        }
        return sign.or(BigInteger.valueOf(biased).shiftLeft(precision - 1)).or(kept.clearBit(precision - 1));
    }
}
