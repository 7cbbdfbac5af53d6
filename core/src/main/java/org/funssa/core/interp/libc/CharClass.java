package org.funssa.core.interp.libc;

import static org.funssa.core.interp.libc.LibraryCall.int32;

import java.util.function.IntPredicate;

/** {@code <ctype.h>} in the "C" locale (C11 §7.4): classification and case mapping of unsigned char values. */
final class CharClass implements Library.Part {

    @Override
    public Library installInto(Library library) {
        return library
                .withFunction("tolower", c -> {
                    long ch = c.integer(0);
                    return int32(ch >= 'A' && ch <= 'Z' ? ch + ('a' - 'A') : ch);
                })
                .withFunction("toupper", c -> {
                    long ch = c.integer(0);
                    return int32(ch >= 'a' && ch <= 'z' ? ch - ('a' - 'A') : ch);
                })
                .withFunction("isdigit", test(ch -> ch >= '0' && ch <= '9'))
                .withFunction("isalpha", test(ch -> (ch | 0x20) >= 'a' && (ch | 0x20) <= 'z'))
                .withFunction("isspace", test(ch -> ch == ' ' || (ch >= '\t' && ch <= '\r')))
                .withFunction("isupper", test(ch -> ch >= 'A' && ch <= 'Z'))
                .withFunction("islower", test(ch -> ch >= 'a' && ch <= 'z'));
    }

    private static LibraryFunction test(IntPredicate p) {
        return c -> {
            long ch = c.integer(0);
            return int32(ch >= 0 && ch < 128 && p.test((int) ch) ? 1 : 0);
        };
    }
}
