package org.funssa.core.interp.libc;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * The decimal floating conversions {@code f F e E g G} of {@code printf} (ISO C11 7.21.6.1
 * paragraph 8). Digits come from the exact decimal value of the binary double
 * ({@code new BigDecimal(double)} is exact), rounded half-to-even on that exact value, which is
 * what glibc prints in the default rounding mode. Infinities and NaNs print as {@code inf}/{@code nan}
 * with the sign of their sign bit, padded with spaces even under the {@code 0} flag, as glibc does.
 */
final class DecimalFloatConversion {
    private DecimalFloatConversion() {
    }

    static void format(Directive d, double value, ByteSink out) {
        boolean upper = Character.isUpperCase(d.conversion());
        int sign = d.sign(Double.doubleToRawLongBits(value) < 0);
        if (!Double.isFinite(value)) {
            d.nonFinite(out, sign, value, upper);
            return;
        }
        BigDecimal exact = new BigDecimal(Math.abs(value));
        int precision = d.precision() < 0 ? 6 : d.precision();
        String body = switch (d.conversion()) {
            case 'f', 'F' -> fixed(exact, precision, d.alt());
            case 'e', 'E' -> scientific(exact, precision, d.alt(), upper);
            default -> general(exact, precision == 0 ? 1 : precision, d.alt(), upper);
        };
        d.field(out, sign, "", body, true);
    }

    /** {@code [ddd].ddd} with {@code precision} fraction digits; {@code #} keeps the point when there are none. */
    private static String fixed(BigDecimal exact, int precision, boolean alt) {
        String digits = exact.setScale(precision, RoundingMode.HALF_EVEN).toPlainString();
        return precision == 0 && alt ? digits + "." : digits;
    }

    /** The significant digits (exactly {@code count}) and decimal exponent of the value rounded to {@code count} digits. */
    private record Significand(String digits, int exponent) {
        static Significand of(BigDecimal exact, int count) {
            if (exact.signum() == 0) {
                return new Significand("0".repeat(count), 0);
            }
            BigDecimal rounded = exact.round(new MathContext(count, RoundingMode.HALF_EVEN));
            String digits = rounded.unscaledValue().toString();
            int exponent = digits.length() - 1 - rounded.scale();
            return new Significand(digits + "0".repeat(count - digits.length()), exponent);
        }
    }

    /** {@code d.ddde±dd}: one digit before the point, {@code precision} after, an exponent of at least two digits. */
    private static String scientific(BigDecimal exact, int precision, boolean alt, boolean upper) {
        Significand s = Significand.of(exact, precision + 1);
        return mantissa(s, alt) + exponent(s.exponent(), upper);
    }

    private static String mantissa(Significand s, boolean alt) {
        String digits = s.digits();
        return digits.length() > 1 || alt ? digits.charAt(0) + "." + digits.substring(1) : digits;
    }

    private static String exponent(int exponent, boolean upper) {
        int magnitude = Math.abs(exponent);
        return (upper ? "E" : "e") + (exponent < 0 ? "-" : "+") + (magnitude < 10 ? "0" : "") + magnitude;
    }

    /**
     * {@code %g} with {@code precision} significant digits: the {@code e} style when the exponent X
     * of the rounded value is below -4 or at least the precision, else the {@code f} style with
     * {@code precision - 1 - X} fraction digits; without {@code #}, trailing fraction zeros and a
     * trailing point are removed.
     */
    private static String general(BigDecimal exact, int precision, boolean alt, boolean upper) {
        Significand s = Significand.of(exact, precision);
        int x = s.exponent();
        if (x < -4 || x >= precision) {
            // glibc picks the style from the unrounded exponent; when rounding then carries it
            // from precision - 1 to precision, it switches to the e style but keeps the f style's
            // zero fraction digits: 999999.5 prints as "1.e+06" under "%#g" (C says "1.00000e+06").
            boolean carriedOutOfFixed = exact.precision() - exact.scale() - 1 == precision - 1;
            String mantissa = mantissa(carriedOutOfFixed ? Significand.of(exact, 1) : s, alt);
            return (alt ? mantissa : stripFraction(mantissa)) + exponent(x, upper);
        }
        String digits = fixed(exact, precision - 1 - x, alt);
        return alt ? digits : stripFraction(digits);
    }

    private static String stripFraction(String digits) {
        if (digits.indexOf('.') < 0) {
            return digits;
        }
        int end = digits.length();
        while (digits.charAt(end - 1) == '0') {
            end--;
        }
        if (digits.charAt(end - 1) == '.') {
            end--;
        }
        return digits.substring(0, end);
    }
}
