package org.funssa.core.interp.libc;

/**
 * The format engine of C's {@code printf} family, printing exactly what glibc prints on x86_64
 * Linux. Source: ISO C11 7.21.6.1 (the {@code fprintf} function) for the directive grammar and
 * meaning; glibc's {@code stdio-common/vfprintf} for what the standard leaves to the
 * implementation ({@code %p}, {@code (null)}, {@code -nan}, {@code %a} digits).
 *
 * <p>Directives whose behaviour C leaves undefined are rejected rather than guessed: a flag on a
 * conversion it is not defined for ({@code #} outside {@code o x X a A e E f F g G}, {@code 0}
 * outside the numeric conversions), a precision on {@code c} or {@code p}, a length modifier on a
 * conversion it does not apply to, anything between {@code %} and {@code %}, an incomplete
 * directive. Also rejected as unsupported: {@code %n}, positional arguments ({@code %1$d}), wide
 * characters and strings ({@code %lc}, {@code %ls}) and any other conversion character.
 */
public final class CFormat {
    private CFormat() {
    }

    /** The variadic arguments of one call, consumed in order. */
    public interface Arguments {
        /** The next integer or pointer argument as its raw 64-bit value (sign- or zero-extended by the caller from its LIR type). */
        long nextInteger();

        /** The next floating-point argument (C passes float varargs as double). */
        double nextDouble();

        /** The bytes of the NUL-terminated string at address, without the NUL. */
        byte[] string(long address);
    }

    /** Formats like C printf; returns the bytes written. Throws CFormatException for a directive C leaves undefined or that is not supported (%n, unknown conversion), with a message naming it and its offset. */
    public static byte[] format(byte[] format, Arguments args) {
        ByteSink out = new ByteSink(format.length + 16);
        int i = 0;
        while (i < format.length) {
            if (format[i] != '%') {
                int run = i;
                while (run < format.length && format[run] != '%') {
                    run++;
                }
                out.write(format, i, run - i);
                i = run;
            } else {
                i = directive(format, i, args, out);
            }
        }
        return out.toByteArray();
    }

    /** Reads the directive starting with the {@code %} at {@code start}, prints it, and returns the offset after it. */
    private static int directive(byte[] format, int start, Arguments args, ByteSink out) {
        int i = start + 1;
        boolean minus = false;
        boolean plus = false;
        boolean space = false;
        boolean alt = false;
        boolean zero = false;
        flags:
        while (i < format.length) {
            switch (format[i]) {
                case '-' -> minus = true;
                case '+' -> plus = true;
                case ' ' -> space = true;
                case '#' -> alt = true;
                case '0' -> zero = true;
                default -> {
                    break flags;
                }
            }
            i++;
        }
        int width = 0;
        if (i < format.length && format[i] == '*') {
            i++;
            int given = (int) args.nextInteger();
            if (given == Integer.MIN_VALUE) {
                throw error(format, start, "width " + given + " from '*' is out of range");
            }
            if (given < 0) {
                minus = true;
                width = -given;
            } else {
                width = given;
            }
        } else {
            int end = digitsEnd(format, i);
            width = number(format, start, i, end, "width");
            i = end;
            if (i < format.length && format[i] == '$') {
                throw error(format, start, "positional arguments ('$') are not supported");
            }
        }
        int precision = -1;
        if (i < format.length && format[i] == '.') {
            i++;
            if (i < format.length && format[i] == '*') {
                i++;
                int given = (int) args.nextInteger();
                precision = given < 0 ? -1 : given;
            } else {
                int end = digitsEnd(format, i);
                precision = number(format, start, i, end, "precision");
                i = end;
            }
        }
        LengthModifier length = LengthModifier.NONE;
        if (i < format.length) {
            switch (format[i]) {
                case 'h' -> {
                    boolean twice = i + 1 < format.length && format[i + 1] == 'h';
                    length = twice ? LengthModifier.HH : LengthModifier.H;
                    i += twice ? 2 : 1;
                }
                case 'l' -> {
                    boolean twice = i + 1 < format.length && format[i + 1] == 'l';
                    length = twice ? LengthModifier.LL : LengthModifier.L;
                    i += twice ? 2 : 1;
                }
                case 'q' -> {
                    length = LengthModifier.LL;
                    i++;
                }
                case 'j' -> {
                    length = LengthModifier.J;
                    i++;
                }
                case 'z' -> {
                    length = LengthModifier.Z;
                    i++;
                }
                case 't' -> {
                    length = LengthModifier.T;
                    i++;
                }
                case 'L' -> {
                    length = LengthModifier.BIG_L;
                    i++;
                }
                default -> {
                }
            }
        }
        if (i >= format.length) {
            throw error(format, start, "incomplete directive");
        }
        char conversion = (char) (format[i] & 0xFF);
        Directive d = new Directive(minus, plus, space, alt, zero, width, precision, length, conversion);
        check(format, start, d, i + 1 - start);
        switch (conversion) {
            case 'd', 'i' -> IntegerConversion.signed(d, args.nextInteger(), out);
            case 'u', 'o', 'x', 'X' -> IntegerConversion.unsigned(d, args.nextInteger(), out);
            case 'c' -> IntegerConversion.character(d, args.nextInteger(), out);
            case 's' -> IntegerConversion.string(d, args.nextInteger(), args, out);
            case 'p' -> IntegerConversion.pointer(d, args.nextInteger(), out);
            case 'f', 'F', 'e', 'E', 'g', 'G' -> DecimalFloatConversion.format(d, args.nextDouble(), out);
            case 'a', 'A' -> HexFloatConversion.format(d, args.nextDouble(), out);
            default -> out.write('%');
        }
        return i + 1;
    }

