package org.funssa.core.interp.libc;

import java.nio.charset.StandardCharsets;

/**
 * The integer conversions {@code d i u o x X p} and {@code c}, {@code s} of {@code printf}, as ISO
 * C11 7.21.6.1 paragraph 8 defines them and glibc's {@code vfprintf} prints them (the {@code %p}
 * form {@code 0x…}/{@code (nil)} and the {@code (null)} string are glibc's). Digits are produced
 * without allocating numbers.
 */
final class IntegerConversion {
    private static final byte[] LOWER = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] UPPER = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NULL = "(null)".getBytes(StandardCharsets.US_ASCII);

    private IntegerConversion() {
    }

    /** {@code %d} and {@code %i}. */
    static void signed(Directive d, long raw, ByteSink out) {
        long value = d.length().signed(raw);
        // The magnitude of Long.MIN_VALUE is 2^63, which -value gives when read unsigned.
        number(d, out, d.sign(value < 0), false, value < 0 ? -value : value, 10, LOWER);
    }

    /** {@code %u %o %x %X}: unsigned, so the {@code +} and space flags have no effect. */
    static void unsigned(Directive d, long raw, ByteSink out) {
        long value = d.length().unsigned(raw);
        switch (d.conversion()) {
            case 'o' -> number(d, out, 0, false, value, 8, LOWER);
            case 'x' -> number(d, out, 0, d.alt() && value != 0, value, 16, LOWER);
            case 'X' -> number(d, out, 0, d.alt() && value != 0, value, 16, UPPER);
            default -> number(d, out, 0, false, value, 10, LOWER);
        }
    }

    /** {@code %p}: glibc prints a non-null pointer as {@code %#lx} (keeping {@code +} and space), null as {@code (nil)}. */
    static void pointer(Directive d, long address, ByteSink out) {
        if (address == 0) {
            d.field(out, 0, "", "(nil)", false);
        } else {
            number(d, out, d.sign(false), true, address, 16, LOWER);
        }
    }

    /** {@code %c}: the int argument converted to unsigned char, NUL included. */
    static void character(Directive d, long raw, ByteSink out) {
        int padding = Math.max(0, d.width() - 1);
        if (!d.minus()) {
            out.repeat(' ', padding);
        }
        out.write((int) raw);
        if (d.minus()) {
            out.repeat(' ', padding);
        }
    }

    /** {@code %s}: at most precision bytes; glibc prints a null pointer as {@code (null)}, or nothing when the precision is below 6. */
    static void string(Directive d, long address, CFormat.Arguments args, ByteSink out) {
        byte[] text;
        if (address == 0) {
            text = d.precision() < 0 || d.precision() >= 6 ? NULL : new byte[0];
        } else {
            text = args.string(address);
        }
        int length = d.precision() < 0 ? text.length : Math.min(text.length, d.precision());
        int padding = Math.max(0, d.width() - length);
        if (!d.minus()) {
            out.repeat(' ', padding);
        }
        out.write(text, 0, length);
        if (d.minus()) {
            out.repeat(' ', padding);
        }
    }

    /**
     * Writes an unsigned magnitude in a base with its sign and {@code 0x} prefix: the precision is
     * the minimum digit count (0 with value 0 prints no digits), {@code #} with {@code o} makes the
     * first digit 0, and the {@code 0} flag pads with zeros only when no precision is given.
     */
    private static void number(Directive d, ByteSink out, int sign, boolean hexPrefix, long magnitude, int base,
                               byte[] digitSet) {
        byte[] digits = new byte[22];
        int position = digits.length;
        if (magnitude != 0 || d.precision() != 0) {
            switch (base) {
                case 16 -> {
                    do {
                        digits[--position] = digitSet[(int) (magnitude & 15)];
                        magnitude >>>= 4;
                    } while (magnitude != 0);
                }
                case 8 -> {
                    do {
                        digits[--position] = digitSet[(int) (magnitude & 7)];
                        magnitude >>>= 3;
                    } while (magnitude != 0);
                }
                default -> {
                    if (magnitude < 0) {
                        digits[--position] = digitSet[(int) Long.remainderUnsigned(magnitude, 10)];
                        magnitude = Long.divideUnsigned(magnitude, 10);
                    }
                    do {
                        digits[--position] = digitSet[(int) (magnitude % 10)];
                        magnitude /= 10;
                    } while (magnitude != 0);
                }
            }
        }
        int count = digits.length - position;
        int zeros = Math.max(0, d.precision() - count);
        if (d.alt() && base == 8 && zeros == 0 && (count == 0 || digits[position] != '0')) {
            zeros = 1;
        }
        int length = (sign != 0 ? 1 : 0) + (hexPrefix ? 2 : 0) + zeros + count;
        int padding = Math.max(0, d.width() - length);
        if (d.zero() && !d.minus() && d.precision() < 0) {
            zeros += padding;
            padding = 0;
        }
        if (!d.minus()) {
            out.repeat(' ', padding);
        }
        if (sign != 0) {
            out.write(sign);
        }
        if (hexPrefix) {
            out.write('0');
            out.write(digitSet == UPPER ? 'X' : 'x');
        }
        out.repeat('0', zeros);
        out.write(digits, position, count);
        if (d.minus()) {
            out.repeat(' ', padding);
        }
    }
}
