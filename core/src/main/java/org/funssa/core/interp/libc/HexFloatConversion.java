package org.funssa.core.interp.libc;

import java.util.Locale;

/**
 * The hexadecimal floating conversions {@code a A} of {@code printf} (ISO C11 7.21.6.1 paragraph 8)
 * in glibc's form ({@code sysdeps/generic/printf_fphex.c}): the leading digit is the double's
 * implicit bit (1, or 0 for zero and subnormals, whose exponent prints as -1022); without a
 * precision the 13 fraction digits lose their trailing zeros; with one they are rounded
 * half-to-even, and a carry out of the fraction increments the leading digit (so {@code 0x2p+0}).
 */
final class HexFloatConversion {
    private static final int FRACTION_DIGITS = 13;

    private HexFloatConversion() {
    }

    static void format(Directive d, double value, ByteSink out) {
        boolean upper = d.conversion() == 'A';
        long bits = Double.doubleToRawLongBits(value);
        int sign = d.sign(bits < 0);
        if (!Double.isFinite(value)) {
            d.nonFinite(out, sign, value, upper);
            return;
        }
        int biased = (int) (bits >>> 52) & 0x7FF;
        long fraction = bits & ((1L << 52) - 1);
        int leading = biased == 0 ? 0 : 1;
        int exponent = biased == 0 ? (fraction == 0 ? 0 : -1022) : biased - 1023;
        int digits;
        int trailingZeros = 0;
        if (d.precision() < 0) {
            digits = FRACTION_DIGITS;
            while (digits > 0 && (fraction & 15) == 0) {
                fraction >>>= 4;
                digits--;
            }
        } else if (d.precision() < FRACTION_DIGITS) {
            digits = d.precision();
            int dropped = 4 * (FRACTION_DIGITS - digits);
            long kept = fraction >>> dropped;
            long rest = fraction & ((1L << dropped) - 1);
            long half = 1L << (dropped - 1);
            boolean odd = digits == 0 ? (leading & 1) == 1 : (kept & 1) == 1;
            if (rest > half || rest == half && odd) {
                kept++;
                if (kept >>> (4 * digits) != 0) {
                    kept = 0;
                    leading++;
                }
            }
            fraction = kept;
        } else {
            digits = FRACTION_DIGITS;
            trailingZeros = d.precision() - FRACTION_DIGITS;
        }
        StringBuilder body = new StringBuilder(digits + trailingZeros + 8);
        body.append((char) ('0' + leading));
        if (digits + trailingZeros > 0 || d.alt()) {
            body.append('.');
        }
        if (digits > 0) {
            String hex = Long.toHexString(fraction);
            body.append("0".repeat(digits - hex.length())).append(hex);
        }
        body.append("0".repeat(trailingZeros));
        body.append('p').append(exponent < 0 ? '-' : '+').append(Math.abs(exponent));
        String text = upper ? body.toString().toUpperCase(Locale.ROOT) : body.toString();
        d.field(out, sign, upper ? "0X" : "0x", text, true);
    }
}