    /** Rejects what C leaves undefined for this conversion and what is not supported; {@code size} is the directive's length. */
    private static void check(byte[] format, int start, Directive d, int size) {
        char c = d.conversion();
        boolean integer = "diuoxX".indexOf(c) >= 0;
        boolean floating = "fFeEgGaA".indexOf(c) >= 0;
        if (c == '%') {
            if (size != 2) {
                throw error(format, start, "'%%' takes no flags, width, precision or length");
            }
            return;
        }
        if (c == 'n') {
            throw error(format, start, "%n is not supported");
        }
        if (!integer && !floating && "csp".indexOf(c) < 0) {
            throw error(format, start, "unknown conversion '" + display(c) + "'");
        }
        if (d.alt() && (integer ? "oxX".indexOf(c) < 0 : !floating)) {
            throw error(format, start, "the '#' flag is undefined for '%" + c + "'");
        }
        if (d.zero() && !integer && !floating) {
            throw error(format, start, "the '0' flag is undefined for '%" + c + "'");
        }
        if (d.precision() >= 0 && (c == 'c' || c == 'p')) {
            throw error(format, start, "a precision is undefined for '%" + c + "'");
        }
        LengthModifier length = d.length();
        boolean lengthOk = integer ? length != LengthModifier.BIG_L
                : floating ? length == LengthModifier.NONE || length == LengthModifier.L || length == LengthModifier.BIG_L
                : length == LengthModifier.NONE;
        if (!lengthOk) {
            String what = (c == 'c' || c == 's') && length == LengthModifier.L
                    ? "wide characters are not supported"
                    : "the length modifier '" + length.spelling() + "' is undefined";
            throw error(format, start, what + " for '%" + c + "'");
        }
    }

    private static int digitsEnd(byte[] format, int from) {
        int end = from;
        while (end < format.length && format[end] >= '0' && format[end] <= '9') {
            end++;
        }
        return end;
    }

    /** The decimal number in {@code [from, end)}, 0 when empty. */
    private static int number(byte[] format, int start, int from, int end, String what) {
        long value = 0;
        for (int k = from; k < end; k++) {
            value = value * 10 + (format[k] - '0');
            if (value > Integer.MAX_VALUE) {
                throw error(format, start, what + " is larger than " + Integer.MAX_VALUE);
            }
        }
        return (int) value;
    }

    private static CFormatException error(byte[] format, int offset, String what) {
        StringBuilder quoted = new StringBuilder(format.length + 8);
        for (byte b : format) {
            quoted.append(display((char) (b & 0xFF)));
        }
        return new CFormatException("printf format \"" + quoted + "\": " + what + " at offset " + offset);
    }

    /** A byte as it reads in a C string literal. */
    private static String display(char c) {
        return switch (c) {
            case '\n' -> "\\n";
            case '\t' -> "\\t";
            case '"' -> "\\\"";
            case '\\' -> "\\\\";
            default -> c >= 0x20 && c < 0x7F ? String.valueOf(c) : String.format("\\x%02x", (int) c);
        };
    }
}
