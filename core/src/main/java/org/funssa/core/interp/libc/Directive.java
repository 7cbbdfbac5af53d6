package org.funssa.core.interp.libc;

import java.util.Locale;

/**
 * One conversion specification of a {@code printf} format after its {@code *} width and precision
 * have been read from the arguments (ISO C11 7.21.6.1 paragraphs 4–6).
 *
 * @param minus      the {@code -} flag: pad on the right
 * @param plus       the {@code +} flag: signed results always carry a sign
 * @param space      the space flag: a space where a {@code +} sign would be
 * @param alt        the {@code #} flag: the alternative form
 * @param zero       the {@code 0} flag: pad with zeros after the sign or prefix
 * @param width      the minimum field width, 0 when none
 * @param precision  the precision, -1 when none
 * @param length     the length modifier
 * @param conversion the conversion character
 */
record Directive(boolean minus, boolean plus, boolean space, boolean alt, boolean zero,
                 int width, int precision, LengthModifier length, char conversion) {

    /** The sign character a value of this sign gets: {@code -}, {@code +}, space, or 0 for none. */
    int sign(boolean negative) {
        return negative ? '-' : plus ? '+' : space ? ' ' : 0;
    }

    /** Writes an infinity or NaN as glibc does: {@code inf}/{@code nan} after the sign, padded with spaces only. */
    void nonFinite(ByteSink out, int sign, double value, boolean upper) {
        String word = Double.isNaN(value) ? "nan" : "inf";
        field(out, sign, "", upper ? word.toUpperCase(Locale.ROOT) : word, false);
    }

    /**
     * Writes {@code sign prefix body} padded to the width: on the right under {@code -}, with zeros
     * between prefix and body under {@code 0} when {@code mayZeroPad}, else with spaces on the left.
     */
    void field(ByteSink out, int sign, String prefix, String body, boolean mayZeroPad) {
        int length = (sign != 0 ? 1 : 0) + prefix.length() + body.length();
        int padding = Math.max(0, width - length);
        boolean zeros = zero && mayZeroPad && !minus;
        if (!minus && !zeros) {
            out.repeat(' ', padding);
        }
        if (sign != 0) {
            out.write(sign);
        }
        out.write(prefix);
        if (zeros) {
            out.repeat('0', padding);
        }
        out.write(body);
        if (minus) {
            out.repeat(' ', padding);
        }
    }
}
