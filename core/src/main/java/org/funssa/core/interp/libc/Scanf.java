package org.funssa.core.interp.libc;

import static org.funssa.core.interp.libc.LibraryCall.int32;

import org.funssa.core.interp.Memory;
import org.funssa.core.interp.RuntimeError;
import org.funssa.core.interp.RuntimeTrap;

/**
 * {@code sscanf} (C11 §7.21.6.2) for the conversions {@code d i u x X o c s f e g n %} with field widths,
 * the {@code *} suppression and the length modifiers {@code hh h l ll}.
 */
final class Scanf implements Library.Part {

    @Override
    public Library installInto(Library library) {
        return library.withFunction("sscanf", c -> int32(scan(c)));
    }

    private static int scan(LibraryCall c) {
        Memory m = c.memory();
        byte[] in = m.string(c.integer(0));
        byte[] f = m.string(c.integer(1));
        int pos = 0;
        int arg = 2;
        int assigned = 0;
        for (int i = 0; i < f.length; i++) {
            byte ch = f[i];
            if (isSpace(ch)) {
                while (pos < in.length && isSpace(in[pos])) {
                    pos++;
                }
                continue;
            }
            if (ch != '%' || (i + 1 < f.length && f[i + 1] == '%')) {
                if (ch == '%') {
                    i++;
                }
                if (pos < in.length && in[pos] == ch) {
                    pos++;
                    continue;
                }
                return pos >= in.length && assigned == 0 ? -1 : assigned;
            }
            i++;
            boolean suppress = i < f.length && f[i] == '*';
            if (suppress) {
                i++;
            }
            int width = 0;
            while (i < f.length && f[i] >= '0' && f[i] <= '9') {
                width = width * 10 + (f[i++] - '0');
            }
            int size = 4;
            boolean isLong = false;
            while (i < f.length && (f[i] == 'h' || f[i] == 'l' || f[i] == 'L')) {
                if (f[i] == 'h') {
                    size = size == 2 ? 1 : 2;
                } else {
                    size = 8;
                    isLong = true;
                }
                i++;
            }
            if (i >= f.length) {
                throw new RuntimeTrap(RuntimeError.Kind.LIBRARY_ERROR, "sscanf: incomplete conversion at the end of the format");
            }
            char conv = (char) f[i];
            if (conv == 'n') {
                if (!suppress) {
                    m.storeInt(size * 8, c.integer(arg++), pos);
                }
                continue;
            }
            if (conv != 'c') {
                while (pos < in.length && isSpace(in[pos])) {
                    pos++;
                }
            }
            if (pos >= in.length) {
                return assigned == 0 ? -1 : assigned;
            }
            int limit = width == 0 ? (conv == 'c' ? 1 : Integer.MAX_VALUE) : width;
            int start = pos;
            switch (conv) {
                case 'd', 'i', 'u', 'x', 'X', 'o' -> {
                    int radix = switch (conv) {
                        case 'x', 'X' -> 16;
                        case 'o' -> 8;
                        default -> 10;
                    };
                    int end = start;
                    if (end < in.length && end - start < limit && (in[end] == '-' || in[end] == '+')) {
                        end++;
                    }
                    int digits = end;
                    while (end < in.length && end - start < limit && Character.digit(in[end], radix) >= 0) {
                        end++;
                    }
                    if (end == digits) {
                        return assigned;
                    }
                    long v = 0;
                    for (int k = digits; k < end; k++) {
                        v = v * radix + Character.digit(in[k], radix);
                    }
                    if (in[start] == '-') {
                        v = -v;
                    }
                    pos = end;
                    if (!suppress) {
                        m.storeInt(size * 8, c.integer(arg++), v);
                        assigned++;
                    }
                }
                case 'f', 'e', 'g', 'E', 'G' -> {
                    int end = start;
                    while (end < in.length && end - start < limit
                            && "0123456789+-.eE".indexOf(in[end]) >= 0) {
                        end++;
                    }
                    double v;
                    try {
                        v = Double.parseDouble(new String(in, start, end - start, java.nio.charset.StandardCharsets.ISO_8859_1));
                    } catch (NumberFormatException e) {
                        return assigned;
                    }
                    pos = end;
                    if (!suppress) {
                        m.storeFloat(isLong ? 64 : 32, c.integer(arg++), v);
                        assigned++;
                    }
                }
                case 's' -> {
                    int end = start;
                    while (end < in.length && end - start < limit && !isSpace(in[end])) {
                        end++;
                    }
                    if (!suppress) {
                        byte[] word = java.util.Arrays.copyOfRange(in, start, end + 1);
                        word[word.length - 1] = 0;
                        m.write(c.integer(arg++), word);
                        assigned++;
                    }
                    pos = end;
                }
                case 'c' -> {
                    int end = Math.min(in.length, start + limit);
                    if (!suppress) {
                        m.write(c.integer(arg++), java.util.Arrays.copyOfRange(in, start, end));
                        assigned++;
                    }
                    pos = end;
                }
                default -> throw new RuntimeTrap(RuntimeError.Kind.LIBRARY_ERROR, "sscanf: unsupported conversion %" + conv);
            }
        }
        return assigned;
    }

    private static boolean isSpace(byte b) {
        return b == ' ' || (b >= '\t' && b <= '\r');
    }
}
